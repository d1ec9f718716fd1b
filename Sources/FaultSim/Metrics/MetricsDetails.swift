/// Counts a world keeps per named part of its scenario — a request world's
/// routes — whose sweep columns therefore depend on the scenario, not on
/// the world alone: `duplicated[POST /orders]` exists only for a server
/// with that route.
///
/// They follow every other column of a sweep table, as the union of the
/// cells' columns in order of first appearance (a cell without one leaves
/// its field empty). Only runs of your code fill them (routes answer your
/// code's requests), and `faultsim sweep` runs built-in clients, so a
/// partial table never has to carry them.
@usableFromInline package struct MetricsDetails<Metrics>: Sendable {
  /// Adds another set of runs' counts, exactly.
  let merge: @Sendable (inout Metrics, Metrics) throws(MetricsOverflow) -> Void
  /// The columns of these metrics, in order; none when they keep no parts.
  let columns: @Sendable (Metrics) -> [String]
  /// The fields of `columns`, given the seeds run.
  let fields: @Sendable (Metrics, UInt64) -> [String]

  /// Details whose counts `merge` adds, named by `columns`, valued by
  /// `fields`.
  @usableFromInline package init(
    merge: @escaping @Sendable (inout Metrics, Metrics) throws(MetricsOverflow) -> Void,
    columns: @escaping @Sendable (Metrics) -> [String],
    fields: @escaping @Sendable (Metrics, UInt64) -> [String]
  ) {
    self.merge = merge
    self.columns = columns
    self.fields = fields
  }

  /// A world that keeps no counts per part.
  @usableFromInline package static var none: Self {
    Self(
      merge: { (_: inout Metrics, _: Metrics) throws(MetricsOverflow) in }, columns: { _ in [] }, fields: { _, _ in [] }
    )
  }
}

extension WorldMetrics {
  /// This sum's detail columns (``MetricsDetails``), in order.
  package var detailColumns: [String] { Self.table.details.columns(self) }

  /// The fields of ``detailColumns``.
  package func detailFields(seeds: UInt64) -> [String] { Self.table.details.fields(self, seeds) }

  /// The detail columns of several sums: their union, in order of first
  /// appearance, so that cells of different routes share one header.
  ///
  /// - Complexity: O(cells × columns), with a set of the names seen.
  package static func detailColumns(of sums: [Self]) -> [String] {
    var seen: Set<String> = []
    var union: [String] = []
    for sum in sums {
      for name in sum.detailColumns where seen.insert(name).inserted { union.append(name) }
    }
    return union
  }

  /// This sum's fields of the `union` of detail columns: its own where it
  /// has them, empty where it has not.
  ///
  /// - Complexity: O(columns), with a dictionary of this sum's fields.
  package func detailFields(seeds: UInt64, in union: [String]) -> [String] {
    guard !union.isEmpty else { return [] }
    let own = Dictionary(zip(detailColumns, detailFields(seeds: seeds)), uniquingKeysWith: { first, _ in first })
    return union.map { own[$0] ?? "" }
  }
}
