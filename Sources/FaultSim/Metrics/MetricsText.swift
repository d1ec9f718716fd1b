/// Text computed from a world's metrics — a CSV field, a `faultsim run`
/// value — written as a string with interpolated pieces that know which
/// counters they read and how they format them:
///
/// ```swift
/// let attempts: MetricsText<RequestMetrics> =
///   "\(count: \.attempts) (\(fixed: .ratio(\.attempts, \.operations), digits: 4) per operation)"
/// ```
///
/// Formats are locale-free (``DecimalText``), so the same sums print the
/// same text on every machine.
@usableFromInline package struct MetricsText<Metrics>: ExpressibleByStringInterpolation, Sendable {
  /// The unit a duration (in nanoseconds) is printed in.
  @usableFromInline package enum TimeUnit: Sendable {
    /// Milliseconds, `ms`.
    case milliseconds
    /// Seconds, `s`.
    case seconds

    var nanoseconds: Double { self == .milliseconds ? 1e6 : 1e9 }
    var symbol: String { self == .milliseconds ? "ms" : "s" }
  }

  enum Piece: Sendable {
    case literal(String)
    case seeds
    case count(KeyPath<Metrics, UInt64> & Sendable)
    case share(KeyPath<Metrics, UInt64> & Sendable, of: KeyPath<Metrics, UInt64> & Sendable, digits: Int)
    case fixed(MetricsQuantity<Metrics>, digits: Int)
    case rate(MetricsQuantity<Metrics>)
    case percent(MetricsQuantity<Metrics>, digits: Int)
    case bound(lower: Bool, KeyPath<Metrics, UInt64> & Sendable, of: KeyPath<Metrics, UInt64> & Sendable)
    case percentile(Double, of: KeyPath<Metrics, DurationHistogram> & Sendable, TimeUnit, labelled: Bool)
  }

  /// The pieces, in order.
  let pieces: [Piece]

  /// Builds the pieces of an interpolated ``MetricsText``.
  @usableFromInline package struct StringInterpolation: StringInterpolationProtocol, Sendable {
    var pieces: [Piece] = []

    /// Room for the literal text and interpolations to come.
    @usableFromInline package init(literalCapacity: Int, interpolationCount: Int) {
      pieces.reserveCapacity(2 * interpolationCount + 1)
    }

    /// Text as written.
    @usableFromInline package mutating func appendLiteral(_ literal: String) {
      if !literal.isEmpty { pieces.append(.literal(literal)) }
    }

    /// A counter as an integer: `120`.
    @usableFromInline package mutating func appendInterpolation(count counter: KeyPath<Metrics, UInt64> & Sendable) {
      pieces.append(.count(counter))
    }

    /// A counter and its share of `total` as a percentage with `digits`
    /// places, `12 (2.400%)`; the counter alone when `total` is 0.
    @usableFromInline package mutating func appendInterpolation(
      share counter: KeyPath<Metrics, UInt64> & Sendable, of total: KeyPath<Metrics, UInt64> & Sendable, digits: Int
    ) {
      pieces.append(.share(counter, of: total, digits: digits))
    }

    /// A quantity with `digits` places: `1.2345`.
    @usableFromInline package mutating func appendInterpolation(fixed quantity: MetricsQuantity<Metrics>, digits: Int) {
      pieces.append(.fixed(quantity, digits: digits))
    }

    /// A rate or fraction as every table prints it, six places: `0.099275`.
    @usableFromInline package mutating func appendInterpolation(rate quantity: MetricsQuantity<Metrics>) {
      pieces.append(.rate(quantity))
    }

    /// A fraction as a percentage with `digits` places: `9.93%`.
    @usableFromInline package mutating func appendInterpolation(percent quantity: MetricsQuantity<Metrics>, digits: Int)
    {
      pieces.append(.percent(quantity, digits: digits))
    }

    /// The lower bound of the 95% Wilson interval of `count` out of
    /// `total`, six places.
    @usableFromInline package mutating func appendInterpolation(
      lowerBound count: KeyPath<Metrics, UInt64> & Sendable, of total: KeyPath<Metrics, UInt64> & Sendable
    ) {
      pieces.append(.bound(lower: true, count, of: total))
    }

    /// The upper bound of the 95% Wilson interval of `count` out of
    /// `total`, six places.
    @usableFromInline package mutating func appendInterpolation(
      upperBound count: KeyPath<Metrics, UInt64> & Sendable, of total: KeyPath<Metrics, UInt64> & Sendable
    ) {
      pieces.append(.bound(lower: false, count, of: total))
    }

    /// Percentile `p` of a histogram of durations in `unit` with three
    /// places: `12.345`, or nothing when the histogram is empty; with
    /// `labelled`, `12.345 ms`, or `-` when it is empty.
    @usableFromInline package mutating func appendInterpolation(
      percentile p: Double, of histogram: KeyPath<Metrics, DurationHistogram> & Sendable, in unit: TimeUnit,
      labelled: Bool = false
    ) {
      pieces.append(.percentile(p, of: histogram, unit, labelled: labelled))
    }

    mutating func appendSeeds() {
      pieces.append(.seeds)
    }
  }

  /// Literal text.
  @usableFromInline package init(stringLiteral value: String) {
    pieces = value.isEmpty ? [] : [.literal(value)]
  }

  /// Interpolated text.
  @usableFromInline package init(stringInterpolation: StringInterpolation) {
    pieces = stringInterpolation.pieces
  }

  init(pieces: [Piece]) {
    self.pieces = pieces
  }

  /// The number of seeds of a sweep cell (runs are one per seed).
  static var seeds: Self { Self(pieces: [.seeds]) }

  /// The text for `metrics`, a sum over `seeds` seeds.
  ///
  /// - Complexity: O(pieces), O(histogram buckets) for a percentile.
  @usableFromInline package func text(for metrics: Metrics, seeds: UInt64) -> String {
    var text = ""
    for piece in pieces {
      switch piece {
      case .literal(let literal): text += literal
      case .seeds: text += "\(seeds)"
      case .count(let counter): text += "\(metrics[keyPath: counter])"
      case .share(let counter, let total, let digits):
        let (value, whole) = (metrics[keyPath: counter], metrics[keyPath: total])
        text += whole == 0 ? "\(value)" : "\(value) (\(DecimalText.percent(Double(value) / Double(whole), digits)))"
      case .fixed(let quantity, let digits): text += DecimalText.fixed(quantity.value(in: metrics), digits)
      case .rate(let quantity): text += DecimalText.rate(quantity.value(in: metrics))
      case .percent(let quantity, let digits): text += DecimalText.percent(quantity.value(in: metrics), digits)
      case .bound(let lower, let count, let total):
        let interval = WilsonInterval.rate(metrics[keyPath: count], of: metrics[keyPath: total]).interval
        text += DecimalText.rate(lower ? interval.lower : interval.upper)
      case .percentile(let p, let histogram, let unit, let labelled):
        if let nanoseconds = metrics[keyPath: histogram].percentile(p) {
          text += DecimalText.fixed(nanoseconds / unit.nanoseconds, 3) + (labelled ? " \(unit.symbol)" : "")
        } else {
          text += labelled ? "-" : ""
        }
      }
    }
    return text
  }
}

extension MetricsText where Metrics: WorldMetrics {
  /// The names of the counters and histograms the text reads, in order of
  /// appearance, each once (`seeds` for the cell's seed count).
  @usableFromInline package var reads: [String] {
    var names: [String] = []
    func add(_ name: String) { if !names.contains(name) { names.append(name) } }
    for piece in pieces {
      switch piece {
      case .literal: break
      case .seeds: add("seeds")
      case .count(let counter): add(Metrics.name(of: counter))
      case .share(let counter, let total, _), .bound(_, let counter, let total):
        add(Metrics.name(of: counter))
        add(Metrics.name(of: total))
      case .fixed(let quantity, _), .rate(let quantity), .percent(let quantity, _):
        for counter in quantity.reads { add(Metrics.name(of: counter)) }
      case .percentile(_, let histogram, _, _): add(Metrics.name(of: histogram))
      }
    }
    return names
  }

  /// How the text is computed, for the docs: `duplicated ÷ operations`,
  /// `95% Wilson lower bound of lost ÷ operations`, `p50 of completion, in ms`.
  var formula: String {
    var parts: [String] = []
    for piece in pieces {
      switch piece {
      case .literal: break
      case .seeds: parts.append("the cell's seeds")
      case .count(let counter): parts.append(Metrics.name(of: counter))
      case .share(let counter, let total, _):
        parts.append("\(Metrics.name(of: counter)), and ÷ \(Metrics.name(of: total)) as a percentage")
      case .fixed(let quantity, _), .rate(let quantity): parts.append(quantity.formula(Metrics.name(of:)))
      case .percent(let quantity, _): parts.append("\(quantity.formula(Metrics.name(of:))) as a percentage")
      case .bound(let lower, let count, let total):
        parts.append(
          "95% Wilson \(lower ? "lower" : "upper") bound of \(Metrics.name(of: count)) ÷ \(Metrics.name(of: total))")
      case .percentile(let p, let histogram, let unit, _):
        parts.append("p\(DecimalText.fixed(p, 0)) of \(Metrics.name(of: histogram)), in \(unit.symbol)")
      }
    }
    return parts.joined(separator: "; ")
  }
}
