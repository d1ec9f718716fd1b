/// A scenario warning of a sweep, reported once for all the cells it
/// concerns: with `--vary`, an option can be a no-op in some cells only
/// (`client.safety` where `workload.kind` is not keyless-write).
@usableFromInline package struct SweepWarning: Hashable, Sendable, CustomStringConvertible {
  /// The warning, as the first cell it concerns gives it.
  @usableFromInline package var warning: ScenarioWarning
  /// The cells it concerns, in grid order.
  @usableFromInline package var cells: [Int]
  /// Which cells, in words: empty when it is every cell, else e.g.
  /// `in 3 of 6 cells: workload.kind=keyed-write`.
  @usableFromInline package var cellsDescription: String

  /// `file: key.path: why (in 3 of 6 cells: workload.kind=keyed-write)`.
  @usableFromInline package var description: String {
    cellsDescription.isEmpty ? warning.description : "\(warning) (\(cellsDescription))"
  }
}

extension Sweep {
  /// Every cell's scenario warnings, one per distinct check and key path
  /// with the cells it concerns, in the order they first occur in grid
  /// order.
  ///
  /// - Complexity: O(c·w·d) for c cells, w warnings per cell and d
  ///   distinct warnings.
  @usableFromInline package var warnings: [SweepWarning] {
    var groups: [(warning: ScenarioWarning, cells: [Int])] = []
    for (index, cell) in cells.enumerated() {
      for warning in cell.scenario.warnings {
        if let group = groups.firstIndex(where: {
          $0.warning.check == warning.check && $0.warning.keyPath == warning.keyPath
        }) {
          groups[group].cells.append(index)
        } else {
          groups.append((warning, [index]))
        }
      }
    }
    return groups.map {
      SweepWarning(warning: $0.warning, cells: $0.cells, cellsDescription: grid.describe(cells: $0.cells))
    }
  }
}

extension SweepGrid {
  /// The cells as a reader would name them: empty for every cell; the
  /// varied values that select them when they are all combinations of
  /// some values (`in 3 of 6 cells: workload.kind=keyed-write`); else the
  /// first few cells' values.
  ///
  /// - Parameter cells: Cell indices, ascending, without repeats.
  package func describe(cells: [Int]) -> String {
    guard let total = cellCount, cells.count < total else { return "" }
    let head = "in \(cells.count) of \(total) cells"
    // Each cell's value index on each axis.
    let coordinates = cells.map { cell -> [Int] in
      var remainder = cell
      var indices: [Int] = []
      for axis in axes.reversed() {
        indices.append(remainder % axis.values.count)
        remainder /= axis.values.count
      }
      return indices.reversed()
    }
    var present: [[Int]] = axes.map { _ in [] }
    for coordinate in coordinates {
      for (axis, value) in coordinate.enumerated() where !present[axis].contains(value) {
        present[axis].append(value)
      }
    }
    let combinations = present.reduce(1) { $0 * $1.count }
    if combinations == cells.count {
      let selected = axes.indices.filter { present[$0].count < axes[$0].values.count }.map { axis in
        "\(axes[axis].keyPath)=" + present[axis].sorted().map { axes[axis].values[$0] }.joined(separator: ",")
      }
      return "\(head): \(selected.joined(separator: " "))"
    }
    let shown = coordinates.prefix(4).map { coordinate in
      axes.indices.map { "\(axes[$0].keyPath)=\(axes[$0].values[coordinate[$0]])" }.joined(separator: " ")
    }
    let more = cells.count > shown.count ? "; and \(cells.count - shown.count) more" : ""
    return "\(head): \(shown.joined(separator: "; "))\(more)"
  }
}
