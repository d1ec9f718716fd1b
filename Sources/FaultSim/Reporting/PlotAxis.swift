/// One axis of a ``LinePlot``: round tick values covering the data, their
/// labels and where a value falls between the first and the last tick.
///
/// Ticks are the multiples `k × step` of a step of 1, 2 or 5 × 10ᵉ, about
/// five of them. They are kept as integers (`k` and the step's mantissa and
/// exponent), never as the products, so any finite data — even spanning
/// ±1.8·10³⁰⁸, where the products and the span overflow `Double` — gives
/// finite positions and exact labels: `0.05`, `120`, `2.5e307`. Everything
/// is IEEE-754 arithmetic and integer printing: the same on every machine.
struct PlotAxis: Equatable {
  /// The first tick is `first × step`, the last `last × step`.
  let first: Int64
  let last: Int64
  /// The step is `mantissa × 10^exponent`, mantissa 1, 2 or 5.
  let mantissa: Int64
  let exponent: Int
  /// The step as a `Double` (finite and positive), for positions.
  let step: Double

  /// Relative spans below this are drawn as one value, padded around it.
  static let resolution = 1e-12
  /// Spans below this are drawn as one value, whatever the magnitude.
  static let smallestSpan = 1e-290

  /// An axis covering `low ... high` (finite; non-finite bounds are read as
  /// 0 and 1).
  ///
  /// - Complexity: O(|log₁₀ span|) multiplications, at most about 600.
  init(low: Double, high: Double) {
    var low = low.isFinite ? low : 0
    var high = high.isFinite ? high : 1
    if high < low { swap(&low, &high) }
    let magnitude = Swift.max(abs(low), abs(high))
    let half = high / 2 - low / 2
    if half <= magnitude * Self.resolution || half < Self.smallestSpan {
      // One value: pad it by 5% of its size (or by 1 near zero).
      let center = low / 2 + high / 2
      let pad = magnitude >= 1e-280 ? magnitude * 0.05 : 1
      low = Swift.max(center - pad, -.greatestFiniteMagnitude)
      high = Swift.min(center + pad, .greatestFiniteMagnitude)
    }
    // A fifth of the span, computed without overflow: at most 7.2e307.
    let raw = high / 5 - low / 5
    var power = 1.0
    var exponent = 0
    while power * 10 <= raw {
      power *= 10
      exponent += 1
    }
    while power > raw {
      power /= 10
      exponent -= 1
    }
    var mantissa: Int64 = 10
    for candidate: Int64 in [1, 2, 5] where Double(candidate) * power >= raw {
      mantissa = candidate
      break
    }
    if mantissa == 10 {
      mantissa = 1
      power *= 10
      exponent += 1
    }
    let step = Double(mantissa) * power
    self.mantissa = mantissa
    self.exponent = exponent
    self.step = step
    // |value| / step is below about 10¹³ (the span is at least 10⁻¹² of
    // the magnitude), so the tick indices fit in Int64.
    first = Self.index(low / step, .down)
    last = Swift.max(Self.index(high / step, .up), first + 1)
  }

  /// A tick index: `ratio` rounded by `rule`, except that a ratio within
  /// rounding error of a whole number (`-1e308 / 5e307` is
  /// -2.0000000000000004) is that number; clamped to ±10¹⁵ so that the
  /// conversion can never trap.
  static func index(_ ratio: Double, _ rule: FloatingPointRoundingRule) -> Int64 {
    guard !ratio.isNaN else { return 0 }
    let nearest = ratio.rounded()
    let snapped = abs(ratio - nearest) <= 1e-9 * Swift.max(1, abs(ratio)) ? nearest : ratio.rounded(rule)
    return Int64(Swift.min(Swift.max(snapped, -1e15), 1e15))
  }

  /// The number of ticks.
  var count: Int { Int(last - first) + 1 }

  /// Where `value` lies: 0 at the first tick, 1 at the last.
  func fraction(_ value: Double) -> Double {
    (value / step - Double(first)) / Double(last - first)
  }

  /// The tick labels, first to last: exact decimals with as many places as
  /// the step needs, or scientific notation (`1.5e308`) when a label would
  /// need more than 15 digits or 9 places.
  var labels: [String] {
    let multiples = (first...last).map { $0 * mantissa }
    let widest = multiples.map { String($0.magnitude).count }.max() ?? 1
    let scientific = exponent < -9 || widest + Swift.max(exponent, 0) > 15
    return multiples.map { scientific ? Self.scientific($0, exponent) : Self.fixed($0, exponent) }
  }

  /// `units × 10^exponent` in positional notation: `fixed(5, -2) == "0.05"`.
  static func fixed(_ units: Int64, _ exponent: Int) -> String {
    let sign = units < 0 ? "-" : ""
    var digits = String(units.magnitude)
    if exponent >= 0 { return units == 0 ? "0" : sign + digits + String(repeating: "0", count: exponent) }
    let places = -exponent
    if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
    let point = digits.index(digits.endIndex, offsetBy: -places)
    return (units == 0 ? "" : sign) + digits[..<point] + "." + digits[point...]
  }

  /// `units × 10^exponent` as `d.ddde±x`, trailing zeros dropped:
  /// `scientific(15, 307) == "1.5e308"`.
  static func scientific(_ units: Int64, _ exponent: Int) -> String {
    guard units != 0 else { return "0" }
    var digits = String(units.magnitude)
    let power = exponent + digits.count - 1
    while digits.count > 1 && digits.hasSuffix("0") { digits.removeLast() }
    let head = String(digits.prefix(1))
    let tail = digits.dropFirst()
    let mantissa = tail.isEmpty ? head : head + "." + tail
    return (units < 0 ? "-" : "") + mantissa + (power == 0 ? "" : "e" + String(power))
  }
}
