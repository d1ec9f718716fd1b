/// A half-open range of seeds, written `A..<B` on the command line.
public struct SeedRange: Hashable, Sendable, CustomStringConvertible {
  /// The first seed of the range.
  @usableFromInline package var lowerBound: UInt64
  /// The seed after the last one: the range is `lowerBound ..< upperBound`,
  /// never empty.
  @usableFromInline package var upperBound: UInt64

  /// The seeds `lower ..< upper`; empty or inverted ranges are rejected.
  public init(_ lower: UInt64, _ upper: UInt64) throws(SeedRangeError) {
    guard lower < upper else {
      throw SeedRangeError(
        text: "\(lower)..<\(upper)", reason: "the range is empty; the upper bound must exceed the lower, e.g. 0..<1000")
    }
    lowerBound = lower
    upperBound = upper
  }

  /// The seeds `lower ..< upper`, known to be non-empty.
  init(uncheckedLower lower: UInt64, upper: UInt64) {
    assert(lower < upper, "an empty seed range")
    lowerBound = lower
    upperBound = upper
  }

  /// Parses `A..<B`, `A...B` (inclusive) or a single seed `A`.
  ///
  /// - Throws: `SeedRangeError` saying what is wrong in the user's terms: a
  ///   negative seed, a bound above the largest seed, an empty range, or a
  ///   range the shell cut short (an unquoted `<` is a redirection, so
  ///   `--seeds 0..<5` reaches FaultSim as `0..`).
  public init(parsing text: String) throws(SeedRangeError) {
    func number(_ part: Substring, _ name: String) throws(SeedRangeError) -> UInt64 {
      if let value = UInt64(part) { return value }
      let negative = part.hasPrefix("-")
      let digits = negative ? part.dropFirst() : part
      if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isWholeNumber }) {
        throw SeedRangeError(
          text: text,
          reason: negative
            ? "seeds are not negative: \(name) '\(part)' is below 0"
            : "\(name) '\(part)' is above the largest seed, \(UInt64.max)")
      }
      throw SeedRangeError(
        text: text, reason: "\(name) '\(part)' is not a seed (an integer in 0...\(UInt64.max)); \(Self.syntax)")
    }
    let parts: (lower: Substring, upper: Substring, inclusive: Bool)
    if let range = text.firstRange(of: "..<") {
      parts = (text[..<range.lowerBound], text[range.upperBound...], false)
    } else if let range = text.firstRange(of: "...") {
      parts = (text[..<range.lowerBound], text[range.upperBound...], true)
    } else if text.contains("..") {
      let reason =
        text.hasSuffix("..")
        ? "the upper bound is missing. In a shell, quote the range (--seeds '0..<1000'): an unquoted '<' is a redirection, so the shell passes only '\(text)'"
        : "'..' alone is no range; \(Self.syntax)"
      throw SeedRangeError(text: text, reason: reason)
    } else {
      let seed = try number(text[...], "the seed")
      guard seed < .max else { throw SeedRangeError(text: text, reason: "the seed must be below \(UInt64.max)") }
      try self.init(seed, seed + 1)
      return
    }
    guard !parts.lower.isEmpty else {
      throw SeedRangeError(
        text: text, reason: "the lower bound is missing; write 0\(parts.inclusive ? "..." : "..<")\(parts.upper)")
    }
    guard !parts.upper.isEmpty else {
      throw SeedRangeError(
        text: text,
        reason:
          "the upper bound is missing. In a shell, quote the range (--seeds '\(parts.lower)..<1000'): an unquoted '<' or '>' is a redirection"
      )
    }
    let lower = try number(parts.lower, "the lower bound")
    var upper = try number(parts.upper, "the upper bound")
    if parts.inclusive {
      guard upper < .max else {
        throw SeedRangeError(text: text, reason: "the inclusive upper bound must be below \(UInt64.max)")
      }
      upper += 1
    }
    try self.init(lower, upper)
  }

  /// How to write a range, for messages.
  static let syntax = "write A..<B (quoted in a shell: '0..<1000'), A...B or a single seed"

  /// The number of seeds.
  public var count: UInt64 { upperBound - lowerBound }

  /// `0..<1000`.
  public var description: String { "\(lowerBound)..<\(upperBound)" }
}

/// A seed range that could not be read.
public struct SeedRangeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The range as the user wrote it.
  public var text: String
  /// What is wrong with it, and how to write it.
  public var reason: String

  /// `invalid seed range '<text>': <reason>`.
  public var description: String {
    "invalid seed range '\(text)': \(reason)"
  }
}
