/// How a timeline is written: for people, for tools, or as a diagram.
@usableFromInline package enum TraceFormat: String, CaseIterable, Sendable {
  /// One aligned line per event: virtual time, actor, event, details.
  case text
  /// JSON Lines: one object per event, for tools.
  case json
  /// A Mermaid `sequenceDiagram` that GitHub renders in Markdown.
  case mermaid

  /// The whole timeline in this format, each line ending in a newline:
  /// the same bytes as a ``TraceStream`` of the entries writes.
  ///
  /// - Complexity: O(total length of the rendering).
  @usableFromInline package func render(_ entries: [TraceEntry]) -> String {
    var writer = TraceWriter(format: self)
    var text = ""
    for entry in entries { writer.append(entry, to: &text) }
    writer.finish(to: &text)
    return text
  }
}
