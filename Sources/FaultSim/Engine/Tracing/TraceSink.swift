/// Where a traced run sends its timeline as it happens, instead of holding
/// it in `SimulationContext/traceEntries` until the run ends.
///
/// A run of a million operations has tens of millions of trace lines; a sink
/// lets `faultsim run --trace` write them while the run goes on, in constant
/// memory. Called only when tracing, once per trace line, in the order the
/// lines happen; a run without tracing never calls it (see
/// `SimulationContext/trace(_:)`).
@usableFromInline package protocol TraceSink: AnyObject {
  /// Takes the next line of the timeline.
  func receive(_ entry: TraceEntry)
}

/// A sink that renders the timeline in a ``TraceFormat`` and hands the text
/// to `write` in chunks of about `chunkSize` bytes: what `faultsim run
/// --trace` connects to standard output.
///
/// It holds one chunk of text and what its ``TraceWriter`` holds (for
/// Mermaid, the participants and a short look-ahead), never the whole
/// timeline.
@usableFromInline package final class TraceStream: TraceSink {
  private var writer: TraceWriter
  private var pending = ""
  private let chunkSize: Int
  private let write: (String) -> Void
  private var finished = false

  /// A stream that renders in `format` and passes text to `write`.
  ///
  /// - Parameters:
  ///   - format: The rendering: text, JSON Lines or Mermaid.
  ///   - chunkSize: About how many bytes to gather before calling `write`.
  ///   - write: Called with consecutive pieces of the rendering, in order;
  ///     their concatenation is ``TraceFormat/render(_:)`` of the entries.
  @usableFromInline package init(format: TraceFormat, chunkSize: Int = 1 << 16, write: @escaping (String) -> Void) {
    writer = TraceWriter(format: format)
    self.chunkSize = chunkSize
    self.write = write
    pending.reserveCapacity(chunkSize + 512)
  }

  /// Renders `entry` and writes out a full chunk.
  ///
  /// - Complexity: O(length of the entry's line), amortised.
  @usableFromInline package func receive(_ entry: TraceEntry) {
    precondition(!finished, "a trace line after the trace stream was finished")
    writer.append(entry, to: &pending)
    if pending.utf8.count >= chunkSize { flush() }
  }

  /// Writes what is left: the end of the rendering (for Mermaid, anything
  /// still held to order its participants). Call once, after the run.
  @usableFromInline package func finish() {
    guard !finished else { return }
    finished = true
    writer.finish(to: &pending)
    flush()
  }

  private func flush() {
    guard !pending.isEmpty else { return }
    write(pending)
    pending.removeAll(keepingCapacity: true)
  }
}
