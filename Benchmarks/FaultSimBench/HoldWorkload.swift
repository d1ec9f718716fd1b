import FaultSim
import Foundation

/// The classic hold model, fixed exactly so that results and pop order can be
/// compared with other implementations of a pending-event set.
///
/// - increments: 2¹⁶ values `UInt64(-log(u) · 1e9)` with
///   `u = Double((splitmix64() >> 11) + 1) · 2⁻⁵³`, SplitMix64 from state 42;
/// - fill: event `i` (0 ..< N) at `increments[i % 65536]`, payload `i`;
/// - hold `k` (N ..< N + H): pop the minimum `(t, p)`, push
///   `(t + increments[k % 65536], p)`;
/// - checksum: the wrapping sum of `t &* 31 &+ p` over all popped events.
struct HoldWorkload {
  static let tableSize = 65_536

  /// The increment table, shared by every structure and size.
  let increments: [UInt64]

  init() {
    var generator = SplitMix64(state: 42)
    var table = [UInt64]()
    table.reserveCapacity(Self.tableSize)
    for _ in 0..<Self.tableSize {
      let u = Double((generator.next() >> 11) + 1) * 0x1p-53
      table.append(UInt64(-log(u) * 1e9))
    }
    increments = table
  }
}

/// What one structure under test must offer the hold model.
protocol HoldQueue: ~Copyable {
  init(capacity: Int)
  mutating func push(time: UInt64, payload: UInt64)
  mutating func popMinimum() -> (time: UInt64, payload: UInt64)
}

extension EventQueue: HoldQueue where Event == UInt64 {
  init(capacity: Int) {
    self.init(reservingCapacity: capacity)
  }

  @inline(__always)
  mutating func push(time: UInt64, payload: UInt64) {
    push(payload, at: time)
  }

  @inline(__always)
  mutating func popMinimum() -> (time: UInt64, payload: UInt64) {
    let entry = pop().unsafelyUnwrapped
    return (entry.time, entry.event)
  }
}
