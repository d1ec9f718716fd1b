/// A run stopped because it held more memory than its budget allows: how
/// much, and what held it, so that a user knows what to lower.
public struct MemoryOverrun: Hashable, Sendable, CustomStringConvertible {
  /// The limit the run passed.
  @usableFromInline package var limit: RunWatch.MemoryLimit
  /// The bytes the run held at the check that stopped it.
  @usableFromInline package var heldBytes: UInt64
  /// The events pending then.
  @usableFromInline package var pendingEvents: Int
  /// The bytes the pending events held then, spare room included.
  @usableFromInline package var pendingBytes: UInt64
  /// What the model held, in words (``SimulationModel/liveDescription``);
  /// may be empty.
  @usableFromInline package var alive: String
  /// The virtual time of the check.
  @usableFromInline package var time: VirtualTime

  /// An overrun; see the properties for each argument.
  @usableFromInline package init(
    limit: RunWatch.MemoryLimit, heldBytes: UInt64, pendingEvents: Int, pendingBytes: UInt64, alive: String,
    at time: VirtualTime
  ) {
    self.limit = limit
    self.heldBytes = heldBytes
    self.pendingEvents = pendingEvents
    self.pendingBytes = pendingBytes
    self.alive = alive
    self.time = time
  }

  /// `the run held 2.1 GiB at virtual time 1h0m, more than the memory
  /// budget of 2.0 GiB: 1,234,567 pending events (94.2 MiB); …`.
  public var description: String {
    var text =
      "the run held \(Self.text(heldBytes)) at virtual time \(time), more than the memory budget of "
      + "\(Self.text(limit.bytes)): \(OptionText.integer(Int64(pendingEvents))) pending events "
      + "(\(Self.text(pendingBytes)))"
    if !alive.isEmpty { text += "; \(alive)" }
    text += "; stopped before the machine ran out of memory"
    if !limit.advice.isEmpty { text += " (\(limit.advice))" }
    return text
  }

  /// `1.5 GiB`, `320.0 MiB`, in tenths, without floating point.
  static func text(_ bytes: UInt64) -> String {
    let (unit, name): (UInt64, String) = bytes >= 1 << 30 ? (1 << 30, "GiB") : (1 << 20, "MiB")
    let tenths = bytes / (unit / 10)
    return "\(tenths / 10).\(tenths % 10) \(name)"
  }
}
