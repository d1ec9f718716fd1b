/// A world's metrics as tables, declared once by its metrics type
/// (``WorldMetrics/table``): the counters and histograms it sums, the
/// invariants every sum satisfies, the sweep table's columns and the lines
/// of `faultsim run`. The CSV header and fields, the run report, the
/// partial-table state and the docs' tables are derived from it.
///
/// Users never build or read one: it is public only because
/// ``WorldMetrics`` requires it. Read a counter by its name with
/// ``WorldMetrics/subscript(counter:)``.
///
/// Each table is read when it is first asked for, not when this is made:
/// a column names the counters it reads through this very table, while
/// the metrics' columns are being made.
public struct MetricsTable<Metrics>: Sendable {
  /// Every counter, in a fixed order (part of the partial-table format).
  @usableFromInline package let counters: @Sendable () -> [MetricsCounter<Metrics>]
  /// Every histogram, in a fixed order.
  @usableFromInline package let histograms: @Sendable () -> [MetricsHistogram<Metrics>]
  /// The sweep table's columns after the varied key paths, in order.
  @usableFromInline package let columns: @Sendable () -> [MetricsColumn<Metrics>]
  /// Columns added after the world's table was first published, in order:
  /// they follow the columns every table ends with, so a reader that finds
  /// columns by position keeps finding every earlier one where it was.
  @usableFromInline package let appendedColumns: @Sendable () -> [MetricsColumn<Metrics>]
  /// The lines `faultsim run` prints about the run's metrics, in order.
  @usableFromInline package let runReport: @Sendable () -> [MetricsReportLine<Metrics>]
  /// What every sum of the world's runs satisfies.
  @usableFromInline package let invariants: @Sendable () -> [MetricsInvariant<Metrics>]
  /// Counts per named part of the scenario, with columns of their own.
  @usableFromInline package let details: MetricsDetails<Metrics>

  /// The tables of `Metrics`, each in its fixed order, each read when
  /// first asked for.
  @usableFromInline package init(
    counters: @autoclosure @escaping @Sendable () -> [MetricsCounter<Metrics>],
    histograms: @autoclosure @escaping @Sendable () -> [MetricsHistogram<Metrics>],
    columns: @autoclosure @escaping @Sendable () -> [MetricsColumn<Metrics>],
    appendedColumns: @autoclosure @escaping @Sendable () -> [MetricsColumn<Metrics>] = [],
    runReport: @autoclosure @escaping @Sendable () -> [MetricsReportLine<Metrics>],
    invariants: @autoclosure @escaping @Sendable () -> [MetricsInvariant<Metrics>],
    details: MetricsDetails<Metrics> = .none
  ) {
    self.counters = counters
    self.histograms = histograms
    self.columns = columns
    self.appendedColumns = appendedColumns
    self.runReport = runReport
    self.invariants = invariants
    self.details = details
  }
}
