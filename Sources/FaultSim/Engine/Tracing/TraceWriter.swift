/// Renders a timeline one entry at a time, in any ``TraceFormat``: the one
/// code path behind ``TraceFormat/render(_:)`` and the streamed
/// `faultsim run --trace`, so both give the same bytes.
@usableFromInline package struct TraceWriter: Sendable {
  /// The rendering this writer produces: text, JSON Lines or Mermaid.
  @usableFromInline package let format: TraceFormat
  private var diagram = TraceMermaid()

  /// A writer at the start of a timeline.
  @usableFromInline package init(format: TraceFormat) {
    self.format = format
  }

  /// Appends what `entry` contributes to the rendering.
  ///
  /// Text and JSON Lines write one line per entry at once. Mermaid holds the
  /// first few entries (a fixed look-ahead) to declare their participants
  /// in a readable order, then writes each entry at once, declaring a new
  /// participant just before its first line.
  ///
  /// - Complexity: O(length of the line); for Mermaid, O(lookahead) once
  ///   when the look-ahead is written out.
  @usableFromInline package mutating func append(_ entry: TraceEntry, to text: inout String) {
    switch format {
    case .text:
      text += entry.description
      text += "\n"
    case .json:
      TraceJSON.append(entry, to: &text)
      text += "\n"
    case .mermaid:
      diagram.append(entry, to: &text)
    }
  }

  /// Appends the end of the rendering: for Mermaid, the entries still held
  /// (with the diagram's header when fewer than the look-ahead arrived).
  @usableFromInline package mutating func finish(to text: inout String) {
    if format == .mermaid { diagram.finish(to: &text) }
  }

  /// About how many bytes a writer holds at most while rendering a timeline
  /// with at most `actors` distinct actors, beyond the line being written:
  /// nothing for text and JSON Lines; for Mermaid, the look-ahead entries
  /// and the set of participants declared so far.
  package static func heldBytes(format: TraceFormat, actors: UInt64) -> UInt64 {
    guard format == .mermaid else { return 0 }
    let (participants, overflow) = actors.multipliedReportingOverflow(by: TraceMermaid.bytesPerParticipant)
    return overflow ? .max : participants.addingReportingOverflow(TraceMermaid.lookaheadBytes).partialValue
  }
}
