/// One column of a world's sweep table, declared once: its CSV name, what
/// it means, and how its field is computed from a cell's sums. The header,
/// every row's field and the docs' table of columns all come from it.
///
/// ```swift
/// MetricsColumn("duplicate_rate", "operations applied more than once, per operation",
///               "\(rate: .ratio(\.duplicated, \.operations))")
/// ```
@usableFromInline
package struct MetricsColumn<Metrics>: Sendable {
  /// The CSV header: `duplicate_rate`.
  @usableFromInline package let name: String
  /// What the column means, one line for the docs.
  @usableFromInline package let meaning: String
  /// How the field is computed and printed.
  @usableFromInline package let value: MetricsText<Metrics>

  /// A column named `name` whose fields are `value`.
  @usableFromInline package init(_ name: String, _ meaning: String, _ value: MetricsText<Metrics>) {
    self.name = name
    self.meaning = meaning
    self.value = value
  }

  /// The column of the cell's seed count, `seeds`.
  @usableFromInline package static func seeds(_ meaning: String) -> Self {
    Self("seeds", meaning, .seeds)
  }
}

extension MetricsColumn where Metrics: WorldMetrics {
  /// A column printing one counter as an integer, named like the counter.
  @usableFromInline package static func count(_ counter: KeyPath<Metrics, UInt64> & Sendable, _ meaning: String) -> Self
  {
    Self(Metrics.name(of: counter), meaning, "\(count: counter)")
  }

  /// The field of a cell whose sums are `metrics` over `seeds` seeds.
  ///
  /// - Complexity: That of ``MetricsText/text(for:seeds:)``.
  @usableFromInline package func field(_ metrics: Metrics, seeds: UInt64) -> String {
    value.text(for: metrics, seeds: seeds)
  }
}
