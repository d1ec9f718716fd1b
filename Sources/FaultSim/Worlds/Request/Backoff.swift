/// How long a client waits before retrying (the standard formulas, as in the
/// AWS Architecture Blog's "Exponential Backoff and Jitter").
///
/// With `ceiling(n) = min(cap, base · 2ⁿ)` for the n-th retry (n from
/// `firstRetry`, 0 unless set):
/// - no jitter: `ceiling(n)`;
/// - full: `U(0, ceiling(n))`;
/// - equal: `ceiling(n)/2 + U(0, ceiling(n)/2)`;
/// - decorrelated: `min(cap, U(base, 3 · previous))`, previous starting at base.
///
/// A constant backoff uses `ceiling(n) = base` (and `cap = base`).
///
/// Implementations differ in how they number retries: by default FaultSim
/// waits up to `base` before the first retry (n from 0); the AWS backoff
/// simulator asks for attempt 1 first, so its first wait is up to
/// `2 · base` (`firstRetry` = 1). Decorrelated jitter does not use n.
public struct Backoff: Hashable, Sendable, CustomStringConvertible {
  /// How the ceiling grows with the retry number.
  public enum Growth: String, CaseIterable, Hashable, Sendable {
    /// No wait: retry at once.
    case none
    /// The same ceiling, `base`, before every retry.
    case constant
    /// A ceiling that doubles with each retry, up to `cap`.
    case exponential
  }

  /// How randomness is applied under the ceiling.
  public enum Jitter: String, CaseIterable, Hashable, Sendable {
    /// The ceiling itself.
    case none
    /// Uniform between zero and the ceiling.
    case full
    /// Half the ceiling, plus uniform up to the other half.
    case equal
    /// Uniform between `base` and three times the previous wait, capped.
    case decorrelated
  }

  /// How the ceiling grows with the retry number.
  @usableFromInline package var growth: Growth
  /// How randomness is applied under the ceiling.
  @usableFromInline package var jitter: Jitter
  /// The first ceiling (and the constant one).
  public var base: VirtualDuration
  /// The largest wait.
  @usableFromInline package var cap: VirtualDuration
  /// The number n of the first retry in `base · 2ⁿ`: 0 waits up to `base`
  /// first, 1 up to `2 · base` (as the AWS backoff simulator counts).
  @usableFromInline package var firstRetry: Int

  /// A backoff; a constant one takes `base` as its cap.
  ///
  /// - Precondition: `firstRetry` is not negative.
  public init(
    growth: Growth, jitter: Jitter = .none, base: VirtualDuration = .zero, cap: VirtualDuration = .zero,
    firstRetry: Int = 0
  ) {
    precondition(firstRetry >= 0, "a retry number is not negative")
    self.growth = growth
    self.jitter = jitter
    self.base = base
    self.cap = growth == .constant ? base : cap
    self.firstRetry = firstRetry
  }

  /// Retry immediately.
  @usableFromInline package static let immediate = Backoff(growth: .none)

  /// The ceiling for the retry `n` places after the first (0 before the
  /// second attempt): its exponent is `firstRetry + n`.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func ceiling(retry n: Int) -> VirtualDuration {
    switch growth {
    case .none:
      return .zero
    case .constant:
      return base
    case .exponential:
      let exponent = n &+ firstRetry
      guard exponent >= 0, exponent < 63 else { return cap }
      let (scaled, overflow) = base.nanoseconds.multipliedReportingOverflow(by: 1 << UInt64(exponent))
      return overflow ? cap : min(cap, .nanoseconds(scaled))
    }
  }

  /// The delay before retry `n` (0-based), from one random word.
  ///
  /// - Parameters:
  ///   - n: The retry number: 0 before the second attempt.
  ///   - previous: The previous delay (decorrelated jitter only); pass
  ///     `base` before the first retry.
  ///   - word: A uniformly random word for this retry.
  /// - Complexity: O(1).
  @inlinable
  public func delay(retry n: Int, previous: VirtualDuration, word: UInt64) -> VirtualDuration {
    guard growth != .none else { return .zero }
    let ceiling = ceiling(retry: n).nanoseconds
    switch jitter {
    case .none:
      return .nanoseconds(ceiling)
    case .full:
      return .nanoseconds(ceiling == 0 ? 0 : RandomConversion.index(word, below: ceiling &+ 1))
    case .equal:
      let half = ceiling / 2
      return .nanoseconds((ceiling - half) &+ (half == 0 ? 0 : RandomConversion.index(word, below: half &+ 1)))
    case .decorrelated:
      let low = base.nanoseconds
      let (tripled, overflow) = previous.nanoseconds.multipliedReportingOverflow(by: 3)
      let high = overflow ? UInt64.max : max(tripled, low)
      let span = high - low
      let drawn = span == .max ? word : low &+ RandomConversion.index(word, below: span &+ 1)
      return min(cap, .nanoseconds(drawn))
    }
  }

  /// `none`, `constant 100ms, jitter full` or `exponential base 100ms cap 20s,
  /// jitter full`.
  public var description: String {
    switch growth {
    case .none: return "none"
    case .constant: return "constant \(base), jitter \(jitter.rawValue)"
    case .exponential:
      return "exponential base \(base) cap \(cap)\(firstRetry == 0 ? "" : ", first retry \(firstRetry)"), "
        + "jitter \(jitter.rawValue)"
    }
  }
}
