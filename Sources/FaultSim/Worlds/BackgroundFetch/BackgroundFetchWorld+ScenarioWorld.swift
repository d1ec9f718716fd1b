/// One user's final state in the background fetch world.
public struct FetchUserOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The user's number, `0 ..< population.users`.
  @usableFromInline package var user: Int
  /// Background fetches the system ran for the user's app.
  @usableFromInline package var fetches: Int
  /// Content items delivered to the user's app, in the background or when the
  /// user opened it.
  @usableFromInline package var delivered: Int
  /// The fetch interval the system would use next (``FetchIntervalRule``).
  @usableFromInline package var interval: VirtualDuration

  /// `user#2: 14 fetches, 9 items, interval 30m`.
  public var description: String {
    "user#\(user): \(fetches) fetches, \(delivered) items delivered, next interval \(interval)"
  }
}

extension BackgroundFetchWorld: SimulatedWorld, WorldModel {
  /// Runs as a simulation of the world.
  public static var engine: WorldEngine<Self> { .simulating }
  /// The options a scenario file gives the world.
  public typealias Options = BackgroundFetchWorldOptions
  /// What a run measures.
  public typealias Metrics = BackgroundFetchMetrics
  /// Each entity's final state, in entity order.
  public typealias FinalState = EntityStates<FetchUserOutcome>

  /// The world's draw purposes: its fault and race kinds.
  public typealias Draws = BackgroundFetchDraw

  /// The name scenario files use in `"world"`.
  @usableFromInline static var name: String { "background-fetch" }

  /// The world is its own model: it has no decisions a user gives in
  /// Swift, so one type holds its state and says what it is.
  @usableFromInline
  static func model(_ options: BackgroundFetchWorldOptions) -> BackgroundFetchWorld {
    BackgroundFetchWorld(options)
  }

  /// The world's one race, content against a fetch's snapshot, needs
  /// content.
  @usableFromInline package static func canMeetRace(_ options: BackgroundFetchWorldOptions) -> Bool {
    options.content.itemsPerHour > 0
  }

  /// Each user's final state, in user order.
  @usableFromInline package func finalState() -> EntityStates<FetchUserOutcome> {
    EntityStates(
      system.schedules.indices.map { user in
        FetchUserOutcome(
          user: user, fetches: Int(system.fetches(of: user)), delivered: app.delivered(of: user),
          interval: system.interval(of: user))
      })
  }
}

extension BackgroundFetchWorld: UnprobedWorld {
  /// The world has no key operation of the app's to repeat: the system
  /// decides when fetches happen, so it is not a `ProbedWorld`.
  package static var unrepeatableBecause: String { "none (the system decides when fetches happen)" }
}

extension BackgroundFetchWorld: MemorySizedWorld {
  @usableFromInline package static func estimatedBytes(_ options: BackgroundFetchWorldOptions) -> UInt64 {
    // Per user: condition timelines, content arrivals (a time each, by
    // layout) and fetch records over the duration (measured, release,
    // 72 h: 2.7 KB a user with the arrivals).
    let duration = options.population.duration
    let days = max(1, duration.nanoseconds / 86_400_000_000_000)
    let hours = Double(duration.nanoseconds) / 3_600_000_000_000
    let arrivals = MemoryFootprint.records(
      UInt64(min(1e15, options.content.itemsPerHour * hours)), of: VirtualTime.self)
    let perUser =
      2_048 + days * 1_024 + MemoryFootprint.arrayHeader + arrivals
      + options.conditions.estimatedBytes(horizon: duration)
    let (users, overflow) = UInt64(options.population.users).multipliedReportingOverflow(by: perUser)
    return overflow ? .max : users.adding(saturating: MemoryFootprint.process)
  }
}

extension BackgroundFetchWorld: OptionSizedWorld {
  /// Runs are sized by their users; a shorter population duration also
  /// lowers them.
  @usableFromInline package static var sizeOption: WorldSizeOption<BackgroundFetchWorldOptions> {
    WorldSizeOption("population.users", \.population.users, alsoLoweredBy: ["population.duration"])
  }
}

extension BackgroundFetchWorld: ShrinkableWorld {
  @usableFromInline package static func describe(fault: DrawKey, options: BackgroundFetchWorldOptions) -> String {
    fault.purpose == BackgroundFetchDraw.fetchFailure.purpose
      ? "user#\(fault.entity): fetch \(fault.ordinal) fails" : "user#\(fault.entity): fault \(fault.purpose)"
  }

  @usableFromInline package static func traceTags(for faults: [DrawKey], options: BackgroundFetchWorldOptions)
    -> [String]
  {
    var tags: [String] = []
    for fault in faults where !tags.contains(appName(Int(fault.entity))) {
      tags += [appName(Int(fault.entity)), "user#\(fault.entity)"]
    }
    return tags
  }

  @usableFromInline package static func minimumSize(keeping faults: [DrawKey], options: BackgroundFetchWorldOptions)
    -> Int
  {
    Int(faults.map(\.entity).max() ?? 0) + 1
  }
}
