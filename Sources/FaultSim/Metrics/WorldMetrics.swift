/// A world's metrics: exact integer counters and histograms, so that sums
/// over runs are the same in any order — the basis of byte-identical tables
/// for any number of jobs or shards.
///
/// Everything about them is declared once, as tables: the counters and
/// histograms (summed, saved in partial tables, named in messages), the
/// invariants every sum satisfies, the sweep table's columns and the lines
/// of `faultsim run`. The CSV header and fields, the run report, the
/// partial-table state and the docs' tables are derived from those.
public protocol WorldMetrics: Sendable {
  /// No runs: every counter 0, every histogram empty.
  init()
  /// Every counter, histogram, invariant, column and `faultsim run` line
  /// of the metrics, declared once.
  static var table: MetricsTable<Self> { get }
  /// The runs summed: one per seed in a sweep.
  var runs: UInt64 { get }
  /// The operations measured (orders, files).
  var operations: UInt64 { get }
}

extension WorldMetrics {
  /// Every counter, in a fixed order (part of the partial-table format).
  @usableFromInline package static var counters: [MetricsCounter<Self>] { table.counters() }
  /// Every histogram, in a fixed order.
  @usableFromInline package static var histograms: [MetricsHistogram<Self>] { table.histograms() }
  /// What every sum of this world's runs satisfies, from the metrics'
  /// definitions; a partial table that breaks one is refused.
  @usableFromInline package static var invariants: [MetricsInvariant<Self>] { table.invariants() }
  /// The sweep table's columns after the varied key paths, in order.
  @usableFromInline package static var columns: [MetricsColumn<Self>] { table.columns() }
  /// Columns added after the world's table was first published.
  @usableFromInline package static var appendedColumns: [MetricsColumn<Self>] { table.appendedColumns() }
  /// The lines `faultsim run` prints about the run's metrics, in order.
  @usableFromInline package static var runReport: [MetricsReportLine<Self>] { table.runReport() }

  /// The counter named `name` in the world's `counters` (its CSV name,
  /// as the docs' tables list it: `tasks_created`), or nil when the world
  /// has no counter of that name. The counters most properties read are
  /// also properties (`duplicated`, `lost`); this reads every other one.
  ///
  /// ```swift
  /// let expired = run.metrics[counter: "reconcile_jobs_expired"] ?? 0
  /// ```
  ///
  /// - Parameter name: A counter's name, in `snake_case`.
  /// - Complexity: O(number of counters).
  public subscript(counter name: String) -> UInt64? {
    Self.counters.first { $0.name == name }.map { self[keyPath: $0.keyPath] }
  }

  /// The names of `columns`: the CSV header after the varied key paths.
  @usableFromInline package static var columnNames: [String] { columns.map(\.name) }

  /// This cell's fields, in column order.
  ///
  /// - Parameter seeds: The seeds the cell ran.
  /// - Complexity: O(columns), plus O(histogram buckets) per percentile.
  @usableFromInline package func fields(seeds: UInt64) -> [String] {
    Self.columns.map { $0.field(self, seeds: seeds) }
  }

  /// This cell's fields of `appendedColumns`, in their order.
  ///
  /// - Parameter seeds: The seeds the cell ran.
  /// - Complexity: O(appended columns).
  @usableFromInline package func appendedFields(seeds: UInt64) -> [String] {
    Self.appendedColumns.map { $0.field(self, seeds: seeds) }
  }

  /// `name: value` lines for `faultsim run`, from `runReport`.
  @usableFromInline package var reportLines: [(String, String)] {
    // A loop, not `compactMap`: unspecialised generic code looks up a
    // conformance, a scan of every record in a static binary.
    var lines: [(String, String)] = []
    for row in Self.runReport { if let line = row.line(for: self) { lines.append(line) } }
    return lines
  }

  /// A counter's name, `<histogram>.count` for a histogram's count, or
  /// `an unnamed counter` for a key path the metrics do not declare.
  static func name(of counter: KeyPath<Self, UInt64>) -> String {
    if let declared = counters.first(where: { $0.keyPath == counter }) { return declared.name }
    for histogram in histograms where histogram.keyPath.appending(path: \.count) == counter {
      return "\(histogram.name).count"
    }
    return "an unnamed counter"
  }

  /// A histogram's name, or `an unnamed histogram`.
  static func name(of histogram: KeyPath<Self, DurationHistogram>) -> String {
    histograms.first { $0.keyPath == histogram }?.name ?? "an unnamed histogram"
  }
}
