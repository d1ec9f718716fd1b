/// The legacy background fetch world (the background-fetch article): N users, each
/// with an app that set a minimum background fetch interval. The system
/// wakes each app when the ``BackgroundTaskScheduler`` model says so — no
/// earlier than the current interval after the last fetch, subject to the
/// device's conditions — and the app fetches once; what the completion
/// handler reports changes the interval (`FetchIntervalRule`). Content
/// appears on the server as a Poisson process, so the run can measure how
/// stale the app's content is when the user opens it.
///
/// The world is made of components that own their state, and routes the
/// events between them:
/// - the system (`BackgroundFetchSystem`): wake times, the fetch's run
///   under its time limit, the interval;
/// - the app (`FetchingApp`): its request, its completion handler's
///   report, its content and the user's opens;
/// - the server (`ContentServer`): its content over time.
/// The world holds the devices' conditions, the user's script of opens and
/// the race between content and a fetch's snapshot.
///
/// Every random decision is a keyed draw on (user, purpose, ordinal):
/// conditions by spell index, content by item index, fetch duration and
/// failure by fetch ordinal, scheduler delays by submission. Two runs of
/// one seed that order a race differently see the same faults.
///
/// Races marked for the engine: content that arrives on the server within
/// `BackgroundFetchWorldOptions.races` `window` before a fetch's snapshot
/// (the end of its request) — the fetch may or may not include it.
public struct BackgroundFetchWorld: SimulationModel {
  /// The world's events (``BackgroundFetchEvent``): the system wakes an app for
  /// a fetch, a fetch ends, a user opens the app.
  @usableFromInline
  package typealias Event = BackgroundFetchEvent

  /// The world's definition.
  @usableFromInline package var options: BackgroundFetchWorldOptions { settings.options }
  let settings: Settings
  /// The system's fetch scheduling on every device.
  var system: BackgroundFetchSystem
  /// The app on every device.
  var app: FetchingApp
  /// The content each user's app fetches.
  var server = ContentServer()
  /// Each user's device conditions.
  var conditions: [DeviceConditions] = []
  /// Users × simulated time in microseconds, for per-day rates.
  var userTimeMicroseconds: UInt64 = 0

  /// Creates the world in its initial state.
  @usableFromInline package init(_ options: BackgroundFetchWorldOptions) {
    settings = Settings(options)
    system = BackgroundFetchSystem(options)
    app = FetchingApp(options)
  }

  /// Restores the initial state for another run.
  @usableFromInline package mutating func reset() {
    conditions.removeAll(keepingCapacity: true)
    server.reset()
    system.reset()
    app.reset()
    userTimeMicroseconds = 0
  }

  /// The run's horizon: nothing is scheduled at or after it.
  var horizon: VirtualTime { VirtualTime(nanoseconds: settings.options.population.duration.nanoseconds) }

  /// Draws every user's conditions and content, then schedules each
  /// app's first wake-up (one minimum interval after the start) and the
  /// user's first open.
  @usableFromInline
  package mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    reset()
    let options = settings.options
    let count = options.population.users
    let (userTime, overflow) = UInt64(count).multipliedReportingOverflow(
      by: BackgroundFetchMetrics.microseconds(options.population.duration.nanoseconds))
    guard !overflow else { throw .sumOverflow(MetricsOverflow(counter: "user_time_us")) }
    userTimeMicroseconds = userTime
    conditions.reserveCapacity(count)
    for user in 0..<count {
      let identity = UserIdentity(user: user)
      conditions.append(
        DeviceConditions.generate(options.conditions, horizon: horizon, user: identity, random: context.random))
      server.addUser(
        itemsPerHour: options.content.itemsPerHour, horizon: horizon, user: identity, random: context.random)
      system.addDevice()
      app.addDevice()
    }
    for user in 0..<count {
      try scheduleWake(user, fetch: 0, after: .zero, &context)
      if let first = conditions[user].foreground.periods.first {
        try context.schedule(BackgroundFetchEvent(.userOpensApp(session: 0), user: user), at: first.start)
      }
    }
  }

  /// Routes one event to the component it concerns.
  @usableFromInline
  package mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    let user = Int(event.user)
    switch event.kind {
    case .systemWakesApp(let fetch): try systemWakesApp(user, fetch: fetch, &context)
    case .fetchEnds(let fetch): try fetchEnds(user, fetch: fetch, &context)
    case .userOpensApp(let session): try userOpensApp(user, session: Int(session), &context)
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
