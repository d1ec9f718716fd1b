/// The written form of durations in scenario files: a non-negative decimal
/// number and a unit, such as `"250ns"`, `"100us"`, `"100µs"`, `"80ms"`,
/// `"1.5s"`, `"2m"` or `"1h"`.
///
/// Reading is exact: the decimal is scaled with integer arithmetic, so
/// `"0.1s"` is exactly 100,000,000 ns, and a value finer than a nanosecond
/// (`"1.5ns"`) is an error rather than silently rounded.
package enum DurationText {
  /// The units in the order messages list them, with their length in
  /// nanoseconds. `µs` may be written with the micro sign (U+00B5) or the
  /// Greek mu (U+03BC).
  static let units: [(name: String, nanoseconds: UInt64)] = [
    ("ns", 1), ("us", 1_000), ("µs", 1_000), ("μs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000),
    ("m", 60_000_000_000), ("h", 3_600_000_000_000),
  ]

  /// The allowed form, for messages.
  static let form =
    "write a non-negative decimal number followed by a unit (ns, us, µs, ms, s, m, h), e.g. \"250ms\" or \"1.5s\""

  /// Reads a duration.
  ///
  /// - Returns: The duration in nanoseconds.
  /// - Throws: `DurationSyntaxError` for a negative value, a missing or
  ///   unknown unit, a malformed number, a value finer than a nanosecond or
  ///   longer than `UInt64.max` nanoseconds (about 584 years).
  /// - Complexity: O(`text.count`).
  package static func nanoseconds(parsing text: String) throws(DurationSyntaxError) -> UInt64 {
    let quoted = JSONValue.quoted(text, limit: 40)
    func failure(_ message: String) -> DurationSyntaxError {
      DurationSyntaxError(text: text, message: message)
    }
    let scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty else { throw failure("an empty string is not a duration; \(form)") }
    if scalars[0] == "-" { throw failure("\(quoted) is negative; durations must not be negative") }
    var index = 0
    var integerDigits: [UInt8] = []
    var fractionDigits: [UInt8] = []
    while index < scalars.count, let digit = digitValue(scalars[index]) {
      integerDigits.append(digit)
      index += 1
    }
    if index < scalars.count, scalars[index] == ".", !integerDigits.isEmpty {
      index += 1
      while index < scalars.count, let digit = digitValue(scalars[index]) {
        fractionDigits.append(digit)
        index += 1
      }
      if fractionDigits.isEmpty { throw failure("\(quoted) is not a duration; \(form)") }
    }
    guard !integerDigits.isEmpty else { throw failure("\(quoted) is not a duration; \(form)") }
    var unitText = ""
    // Scalar by scalar: `append(contentsOf:)` runs unspecialised and looks
    // up a conformance at start-up.
    for scalar in scalars[index...] { unitText.unicodeScalars.append(scalar) }
    guard !unitText.isEmpty else { throw failure("\(quoted) has no unit; \(form)") }
    if unitText.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
      throw failure("\(quoted) contains a space; write the number and the unit together, e.g. \"1.5s\"")
    }
    guard let unit = units.first(where: { $0.name == unitText })?.nanoseconds else {
      throw failure(
        "\(quoted) has an unknown unit \(JSONValue.quoted(unitText, limit: 10)); allowed units: ns, us, µs, ms, s, m, h"
      )
    }
    let tooLong = failure(
      "\(quoted) is too long; the longest duration is \(UInt64.max)ns (about 584 years)"
    )
    var whole: UInt64 = 0
    for digit in integerDigits {
      let (product, productOverflow) = whole.multipliedReportingOverflow(by: 10)
      let (sum, sumOverflow) = product.addingReportingOverflow(UInt64(digit))
      guard !productOverflow, !sumOverflow else { throw tooLong }
      whole = sum
    }
    let (scaled, scaledOverflow) = whole.multipliedReportingOverflow(by: unit)
    guard !scaledOverflow else { throw tooLong }

    while fractionDigits.last == 0 { fractionDigits.removeLast() }
    let finerThanNanoseconds = failure(
      "\(quoted) is not a whole number of nanoseconds; durations have nanosecond resolution"
    )
    // Units are at most 3.6·10¹², so more than 19 significant decimals can
    // never come out whole; 19 digits still fit in UInt64.
    guard fractionDigits.count <= 19 else { throw finerThanNanoseconds }
    var numerator: UInt64 = 0
    var denominator: UInt64 = 1
    for digit in fractionDigits {
      numerator = numerator * 10 + UInt64(digit)
      denominator *= 10
    }
    // numerator < denominator, so numerator·unit / denominator < unit: the
    // full-width division cannot overflow.
    let (quotient, remainder) = denominator.dividingFullWidth(numerator.multipliedFullWidth(by: unit))
    guard remainder == 0 else { throw finerThanNanoseconds }
    let (total, totalOverflow) = scaled.addingReportingOverflow(quotient)
    guard !totalOverflow else { throw tooLong }
    return total
  }

  /// The exact text of a duration in the largest unit that writes it as a
  /// terminating decimal: `1h`, `1.5m`, `100s`, `1.5ms`, `1ns`. Reading the
  /// result with `nanoseconds(parsing:)` gives the same value back.
  package static func exact(_ nanoseconds: UInt64) -> String {
    if nanoseconds == 0 { return "0s" }
    let largestFirst: [(name: String, nanoseconds: UInt64)] = [
      ("h", 3_600_000_000_000), ("m", 60_000_000_000), ("s", 1_000_000_000), ("ms", 1_000_000), ("µs", 1_000),
    ]
    for (name, unit) in largestFirst where nanoseconds >= unit {
      let whole = nanoseconds / unit
      var remainder = nanoseconds % unit
      var fraction = ""
      // Twelve decimals are enough for every unit that divides evenly.
      while remainder != 0 && fraction.count < 12 {
        remainder *= 10
        fraction += String(remainder / unit)
        remainder %= unit
      }
      if remainder == 0 {
        return fraction.isEmpty ? "\(whole)\(name)" : "\(whole).\(fraction)\(name)"
      }
    }
    return "\(nanoseconds)ns"
  }

  private static func digitValue(_ scalar: Unicode.Scalar) -> UInt8? {
    guard scalar.value >= 0x30 && scalar.value <= 0x39 else { return nil }
    return UInt8(scalar.value - 0x30)
  }
}
