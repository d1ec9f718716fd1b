import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT and SIGTERM into a call, so a long sweep can stop cleanly
/// and keep its checkpoint instead of dying mid-write.
final class InterruptSignals {
  private let sources: [DispatchSourceSignal]

  /// Calls `handler` (on a background queue) at the first SIGINT or SIGTERM.
  init(_ handler: @escaping @Sendable (Int32) -> Void) {
    var sources: [DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { handler(number) }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  /// Restores the default handling.
  func cancel() {
    for source in sources { source.cancel() }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
