/// Nearest-rank percentiles of a sample, the set package-benchmark reports.
struct Percentiles {
  static let ranks: [Double] = [0, 25, 50, 75, 90, 99, 100]

  let values: [Double]
  let samples: Int

  init(_ sample: [Double]) {
    let sorted = sample.sorted()
    samples = sorted.count
    values = Self.ranks.map { rank in
      guard !sorted.isEmpty else { return .nan }
      let position = Int((rank / 100 * Double(sorted.count)).rounded(.up)) - 1
      return sorted[min(max(position, 0), sorted.count - 1)]
    }
  }

  var p50: Double { values[2] }

  /// `p0 … p100` as fixed-point columns.
  func formatted(decimals: Int = 1) -> String {
    values.map { format($0, decimals: decimals).leftPadded(to: 8) }.joined(separator: " ")
  }

  static var header: String {
    ranks.map { "p\(Int($0))".leftPadded(to: 8) }.joined(separator: " ")
  }
}

/// `value` with a fixed number of decimals, without Foundation's locale.
func format(_ value: Double, decimals: Int) -> String {
  guard value.isFinite else { return "nan" }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = (value * scale).rounded()
  let whole = Int(scaled / scale)
  let fraction = Int(abs(scaled) - abs(Double(whole)) * scale)
  if decimals == 0 { return "\(whole)" }
  let digits = String(fraction)
  return "\(whole).\(String(repeating: "0", count: max(0, decimals - digits.count)))\(digits)"
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  func rightPadded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

/// Keeps a value alive so the optimiser cannot delete the work producing it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
