import Testing

@testable import FaultSim

/// Partitions over connections that survive them: the retransmission
/// schedule against a closed form written from RFC 6298 and Linux's
/// defaults, and exact counts of what a tiny request world delivers, loses
/// and duplicates under `connection` and `drop`.
@Suite struct PartitionSemanticsTests {
  static let second: UInt64 = 1_000_000_000

  /// How long after the send TCP's `k`-th retransmission (k ≥ 1) leaves,
  /// in nanoseconds: the timeouts are 1, 2, 4, … s (RFC 6298 §2.1, §5.5)
  /// up to 120 s (Linux's `TCP_RTO_MAX`), so 2^k − 1 s while 2^(k−1) s is
  /// below the cap (k ≤ 7), then 127 s + 120 s · (k − 7).
  static func offset(_ k: UInt64) -> UInt64 {
    k <= 7 ? ((1 << k) - 1) * second : (127 + 120 * (k - 7)) * second
  }

  /// The reference: the first retransmission of a segment sent at `send`
  /// that leaves at or after `heal`, or `nil` once a timer fires 924.6 s or
  /// more after the send (Linux's `tcp_retries2` = 15).
  static func reference(send: UInt64, heal: UInt64) -> UInt64? {
    for k in 1 as UInt64..<64 {
      let offset = Self.offset(k)
      if offset >= 924_600_000_000 { return nil }
      if send + offset >= heal { return send + offset }
    }
    return nil
  }

  @Test func theScheduleLeavesAtTheDocumentedOffsets() {
    let documented: [UInt64] = [1, 3, 7, 15, 31, 63, 127, 247, 367, 487, 607, 727, 847]
    #expect((1...13).map { Self.offset(UInt64($0)) / Self.second } == documented)
    #expect(Self.offset(14) == 967 * Self.second)
    // Each offset is the first retransmission past a cut that ends just
    // before it; a cut ending just after the last one outlasts TCP.
    let send = VirtualTime(nanoseconds: 5 * Self.second)
    for offset in documented {
      let heal = send.nanoseconds + offset * Self.second
      let time = TCPRetransmissionSchedule.firstRetransmission(ofSegmentSentAt: send) { $0.nanoseconds < heal }
      #expect(time?.nanoseconds == heal, "heal at +\(offset) s")
    }
    let outlasting = send.nanoseconds + 847 * Self.second + 1
    #expect(
      TCPRetransmissionSchedule.firstRetransmission(ofSegmentSentAt: send) { $0.nanoseconds < outlasting } == nil)
  }

  /// Closed form: a partition from t0 to t1 and a send at s in it: the
  /// message leaves at s + the first offset that reaches t1, exactly.
  @Test func aSendIntoOnePartitionLeavesAtTheFirstRetransmissionAfterTheHeal() {
    let start = 2 * Self.second
    let gaps: [UInt64] = [
      1, Self.second / 2, Self.second, Self.second + 1, 3 * Self.second - 1, 3 * Self.second, 100 * Self.second,
      127 * Self.second, 127 * Self.second + 1, 500 * Self.second, 847 * Self.second, 847 * Self.second + 1,
      900 * Self.second, 10_000 * Self.second,
    ]
    for lead in [0, 1, Self.second / 3, 7 * Self.second] as [UInt64] {
      for gap in gaps {
        let send = start + lead
        let heal = send + gap
        var network = NetworkOptions()
        network.partitions = [
          PartitionWindow(
            start: VirtualTime(nanoseconds: start), end: VirtualTime(nanoseconds: heal), direction: .responses)
        ]
        let sent = VirtualTime(nanoseconds: send)
        #expect(
          network.retransmission(ofResponseSentAt: sent)?.nanoseconds == Self.reference(send: send, heal: heal),
          "send \(send) heal \(heal)")
      }
    }
  }

  /// Overlapping and successive windows: a retransmission that falls in
  /// another window of the same direction is cut too; one of the other
  /// direction does not cut it.
  @Test func aRetransmissionIntoAnotherWindowIsCutAgain() {
    func window(_ from: UInt64, _ until: UInt64, _ direction: PartitionWindow.Direction) -> PartitionWindow {
      PartitionWindow(
        start: VirtualTime(nanoseconds: from * Self.second / 10),
        end: VirtualTime(nanoseconds: until * Self.second / 10), direction: direction)
    }
    var network = NetworkOptions()
    network.partitions = [window(20, 50, .responses), window(55, 80, .both), window(100, 200, .requests)]
    let at = { (tenths: UInt64) in VirtualTime(nanoseconds: tenths * Self.second / 10) }
    // 2 s: 3 s is cut, 5 s is clear.
    #expect(network.retransmission(ofResponseSentAt: at(20)) == at(50))
    // 4.6 s: 5.6 s and 7.6 s are cut by the second window, 11.6 s is clear
    // for a response (the third window cuts requests only).
    #expect(network.retransmission(ofResponseSentAt: at(46)) == at(116))
    // A request at 6 s: 7 s cut, 9 s clear.
    #expect(network.retransmission(ofRequestSentAt: at(60)) == at(90))
    // A request at 10 s: 11, 13, 17 s cut, 25 s clear.
    #expect(network.retransmission(ofRequestSentAt: at(100)) == at(250))
  }

  /// Exact count: a responses partition from 2 s to 5 s, fixed 50 ms
  /// latency, no processing, two attempts, a 2 s timeout. A first answer
  /// sent at r in [2 s, 4 s) waits at least 3 s (its retransmissions at
  /// r + 1 s are still cut), past the timeout: that order duplicates. One
  /// sent in [4 s, 5 s) leaves at r + 1 s and arrives 1.1 s after the send,
  /// in time. Under `drop` every order answered in the window duplicates.
  @Test func aResponsesPartitionDuplicatesOnlyWhatArrivesAfterTheTimeout() throws {
    var options = NetworkDuplicationTests.plain(operations: 1_000, attempts: 2)
    options.client.timeout = .seconds(2)
    options.network.partitions = [
      PartitionWindow(start: .init(nanoseconds: 2 * Self.second), end: .init(nanoseconds: 5 * Self.second))
    ]
    options.network.partitions[0].direction = .responses
    let late = PartitionWindow(start: .init(nanoseconds: 2 * Self.second), end: .init(nanoseconds: 4 * Self.second))
    let window = PartitionWindow(start: .init(nanoseconds: 2 * Self.second), end: .init(nanoseconds: 5 * Self.second))
    var heldAnswersMet = 0
    for seed in 0..<8 as Range<UInt64> {
      let starts = try NetworkDuplicationTests.starts(options, seed: seed)
      options.network.partitionSemantics = .connection
      let run = try RequestWorld.runOnce(options, seed: seed, tracing: seed == 0)
      let expected = UInt64(NetworkDuplicationTests.inWindow(starts, sentAfter: 50_000_000, late))
      #expect(run.metrics.duplicated == expected, "seed \(seed)")
      #expect(run.metrics.applied == run.metrics.operations + expected, "seed \(seed)")
      heldAnswersMet += run.trace.filter { $0.event.hasPrefix("held by partition (responses)") }.count
      options.network.partitionSemantics = .drop
      let dropped = try RequestWorld.runOnce(options, seed: seed)
      #expect(
        dropped.metrics.duplicated == UInt64(NetworkDuplicationTests.inWindow(starts, sentAfter: 50_000_000, window)),
        "seed \(seed)")
    }
    #expect(heldAnswersMet > 0)
  }

  /// Exact count: a requests partition from 2 s to 5 s, one attempt, a 2 s
  /// timeout. A request sent at s in [4 s, 5 s) leaves at s + 1 s and is
  /// applied and answered in time; one sent in [2 s, 4 s) has its first
  /// clear retransmission 3 s or more after the send, after the client's
  /// timeout closed the connection: never applied.
  @Test func aRequestHeldPastTheClientsTimeoutIsNeverApplied() throws {
    var options = NetworkDuplicationTests.plain(operations: 1_000, attempts: 1)
    options.client.timeout = .seconds(2)
    options.network.partitions = [
      PartitionWindow(
        start: .init(nanoseconds: 2 * Self.second), end: .init(nanoseconds: 5 * Self.second), direction: .requests)
    ]
    let closed = PartitionWindow(start: .init(nanoseconds: 2 * Self.second), end: .init(nanoseconds: 4 * Self.second))
    for seed in 0..<8 as Range<UInt64> {
      let expected = UInt64(
        NetworkDuplicationTests.inWindow(try NetworkDuplicationTests.starts(options, seed: seed), sentAfter: 0, closed))
      let run = try RequestWorld.runOnce(options, seed: seed)
      #expect(run.metrics.duplicated == 0)
      #expect(run.metrics.applied == run.metrics.operations - expected, "seed \(seed)")
      #expect(run.metrics.succeeded == run.metrics.operations - expected, "seed \(seed)")
    }
  }

  /// A partition longer than TCP's patience: the connection times out
  /// before the heal, and the answers are lost even to a client that
  /// would wait for them.
  @Test func aPartitionThatOutlastsTheRetransmissionsLosesTheAnswers() throws {
    var options = NetworkDuplicationTests.plain(operations: 50, attempts: 1)
    options.client.timeout = .seconds(2_000)
    options.network.partitions = [
      PartitionWindow(
        start: .zero, end: .init(nanoseconds: 1_000 * Self.second), direction: .responses)
    ]
    let run = try RequestWorld.runOnce(options, seed: 3, tracing: true)
    #expect(run.metrics.applied == 50 && run.metrics.succeeded == 0)
    #expect(run.trace.filter { $0.details.contains("partition (responses): connection timed out") }.count == 50)
  }

  /// The repro: the shipped partition with a client that waits
  /// 10 s gets every answer over a surviving connection, and duplicates
  /// when the cut kills the connection.
  @Test func theShippedPartitionWithALongTimeoutDuplicatesOnlyUnderDrop() throws {
    func duplicated(_ settings: [String]) throws -> UInt64 {
      let scenario = try Scenario.shipped(
        "partition-responses",
        overrides: try (["client.timeout=10s"] + settings).map { try ScenarioOverride(parsing: $0) })
      let options = try #require(RequestWorld.options(of: scenario.world))
      return try RequestWorld.runOnce(options, seed: 1).metrics.duplicated
    }
    #expect(try duplicated([]) == 0)
    #expect(try duplicated(["network.partitionSemantics=drop"]) > 2_000)
  }
}
