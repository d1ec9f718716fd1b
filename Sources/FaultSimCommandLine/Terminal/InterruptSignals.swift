import Dispatch
import FaultSim
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT and SIGTERM into calls, so a command can stop cleanly —
/// a run at its next check, a sweep keeping its checkpoint — instead of
/// dying mid-write.
///
/// The first signal asks the command to stop (`first`); the command then
/// ends on its own with status 130, within a watch's check of its runs. A
/// later signal means "stop now" (`again`), and so does the first one once
/// ``grace`` has passed without the command ending — a model busy inside
/// one event is not checked until it returns: `again` leaves nothing
/// half-written, then exits at once (``exitNow(_:)``). So a command always
/// ends within about ``grace`` of being asked.
final class InterruptSignals {
  /// How long the first signal waits for the command to end on its own.
  static let grace: Duration = .milliseconds(500)

  private let sources: [DispatchSourceSignal]
  private let received = Tally()

  /// Calls `first` (on a background queue) at the first SIGINT or SIGTERM,
  /// and `again` at every later one or ``grace`` after the first.
  init(first: @escaping @Sendable (Int32) -> Void, again: @escaping @Sendable (Hurry) -> Void) {
    let received = self.received
    var sources: [DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        // The two sources may fire at once: the count decides which is first.
        guard received.count.add(1, ordering: .relaxed).oldValue == 0 else {
          again(Hurry(signal: number, repeated: true))
          return
        }
        first(number)
        let (seconds, attoseconds) = Self.grace.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
          if !received.ended.load(ordering: .relaxed) { again(Hurry(signal: number, repeated: false)) }
        }
      }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  /// For a command whose runs `watch` looks at: the first signal stops
  /// them at their next check, a later one (or the end of the grace)
  /// exits at once: a single run writes no file that could be left
  /// half-written.
  ///
  /// - Parameter scenario: The scenario's file, for the message.
  convenience init(stopping watch: RunWatch, scenario: String) {
    self.init(
      first: { _ in watch.requestStop() },
      again: { hurry in InterruptSignals.exitNow(.interrupted("\(scenario): \(hurry)")) })
  }

  /// Restores the default handling; a first signal's grace ends without
  /// calling `again`.
  func cancel() {
    received.ended.store(true, ordering: .relaxed)
    for source in sources { source.cancel() }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }

  /// The signal's name, for messages.
  static func name(_ number: Int32) -> String {
    switch number {
    case SIGINT: return "SIGINT"
    case SIGTERM: return "SIGTERM"
    default: return "signal \(number)"
    }
  }

  /// Says `failure` on standard error and ends the process with its
  /// status at once, without waiting for the threads still running: the
  /// caller has saved whatever must be kept.
  static func exitNow(_ failure: CommandFailure) -> Never {
    Output.error(failure.message)
    _exit(failure.exitCode)
  }

  /// Why a command must stop at once.
  struct Hurry: CustomStringConvertible {
    /// The first signal's number, or a later one's.
    var signal: Int32
    /// Whether another signal came, rather than the grace running out.
    var repeated: Bool

    /// The start of the command's last message.
    var description: String {
      repeated
        ? "interrupted again (\(InterruptSignals.name(signal))): stopped at once"
        : "interrupted (\(InterruptSignals.name(signal))) while a run was busy inside one event: stopped at once"
    }
  }

  /// The signals received so far, shared by the handlers.
  private final class Tally: Sendable {
    let count = Atomic<Int>(0)
    /// Whether the command ended its signal handling (``cancel()``).
    let ended = Atomic<Bool>(false)
  }
}
