/// A world's metrics: exact integer counters and histograms, so that sums
/// over runs are the same in any order — the basis of byte-identical tables
/// for any number of jobs or shards — printable as `run` lines and as CSV
/// fields.
public protocol WorldMetrics: Sendable {
  /// No runs: every counter 0, every histogram empty.
  init()
  /// Every counter, in a fixed order (part of the partial-table format).
  static var counters: [MetricsCounter<Self>] { get }
  /// Every histogram, in a fixed order.
  static var histograms: [MetricsHistogram<Self>] { get }
  /// What every sum of this world's runs satisfies, from the metrics'
  /// definitions; a partial table that breaks one is refused.
  static var invariants: [MetricsInvariant<Self>] { get }
  /// The runs summed: one per seed in a sweep.
  var runs: UInt64 { get }
  /// The operations measured (orders, files).
  var operations: UInt64 { get }
  /// The sweep table's columns after the varied key paths (the first
  /// fourteen are the same for every world).
  static var columns: [String] { get }
  /// This cell's fields, in column order.
  func fields(seeds: UInt64) -> [String]
  /// `name: value` lines for `faultsim run`.
  var reportLines: [(String, String)] { get }
}
