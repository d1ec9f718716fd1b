import Foundation

/// A half-open range of seeds, written `A..<B` on the command line.
public struct SeedRange: Hashable, Sendable, CustomStringConvertible {
  public var lowerBound: UInt64
  public var upperBound: UInt64

  /// The seeds `lower ..< upper`; empty or inverted ranges are rejected.
  public init(_ lower: UInt64, _ upper: UInt64) throws(SeedRangeError) {
    guard lower < upper else {
      throw SeedRangeError(
        text: "\(lower)..<\(upper)", reason: "the range is empty; the upper bound must exceed the lower")
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
  public init(parsing text: String) throws(SeedRangeError) {
    func number(_ part: Substring) throws(SeedRangeError) -> UInt64 {
      guard let value = UInt64(part) else {
        throw SeedRangeError(text: text, reason: "'\(part)' is not a seed (an integer in 0...\(UInt64.max))")
      }
      return value
    }
    if let range = text.range(of: "..<") {
      try self.init(try number(text[..<range.lowerBound]), try number(text[range.upperBound...]))
    } else if let range = text.range(of: "...") {
      let upper = try number(text[range.upperBound...])
      guard upper < .max else {
        throw SeedRangeError(text: text, reason: "the inclusive upper bound must be below \(UInt64.max)")
      }
      try self.init(try number(text[..<range.lowerBound]), upper + 1)
    } else {
      let seed = try number(text[...])
      guard seed < .max else { throw SeedRangeError(text: text, reason: "the seed must be below \(UInt64.max)") }
      try self.init(seed, seed + 1)
    }
  }

  /// The number of seeds.
  public var count: UInt64 { upperBound - lowerBound }

  /// `0..<1000`.
  public var description: String { "\(lowerBound)..<\(upperBound)" }
}

/// A seed range that could not be read.
public struct SeedRangeError: Error, Hashable, Sendable, CustomStringConvertible {
  public var text: String
  public var reason: String

  public var description: String {
    "invalid seed range '\(text)': \(reason); write it as A..<B, e.g. 0..<1000"
  }
}
