/// What runs when a world runs: the state of one run and the router that
/// changes it (``SimulationModel``), and what the engine reads of it once
/// the run has ended.
///
/// Each world has one model — `RequestWorldModel` for the request world,
/// `TransferWorldModel` for the transfer world — generic over the parts a
/// user may give in Swift. The world types users name (``RequestWorld``,
/// ``CustomRequestWorld``, ``UserCodeRequestWorld``, and the transfer
/// world's three) hold no state: each is its options and what commands
/// need to know about them, and says which specialisation of its world's
/// model runs them (`SimulatedWorld.model(_:)`). The engine runs that model
/// directly, so no world forwards an event.
@usableFromInline
protocol WorldModel: SimulationModel {
  /// What a run measures.
  associatedtype Metrics
  /// How a run ended.
  associatedtype FinalState: WorldFinalState

  /// Restores the initial state for another run, keeping the storage.
  mutating func reset()

  /// The metrics of the run that just ended.
  func metrics(events: UInt64) -> Metrics

  /// The final state of the run that just ended.
  func finalState() -> FinalState

  /// Tells the model that nobody will ask for the ``finalState()`` of its
  /// next runs, only for their metrics and ``finalStateDigest()``: a model
  /// may then fold each entity into its metrics as soon as nothing can
  /// change it and forget it, so that memory grows with the entities in
  /// flight rather than with the entities run (the request world's does).
  /// The default keeps everything.
  mutating func dropFinalStates()

  /// A digest of the final state of the run that just ended: equal final
  /// states have equal digests. Compare it only with digests of the same
  /// world. The default is `finalState().digest`; a model that drops its
  /// final states (``dropFinalStates()``) computes it as it folds.
  func finalStateDigest() -> UInt64
}

extension WorldModel {
  /// Keeps everything: the final state stays available.
  @inlinable
  mutating func dropFinalStates() {}

  /// The digest of ``finalState()``.
  @inlinable
  func finalStateDigest() -> UInt64 { finalState().digest }
}
