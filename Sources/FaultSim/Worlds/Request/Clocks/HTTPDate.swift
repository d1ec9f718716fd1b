/// HTTP dates (RFC 9110 §5.6.7, IMF-fixdate: `Tue, 01 Dec 2026 00:00:31
/// GMT`) on the simulation's fixed epoch: true (virtual) time 0 is
/// 2026-12-01 00:00:00 UTC, a Tuesday, so every run prints the same dates.
/// A date has whole-second resolution, as the header does. Integer civil
/// calendar arithmetic (Howard Hinnant's days-to-civil), no Foundation.
@usableFromInline package enum HTTPDate {
  /// Unix seconds of the epoch, 2026-12-01T00:00:00Z.
  @usableFromInline package static let epochUnixSeconds: Int64 = 1_796_083_200

  /// The IMF-fixdate of `seconds` after the epoch (negative: before it).
  ///
  /// - Complexity: O(1).
  @usableFromInline package static func format(seconds: Int64) -> String {
    let unix = epochUnixSeconds.addingReportingOverflow(seconds).partialValue
    let days = floorDivide(unix, 86_400)
    let second = unix - days * 86_400
    let (year, month, day) = civil(days: days)
    // 1970-01-01 was a Thursday.
    let weekday = Int((days % 7 + 7 + 4) % 7)
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return "\(weekdays[weekday]), \(twoDigits(day)) \(months[month - 1]) \(year) \(timeOfDay(second)) GMT"
  }

  /// The time of day, `HH:MM:SS`, of the clock reading `nanoseconds` after
  /// the epoch (truncated to the second below).
  @usableFromInline package static func timeOfDay(nanoseconds: Int64) -> String {
    let seconds = floorDivide(nanoseconds, 1_000_000_000)
    let unix = epochUnixSeconds.addingReportingOverflow(seconds).partialValue
    return timeOfDay(unix - floorDivide(unix, 86_400) * 86_400)
  }

  /// `HH:MM:SS` of a second of the day.
  static func timeOfDay(_ second: Int64) -> String {
    "\(twoDigits(Int(second / 3600))):\(twoDigits(Int(second / 60 % 60))):\(twoDigits(Int(second % 60)))"
  }

  /// Floor division (toward −∞).
  @inlinable
  static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  /// Year, month (1…12) and day (1…31) of `days` since 1970-01-01.
  static func civil(days: Int64) -> (year: Int64, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
