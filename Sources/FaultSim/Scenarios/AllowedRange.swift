/// The "allowed …" part of out-of-range messages, printed the same way for
/// every kind of value.
enum AllowedRange {
  /// `0...1`, `1 or more`, `at most 10`, or `any value`; `nil` marks an
  /// unbounded side.
  static func text(lower: String?, upper: String?) -> String {
    switch (lower, upper) {
    case (let lower?, let upper?): return "\(lower)...\(upper)"
    case (let lower?, nil): return "\(lower) or more"
    case (nil, let upper?): return "at most \(upper)"
    case (nil, nil): return "any value"
    }
  }

  /// A range of numbers; ± the largest finite `Double` count as unbounded.
  static func text(_ range: ClosedRange<Double>) -> String {
    text(
      lower: range.lowerBound > -Double.greatestFiniteMagnitude ? number(range.lowerBound) : nil,
      upper: range.upperBound < Double.greatestFiniteMagnitude ? number(range.upperBound) : nil
    )
  }

  /// A range of durations; 0 and `UInt64.max` count as unbounded.
  static func durationText(_ range: ClosedRange<UInt64>) -> String {
    text(
      lower: range.lowerBound > 0 ? DurationText.exact(range.lowerBound) : nil,
      upper: range.upperBound < .max ? DurationText.exact(range.upperBound) : nil
    )
  }

  /// `1` for whole numbers, else Swift's shortest round-trip text (`0.25`).
  static func number(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}
