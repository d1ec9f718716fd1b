/// A Retry-After HTTP date and the `Date` header of the same response,
/// both whole seconds after the `HTTPDate` epoch on the server's clock,
/// packed into one word so that a response keeps its 24 bytes.
///
/// The `Date` header takes the high 44 bits (signed: ±278,000 years), the
/// date's distance from it the low 20 bits (up to 12 days; scenario delays
/// are at most a day, a larger one set in Swift is clamped).
public struct RetryAfterDate: BitwiseCopyable, Hashable, Sendable {
  @usableFromInline let storage: Int64

  /// The largest distance from the `Date` header the word can hold.
  @usableFromInline static let maximumDistance: Int64 = (1 << 20) - 1

  /// The date `seconds`, in a response whose `Date` header is
  /// `dateHeader` (seconds; `seconds` before it is taken as it).
  @inlinable
  init(seconds: Int64, dateHeader: Int64) {
    let distance = Swift.min(Swift.max(seconds &- dateHeader, 0), Self.maximumDistance)
    storage = dateHeader << 20 | distance
  }

  /// The response's `Date` header, in seconds after the epoch.
  @inlinable
  var dateHeader: Int64 { storage >> 20 }

  /// How far the date is after the `Date` header, in seconds.
  @inlinable
  var distance: Int64 { storage & Self.maximumDistance }

  /// The Retry-After date, in seconds after the epoch.
  @inlinable
  var seconds: Int64 { dateHeader &+ distance }
}
