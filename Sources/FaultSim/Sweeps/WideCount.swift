/// An unsigned 128-bit count, for sums of 64-bit counters that must not
/// wrap (the standard `UInt128` needs macOS 15).
struct WideCount: Comparable, CustomStringConvertible {
  var high: UInt64 = 0
  var low: UInt64 = 0

  init() {}

  init(_ value: UInt64) {
    low = value
  }

  /// Adds `count × value`.
  mutating func add(_ count: UInt64, times value: UInt64) {
    let product = count.multipliedFullWidth(by: value)
    let (sum, carry) = low.addingReportingOverflow(product.low)
    low = sum
    high = high &+ product.high &+ (carry ? 1 : 0)
  }

  static func < (a: WideCount, b: WideCount) -> Bool { (a.high, a.low) < (b.high, b.low) }

  /// The count in decimal, or "more than 18446744073709551615" above 64 bits
  /// (enough for messages).
  var description: String { high == 0 ? String(low) : "more than \(UInt64.max)" }
}
