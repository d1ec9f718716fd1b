/// The legacy background fetch world (SPEC §4.3, seed 003): N users, each
/// with an app that set a minimum background fetch interval. The system
/// wakes each app when the ``BackgroundTaskScheduler`` model says so — no
/// earlier than the current interval after the last fetch, subject to the
/// device's conditions — and the app fetches once; what the completion
/// handler reports changes the interval (``FetchIntervalRule``). Content
/// appears on the server as a Poisson process, so the run can measure how
/// stale the app's content is when the user opens it.
///
/// Every random decision is a keyed draw on (user, purpose, ordinal):
/// conditions by spell index, content by item index, fetch duration and
/// failure by fetch ordinal, scheduler delays by submission. Two runs of
/// one seed that order a race differently see the same faults.
///
/// Races marked for the engine: content that arrives on the server within
/// ``BackgroundFetchWorldOptions/races`` `window` before a fetch's snapshot
/// (the end of its request) — the fetch may or may not include it.
public struct BackgroundFetchWorld: SimulationModel {
  public typealias Event = BackgroundFetchEvent

  /// The world's definition.
  public var options: BackgroundFetchWorldOptions { settings.options }
  let settings: Settings
  let scheduler: BackgroundTaskScheduler
  /// Each user's device conditions.
  var conditions: [DeviceConditions] = []
  /// Each user's content arrival times.
  var arrivals: [[UInt64]] = []
  /// Each user's app.
  var users: [FetchUserRecord] = []
  /// Counts accumulated during the run.
  var tally = BackgroundFetchMetrics()

  /// Creates the world in its initial state.
  public init(_ options: BackgroundFetchWorldOptions) {
    settings = Settings(options)
    scheduler = BackgroundTaskScheduler(options.scheduler)
  }

  /// Restores the initial state for another run.
  public mutating func reset() {
    conditions.removeAll(keepingCapacity: true)
    arrivals.removeAll(keepingCapacity: true)
    users.removeAll(keepingCapacity: true)
    tally = BackgroundFetchMetrics()
  }

  /// The run's horizon: nothing is scheduled at or after it.
  var horizon: VirtualTime { VirtualTime(nanoseconds: settings.options.population.duration.nanoseconds) }

  /// Draws every user's conditions and content, then schedules each
  /// app's first wake-up (one minimum interval after the start) and the
  /// user's first open.
  public mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    reset()
    let options = settings.options
    let count = options.population.users
    let (userTime, overflow) = UInt64(count).multipliedReportingOverflow(
      by: BackgroundFetchMetrics.microseconds(options.population.duration.nanoseconds))
    guard !overflow else { throw .sumOverflow(MetricsOverflow(counter: "user_time_us")) }
    tally.userTimeMicroseconds = userTime
    conditions.reserveCapacity(count)
    arrivals.reserveCapacity(count)
    users.reserveCapacity(count)
    for user in 0..<count {
      let identity = UserIdentity(user: user)
      conditions.append(
        DeviceConditions.generate(options.conditions, horizon: horizon, user: identity, random: context.random))
      arrivals.append(
        ContentArrivals.times(
          itemsPerHour: options.content.itemsPerHour, horizon: horizon, user: identity, random: context.random))
      users.append(FetchUserRecord(interval: options.fetch.interval.minimum))
    }
    for user in 0..<count {
      try scheduleWake(user, ordinal: 0, after: .zero, &context)
      if let first = conditions[user].foreground.periods.first {
        try context.schedule(BackgroundFetchEvent(.open, user: UInt32(user), ordinal: 0), at: first.start)
      }
    }
  }

  public mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    let user = Int(event.user)
    switch event.kind {
    case .wake: try wake(user, ordinal: event.ordinal, &context)
    case .complete: try complete(user, ordinal: event.ordinal, &context)
    case .open: try open(user, session: Int(event.ordinal), &context)
    }
  }

  /// Immutable options shared by reference.
  final class Settings: Sendable {
    let options: BackgroundFetchWorldOptions

    init(_ options: BackgroundFetchWorldOptions) {
      self.options = options
    }
  }

  /// The identifier of the (legacy) fetch request in traces.
  static let fetchIdentifier = "background-fetch"

  /// `app#17`: the actor name of a user's app in traces.
  static func appName(_ user: Int) -> String { "app#\(user)" }
}
