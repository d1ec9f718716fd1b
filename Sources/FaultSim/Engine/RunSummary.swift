/// What the engine reports about one run, whatever the model.
public struct RunSummary: Hashable, Sendable {
  /// The run's seed.
  public var seed: UInt64
  /// Events handled.
  public var events: UInt64
  /// The virtual time of the last handled event.
  @usableFromInline package var finalTime: VirtualTime
  /// The race choices made, in the order they were made: with the scenario
  /// and seed, the full name of this run.
  @usableFromInline package var choices: [ChoicePoint]
  /// The faults that fired, counted by purpose.
  @usableFromInline package var faults: DrawTally

  /// A run's summary; see the properties for each argument.
  @usableFromInline package init(
    seed: UInt64, events: UInt64, finalTime: VirtualTime, choices: [ChoicePoint], faults: DrawTally = DrawTally()
  ) {
    self.seed = seed
    self.events = events
    self.finalTime = finalTime
    self.choices = choices
    self.faults = faults
  }

  /// The chosen alternative of every choice point, e.g. `[0, 1, 0]`.
  @usableFromInline package var choiceSequence: [Int] { choices.map(\.chosen) }
}
