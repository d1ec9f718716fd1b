/// The docs' tables of a world's sweep table and sums, generated from the
/// declarations (`WorldMetrics.columns`, `WorldMetrics.counters`,
/// `WorldMetrics.appendedColumns`, `WorldMetrics.histograms`,
/// `WorldMetrics.invariants`, the world's draw purposes and the trailing
/// columns): docs/metrics.md and each world's page hold them between
/// markers, and a test keeps them equal.
extension Sweep {
  /// The tables, in Markdown.
  ///
  /// - Complexity: O(columns + counters + invariants).
  static var documentation: String {
    func row(_ cells: String...) -> String { "| " + cells.joined(separator: " | ") + " |" }
    var lines = [row("column", "meaning", "computed as"), "|---|---|---|"]
    for column in World.Metrics.columns {
      lines.append(row("`\(column.name)`", column.meaning, column.value.formula))
    }
    for kind in World.Draws.faults {
      lines.append(
        row(
          "`faults_\(kind.columnName)`", "faults of kind `\(kind.name)` that fired in the cell's FIFO runs",
          "count of faults"))
    }
    for kind in World.Draws.raceKinds {
      lines.append(
        row("`races_\(kind.columnName)`", "races of kind `\(kind.name)` met in the cell's FIFO runs", "count of races"))
    }
    for column in trailing {
      lines.append(row("`\(column.name)`", column.meaning, column.computedAs))
    }
    for column in World.Metrics.appendedColumns {
      lines.append(row("`\(column.name)`", column.meaning, column.value.formula))
    }
    lines += [
      "", "The sums behind them, in the order partial tables and checkpoints hold them:", "",
      row("sum", "meaning"), "|---|---|",
    ]
    for counter in World.Metrics.counters {
      lines.append(row("`\(counter.name)`", counter.meaning))
    }
    for histogram in World.Metrics.histograms {
      lines.append(row("`\(histogram.name)` (histogram)", histogram.meaning))
    }
    lines += ["", "Every sum of runs of one cell satisfies (a partial table that does not is refused):", ""]
    for invariant in World.Metrics.invariants {
      lines.append("- \(invariant)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
