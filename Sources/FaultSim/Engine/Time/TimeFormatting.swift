/// Deterministic text for times and durations (no locale, no Foundation
/// formatters), used by traces and reports.
enum TimeFormatting {
  /// `12.345678s`: seconds with six decimals, for trace columns.
  static func instant(_ nanoseconds: UInt64) -> String {
    let seconds = nanoseconds / 1_000_000_000
    let micros = (nanoseconds % 1_000_000_000) / 1_000
    return "\(seconds).\(pad(micros, 6))s"
  }

  /// The shortest exact-enough reading: `850ns`, `12.5µs`, `80ms`, `1.2s`.
  static func compact(_ nanoseconds: UInt64) -> String {
    if nanoseconds < 1_000 { return "\(nanoseconds)ns" }
    if nanoseconds < 1_000_000 { return decimal(nanoseconds, 1_000) + "µs" }
    if nanoseconds < 1_000_000_000 { return decimal(nanoseconds, 1_000_000) + "ms" }
    return decimal(nanoseconds, 1_000_000_000) + "s"
  }

  /// `value / unit` with up to three decimals, trailing zeros removed.
  private static func decimal(_ value: UInt64, _ unit: UInt64) -> String {
    let whole = value / unit
    let thousandths = (value % unit) / (unit / 1_000)
    if thousandths == 0 { return "\(whole)" }
    var fraction = pad(thousandths, 3)
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(whole).\(fraction)"
  }

  static func pad(_ value: UInt64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
