/// What a request-world run holds while it goes, for the memory budget a
/// `RunWatch` enforces: the records of the operations in flight (client
/// and server, in their rings and spill pools), the kept final states, the
/// cached arrival times, the gateway's open exchanges and the key store.
/// The pending events — messages in flight, duplicated and held-back
/// copies, tries still processing at the server — are counted by the
/// engine from its queue.
extension RequestWorldModel {
  /// The bytes the model's state holds now, room allocated included.
  ///
  /// - Complexity: O(1).
  @usableFromInline
  var liveBytes: Int {
    let records = client.allocatedBytes &+ server.allocatedBytes &+ (Client.runsCode ? client.codeBytes : 0)
    let kept = finalStates.capacity &* MemoryLayout<PackedOutcome>.stride
    return records &+ kept &+ arrivals.allocatedBytes &+ (gateway?.allocatedBytes ?? 0)
  }

  /// What holds the memory, in words: the operations held, and the requests
  /// still processing at the server — with a gateway, at least the tries
  /// beyond its open exchanges are ones it gave up on.
  @usableFromInline
  var liveDescription: String {
    var parts = ["\(OptionText.integer(Int64(client.heldCount))) operations held"]
    let processing = server.processingNow
    if let gateway, processing > 0 {
      let abandoned = max(0, processing - gateway.openExchanges)
      parts.append(
        "\(OptionText.integer(Int64(processing))) requests still processing at the server, "
          + "\(OptionText.integer(Int64(abandoned))) of them gateway tries given up on (gateway.timeout is shorter "
          + "than server.processing)")
    } else if processing > 0 {
      parts.append("\(OptionText.integer(Int64(processing))) requests still processing at the server")
    }
    if keepsFinalStates { parts.append("a final state kept for each operation") }
    if Client.runsCode, case let held = client.codeBytes, held > 0 {
      parts.append("\(MemoryOverrun.text(UInt64(held))) held by your code's routes, server and databases")
    }
    return parts.joined(separator: ", ")
  }
}
