/// A JSON number as written, with its exact integer value when it has one
/// and its nearest `Double`.
///
/// Keeping the literal lets messages quote the file (`got 3.5`), and the
/// exact integer lets `1e3` count as the integer 1000 while `3.5` or `1e-1`
/// do not, without a round trip through floating point.
package struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The literal text from the file, e.g. `-1.5e3`.
  package let literal: String
  /// The value if it is a whole number within `Int64`: `1e3` → 1000,
  /// `2.0` → 2, `-0` → 0; `nil` for `3.5` or `1e19`.
  package let integer: Int64?
  /// The value if it is a whole number within `UInt64`, for seeds: `nil`
  /// for negative and fractional numbers and above `UInt64.max`.
  package let unsignedInteger: UInt64?
  /// Whether the value is mathematically a whole number, whatever its
  /// size: true for `2.0`, `1e30` and `-0`, false for `3.5`.
  package let isWholeNumber: Bool
  /// The nearest `Double` (always finite; the parser rejects literals whose
  /// magnitude overflows, and very small ones round to zero).
  package let double: Double

  /// The literal text.
  package var description: String { literal }

  /// Reads a literal that already matches the RFC 8259 number grammar.
  /// Returns `nil` when its magnitude overflows `Double`.
  init?(validatedLiteral bytes: UnsafeBufferPointer<UInt8>) {
    let literal = String(decoding: bytes, as: UTF8.self)
    guard let double = Double(literal), double.isFinite else { return nil }
    self.literal = literal
    self.double = double
    let negative = bytes.first == UInt8(ascii: "-")
    switch JSONNumber.exactValue(bytes) {
    case .fractional:
      isWholeNumber = false
      unsignedInteger = nil
      integer = nil
    case .tooLarge:
      isWholeNumber = true
      unsignedInteger = nil
      integer = nil
    case .whole(let magnitude):
      isWholeNumber = true
      if negative {
        unsignedInteger = magnitude == 0 ? 0 : nil
        if magnitude <= UInt64(Int64.max) {
          integer = -Int64(magnitude)
        } else if magnitude == UInt64(Int64.max) + 1 {
          integer = .min
        } else {
          integer = nil
        }
      } else {
        unsignedInteger = magnitude
        integer = magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
      }
    }
  }

  /// What a literal's exact value is, as far as integers are concerned.
  private enum ExactValue {
    /// A whole number with this absolute value.
    case whole(UInt64)
    /// A whole number beyond `UInt64`.
    case tooLarge
    /// Not a whole number.
    case fractional
  }

  /// The exact value of a literal, by integer arithmetic on its digits.
  private static func exactValue(_ bytes: UnsafeBufferPointer<UInt8>) -> ExactValue {
    var significand: [UInt8] = []
    var fractionDigits = 0
    var exponent = 0
    var exponentNegative = false
    var part = 0  // 0: integer part, 1: fraction, 2: exponent
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "."):
        part = 1
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        part = 2
      case UInt8(ascii: "-"):
        if part == 2 { exponentNegative = true }
      case UInt8(ascii: "+"):
        break
      default:
        let digit = Int(byte &- UInt8(ascii: "0"))
        if part == 2 {
          // Saturate far beyond any input length, so that the comparison
          // with the count of fraction digits below stays exact.
          if exponent < 1_000_000_000_000_000 { exponent = exponent * 10 + digit }
        } else {
          if significand.isEmpty && digit == 0 {
            if part == 1 { fractionDigits += 1 }
            continue  // leading zeros carry no value
          }
          significand.append(UInt8(digit))
          if part == 1 { fractionDigits += 1 }
        }
      }
    }
    if significand.isEmpty { return .whole(0) }
    var scale = (exponentNegative ? -exponent : exponent) - fractionDigits
    while let last = significand.last, last == 0 {
      significand.removeLast()
      scale += 1
    }
    guard scale >= 0 else { return .fractional }
    // UInt64.max has 20 digits.
    guard significand.count + scale <= 20 else { return .tooLarge }
    var value: UInt64 = 0
    for digit in significand {
      let (product, productOverflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, sumOverflow) = product.addingReportingOverflow(UInt64(digit))
      guard !productOverflow, !sumOverflow else { return .tooLarge }
      value = sum
    }
    for _ in 0..<scale {
      let (product, overflow) = value.multipliedReportingOverflow(by: 10)
      guard !overflow else { return .tooLarge }
      value = product
    }
    return .whole(value)
  }
}
