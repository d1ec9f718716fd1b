/// A world that can say, before a run, about how much work one run of given
/// options is, so that a run or sweep that would take far longer than a
/// person waits is refused up front with the option to change.
///
/// The unit is the engine's: one handled event. Work a model does inside
/// one event in proportion to something the options set (walking past the
/// server restarts since the last event) is counted in the same unit, at
/// its measured cost.
@usableFromInline package protocol WorkSizedWorld: ScenarioWorld {
  /// About how much work one run of these options is, and what makes most
  /// of it.
  static func estimatedWork(_ options: Options) -> WorkEstimate
}

/// How much work one run is expected to be: events, or their equivalent.
@usableFromInline package struct WorkEstimate: Hashable, Sendable {
  /// Events, and work inside events counted at the cost of an event.
  @usableFromInline package var events: UInt64
  /// What makes most of the work, with the options that set it: `about
  /// 2,592,000,000 restarts: server.restarts.meanInterval is 1ms over about
  /// 720h of arrivals`; names the option to change.
  @usableFromInline package var cause: String

  /// An estimate; see the properties for each argument.
  @usableFromInline package init(events: UInt64, cause: String) {
    self.events = events
    self.cause = cause
  }
}

extension SimulatedWorld {
  /// A world that cannot say how much work a run is: no estimate.
  @inlinable
  static func workEstimate(_ options: Options) -> WorkEstimate? { nil }
}

extension SimulatedWorld where Self: WorkSizedWorld {
  /// A world that can: its estimate.
  @inlinable
  static func workEstimate(_ options: Options) -> WorkEstimate? { estimatedWork(options) }
}
