/// `log` and `exp` built from IEEE-754 addition, multiplication and division
/// only, so they return the same bits on every machine.
///
/// The platform's `log` and `exp` (glibc, Apple's libm) are accurate to
/// about one ulp but are not promised to agree with each other in the last
/// bit; a latency drawn through them could differ by a nanosecond between
/// Linux and macOS and break byte-identical output (SPEC §2.1). These are
/// accurate to a few ulp, which is far below what a simulated latency needs.
@usableFromInline package enum DeterministicMath {
  @usableFromInline static let ln2High = 6.931_471_803_691_238_164_90e-01
  @usableFromInline static let ln2Low = 1.908_214_929_270_587_700_02e-10

  /// The natural logarithm of a positive, finite `x`; `-inf` for 0, `nan`
  /// for negative or NaN input, `inf` for `inf`.
  ///
  /// Method: `x = m·2ᵉ` with `m` in [√½, √2), then
  /// `log m = 2·atanh(f)`, `f = (m − 1)/(m + 1)`, summed as an odd series.
  /// - Complexity: O(1): one division and about 13 multiply-adds.
  @usableFromInline package static func log(_ x: Double) -> Double {
    if x.isNaN || x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x.isInfinite { return .infinity }
    // `significand` is in [1, 2) and `exponent` unbiased, subnormals included.
    var exponent = Int(x.exponent)
    var mantissa = x.significand
    if mantissa > 1.414_213_562_373_095_048_80 {
      mantissa *= 0.5
      exponent += 1
    }
    let f = (mantissa - 1) / (mantissa + 1)
    let f2 = f * f
    // 2·atanh f = 2f·(1 + f²/3 + f⁴/5 + …), Horner form; |f| ≤ 0.1716 so
    // f² ≤ 0.0295 and eleven terms leave an error below 2⁻⁶⁰.
    var series = 1.0 / 23
    series = series * f2 + 1.0 / 21
    series = series * f2 + 1.0 / 19
    series = series * f2 + 1.0 / 17
    series = series * f2 + 1.0 / 15
    series = series * f2 + 1.0 / 13
    series = series * f2 + 1.0 / 11
    series = series * f2 + 1.0 / 9
    series = series * f2 + 1.0 / 7
    series = series * f2 + 1.0 / 5
    series = series * f2 + 1.0 / 3
    let sum = f + f * f2 * series
    let e = Double(exponent)
    return (e * ln2High + 2 * sum) + e * ln2Low
  }

  /// `e` raised to `x`; `inf` above about 709.78, `0` below about −745.
  ///
  /// Method: `x = k·ln2 + r` with |r| ≤ ln2/2, `exp r` by its Taylor series,
  /// then scaling by 2ᵏ.
  /// - Complexity: O(1): about 20 multiply-adds.
  @usableFromInline package static func exp(_ x: Double) -> Double {
    if x.isNaN { return .nan }
    if x > 709.782_712_893_384 { return .infinity }
    if x < -745.133_219_101_941_1 { return 0 }
    let k = (x / (ln2High + ln2Low)).rounded(.toNearestOrEven)
    let r = (x - k * ln2High) - k * ln2Low
    var term = 1.0
    var sum = 1.0
    for n in 1...20 {
      term *= r / Double(n)
      sum += term
    }
    return scale(sum, byPowerOfTwo: Int(k))
  }

  /// `value · 2ⁿ`, exact unless the result under- or overflows; done in two
  /// steps so that intermediate powers stay representable.
  static func scale(_ value: Double, byPowerOfTwo n: Int) -> Double {
    var result = value
    var remaining = n
    while remaining > 1000 {
      result *= Double(sign: .plus, exponent: 1000, significand: 1)
      remaining -= 1000
    }
    while remaining < -1000 {
      result *= Double(sign: .plus, exponent: -1000, significand: 1)
      remaining += 1000
    }
    return result * Double(sign: .plus, exponent: remaining, significand: 1)
  }
}
