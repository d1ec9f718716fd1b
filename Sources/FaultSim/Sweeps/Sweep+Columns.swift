/// A sweep table's columns: after the varied key paths, the world's metric
/// columns (`WorldMetrics.columns`), one column per fault and race kind,
/// the columns every table ends with, then the world's columns added since
/// its table was first published (`WorldMetrics.appendedColumns`) — each
/// declared once, so the header, the rows and the docs' tables agree.
extension Sweep {
  /// Every column after the varied key paths: the world's metrics, one
  /// column per fault kind (`faults_response_loss`: faults fired over the
  /// cell's FIFO runs) and race kind (`races_…`: races met) of the world's
  /// ``ScenarioWorld/Draws`` — so a table shows whether the faults it is
  /// about fired at all — then ``trailingColumns`` and the world's
  /// appended columns, last so that earlier columns keep their positions.
  @usableFromInline package static var columns: [String] {
    World.Metrics.columnNames + FaultCoverage<World.Draws>.columns + trailingColumns
      + World.Metrics.appendedColumns.map(\.name)
  }

  /// Columns every table ends with.
  @usableFromInline package static var trailingColumns: [String] { trailing.map(\.name) }

  /// What the columns every table ends with are computed from.
  struct TrailingRow {
    var result: CellResult
    var seeds: UInt64
    var interleavings: Int
    var version: String
    var digest: String
  }

  /// One of the columns every table ends with: its name, what it means,
  /// how it is computed (for the docs) and its field.
  struct TrailingColumn {
    let name: String
    let meaning: String
    let computedAs: String
    let value: (TrailingRow) -> String
  }

  /// The columns every table ends with, in order.
  static var trailing: [TrailingColumn] {
    [
      TrailingColumn(
        name: "seeds_with_races", meaning: "seeds whose FIFO run met at least one race",
        computedAs: "count of seeds", value: { "\($0.result.seedsWithRaces)" }),
      TrailingColumn(
        name: "order_sensitive_rate",
        meaning: "seeds in which two interleavings of the same faults ended in different final states, per seed",
        computedAs: "order-sensitive seeds ÷ seeds",
        value: { row in
          DecimalText.rate(row.seeds == 0 ? 0 : Double(row.result.orderSensitiveSeeds) / Double(row.seeds))
        }),
      TrailingColumn(
        name: "interleavings_per_seed", meaning: "the most orders explored for a seed with races (--interleavings)",
        computedAs: "the sweep's --interleavings", value: { "\($0.interleavings)" }),
      TrailingColumn(
        name: "faultsim_version", meaning: "the FaultSim version that produced the row",
        computedAs: "the version", value: { $0.version }),
      TrailingColumn(
        name: "scenario_digest", meaning: "a digest of the scenario file's bytes and the cell's overrides",
        computedAs: "16 hex digits", value: { $0.digest }),
    ]
  }

  /// One table row: the cell's axis values, its metrics' fields, its fault
  /// coverage, ``trailingColumns``, the world's appended columns, then the
  /// fields of the table's detail columns (``MetricsDetails``: a request
  /// world's routes) — the same for a sweep and for merged parts.
  static func record(
    axisValues: [String], result: CellResult, seeds: UInt64, interleavings: Int, version: String, digest: String,
    details: [String] = []
  ) -> String {
    let row = TrailingRow(result: result, seeds: seeds, interleavings: interleavings, version: version, digest: digest)
    return CSVWriter.record(
      axisValues + result.metrics.fields(seeds: seeds) + result.coverage.fields + trailing.map { $0.value(row) }
        + result.metrics.appendedFields(seeds: seeds) + result.metrics.detailFields(seeds: seeds, in: details))
  }
}
