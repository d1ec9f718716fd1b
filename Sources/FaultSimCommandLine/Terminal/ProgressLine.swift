import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sweep's progress on standard error: cells and seeds done, rate,
/// elapsed time and an estimate of the time left, redrawn in place at most
/// ten times a second. Silent unless standard error is a terminal.
final class ProgressLine: Sendable {
  private struct State {
    var lastDraw: ContinuousClock.Instant?
    var drawn = false
  }

  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private let enabled: Bool
  /// Seeds already done when this run started (a resumed sweep).
  private let initialSeeds: UInt64
  private let state = Mutex(State())

  init(enabled: Bool, initialSeeds: UInt64) {
    self.enabled = enabled && isatty(STDERR_FILENO) == 1
    self.initialSeeds = initialSeeds
    start = clock.now
  }

  /// Redraws the line if a tenth of a second has passed (or `force`).
  func update(
    _ progress: @autoclosure () -> (cells: Int, cellsTotal: Int, seeds: UInt64, seedsTotal: UInt64), force: Bool = false
  ) {
    guard enabled else { return }
    let now = clock.now
    let draw = state.withLock { state -> Bool in
      if !force, let last = state.lastDraw, now - last < .milliseconds(100) { return false }
      state.lastDraw = now
      state.drawn = true
      return true
    }
    guard draw else { return }
    let p = progress()
    let elapsed = Self.seconds(now - start)
    let ran = Double(p.seeds - min(p.seeds, initialSeeds))
    let rate = elapsed > 0 ? ran / elapsed : 0
    let left = Double(p.seedsTotal - min(p.seeds, p.seedsTotal))
    let eta = rate > 0 ? Self.clockText(left / rate) : "--:--"
    let percent = p.seedsTotal == 0 ? 100 : 100 * Double(p.seeds) / Double(p.seedsTotal)
    let line =
      "sweep: cells \(p.cells)/\(p.cellsTotal)  seeds \(p.seeds)/\(p.seedsTotal) (\(Self.fixed(percent, 1))%)  "
      + "\(Self.fixed(rate, 0)) seeds/s  elapsed \(Self.clockText(elapsed))  ETA \(eta)"
    Output.error("\r\u{1B}[K\(line)")
  }

  /// Ends the line so later messages start on their own.
  func finish() {
    guard enabled, state.withLock({ $0.drawn }) else { return }
    Output.error("\n")
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  static func clockText(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "--:--" }
    let total = Int(seconds.rounded())
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
  }

  static func fixed(_ value: Double, _ decimals: Int) -> String {
    String(value, printfDecimals: decimals)
  }
}
