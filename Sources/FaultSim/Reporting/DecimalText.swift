/// Locale-free, deterministic decimal text for reports and CSV.
///
/// Foundation's formatters depend on the locale and platform; these use only
/// IEEE-754 arithmetic and integer printing, so the same value prints the
/// same way on every machine.
public enum DecimalText {
  /// `value` rounded half away from zero to `decimals` places, e.g.
  /// `fixed(0.04875, 4) == "0.0488"`. Non-finite values print as `nan`,
  /// `inf` or `-inf`.
  ///
  /// - Parameters:
  ///   - value: The number to print.
  ///   - decimals: Places after the point, 0…15.
  @usableFromInline package static func fixed(_ value: Double, _ decimals: Int) -> String {
    precondition((0...15).contains(decimals), "DecimalText.fixed supports 0…15 decimals")
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    var scale: Double = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9.0e18 else { return value < 0 ? "-inf" : "inf" }
    let units = UInt64(scaled)
    let divisor = UInt64(scale)
    let whole = units / divisor
    let sign = value < 0 && units != 0 ? "-" : ""
    guard decimals > 0 else { return "\(sign)\(whole)" }
    let fraction = String(units % divisor)
    return "\(sign)\(whole).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
  }

  /// A percentage with `decimals` places and a `%` sign: `fixed(100·value)`.
  public static func percent(_ value: Double, _ decimals: Int) -> String {
    fixed(value * 100, decimals) + "%"
  }

  /// A rate or fraction as every CSV table prints it: six decimals.
  @usableFromInline package static func rate(_ value: Double) -> String {
    fixed(value, 6)
  }
}
