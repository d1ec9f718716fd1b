/// How option values and ranges read in the docs' tables and the schema's
/// descriptions: `1…10,000,000`, `0…2⁴⁰`, `1µs…24h`, `≥ 1`.
enum OptionText {
  /// A range of durations: `0s…24h`; `UInt64.max` is an open side.
  static func durations(_ range: ClosedRange<UInt64>) -> String {
    bounds(
      range.lowerBound > 0 ? DurationText.exact(range.lowerBound) : "0s",
      range.upperBound < .max ? DurationText.exact(range.upperBound) : nil)
  }

  /// A range of whole numbers: `1…10,000,000`.
  static func range(_ range: ClosedRange<Int>) -> String {
    bounds(
      range.lowerBound == .min ? nil : integer(Int64(range.lowerBound)),
      range.upperBound == .max ? nil : integer(Int64(range.upperBound)))
  }

  /// A range of whole numbers up to `UInt64.max`; large powers of two print
  /// as `2⁴⁰` and `2³²−1`.
  static func range(_ range: ClosedRange<UInt64>) -> String {
    bounds(unsigned(range.lowerBound), range.upperBound == .max ? nil : unsigned(range.upperBound))
  }

  /// A range of numbers; ± the largest finite `Double` are open sides.
  static func range(_ range: ClosedRange<Double>) -> String {
    bounds(
      range.lowerBound > -.greatestFiniteMagnitude ? number(range.lowerBound) : nil,
      range.upperBound < .greatestFiniteMagnitude ? number(range.upperBound) : nil)
  }

  /// `a…b`, `≥ a`, `≤ b` or `any`.
  static func bounds(_ lower: String?, _ upper: String?) -> String {
    switch (lower, upper) {
    case (let lower?, let upper?): return "\(lower)…\(upper)"
    case (let lower?, nil): return "≥ \(lower)"
    case (nil, let upper?): return "≤ \(upper)"
    case (nil, nil): return "any"
    }
  }

  /// A whole number with thousands separators from 10,000 on: `1000`,
  /// `10,000`.
  static func integer(_ value: Int64) -> String {
    let digits = String(value.magnitude)
    guard digits.count > 4 else { return value < 0 ? "-" + digits : digits }
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
      grouped.append(digit)
    }
    return value < 0 ? "-" + grouped : grouped
  }

  /// An unsigned number; from 2²⁰ on, a power of two prints as `2ⁿ` and
  /// one less as `2ⁿ−1`.
  static func unsigned(_ value: UInt64) -> String {
    for exponent in 20..<64 {
      let power = UInt64(1) << UInt64(exponent)
      if value == power { return "2" + superscript(exponent) }
      if value == power - 1 { return "2" + superscript(exponent) + "−1" }
    }
    if value == .max { return "2⁶⁴−1" }
    return value <= UInt64(Int64.max) ? integer(Int64(value)) : String(value)
  }

  /// A number: whole numbers as integers, others in shortest form.
  static func number(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 { return integer(Int64(value)) }
    return "\(value)"
  }

  /// Superscript digits.
  private static func superscript(_ value: Int) -> String {
    let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    return String(String(value).compactMap { $0.wholeNumberValue.map { digits[$0] } })
  }
}
