/// The bounds FaultSim accepts in scenario files: wide enough for any real
/// experiment, narrow enough that a typo cannot ask for terabytes of memory
/// or centuries of virtual time. Every rejection names the bound.
enum ScenarioLimits {
  /// Operations are numbered in 32 bits in events; a run holds only the
  /// ones in flight, so a billion over a long enough window fits.
  static let operations = 1...1_000_000_000
  static let attempts = 1...100
  static let conflictLimit = 0...10_000
  /// The number of a backoff's first retry: beyond 62, `base · 2ⁿ` is past
  /// any cap.
  static let firstRetry = 0...62
  static let resources = 1...10_000_000
  static let workers = 1...1_000_000
  static let queueLimit = 0...10_000_000
  static let bodyBytes: ClosedRange<UInt64> = 0...(1 << 40)
  static let bandwidth: ClosedRange<UInt64> = 1...(1 << 40)
  static let offlineWindows = 0...10_000
  /// The routes of a server.
  static let routes = 1...256
  /// Delays: latencies, backoff, processing, Retry-After — up to a day.
  static let delay: ClosedRange<UInt64> = 0...86_400_000_000_000
  /// A timeout must be positive.
  static let timeout: ClosedRange<UInt64> = 1_000...86_400_000_000_000
  /// Spans on the clock: arrival windows, offline windows, key lifetimes —
  /// up to 30 days.
  static let span: ClosedRange<UInt64> = 0...2_592_000_000_000_000
  static let sigma: ClosedRange<Double> = 0...5
  static let failureStatus = 500...599
  static let rejectionStatus = 400...499
  static let tokens: ClosedRange<Double> = 0...1_000_000_000
  static let ratio: ClosedRange<Double> = 0...1_000
  // Stores that forget:
  /// The keys an `lru` key store holds.
  static let keyStoreCapacity = 1...10_000_000
  /// The read replicas of a `replicated` key store.
  static let replicas = 1...64
  /// Listed server restart times.
  static let restarts = 1...10_000
  /// The mean gap between random restarts: at least a millisecond, so a
  /// run cannot ask for a restart per event.
  static let restartInterval: ClosedRange<UInt64> = 1_000_000...2_592_000_000_000_000
  /// The resends an app's outbox makes of one row before it gives the row
  /// up: a row is resent once per relaunch, and a relaunch is a person
  /// opening the app again.
  static let outboxResends = 0...100
}
