/// A world that any command can open (``Scenario/World/open(_:)``): the
/// core, shrinking and the memory a run needs — what `faultsim run`,
/// `sweep`, `explore`, `check` and `merge` and the property API need.
///
/// The repeat half of the sensitivity probe is optional: a world that has
/// an operation to repeat conforms to ``ProbedWorld`` as well, and one that
/// has none says why (``ScenarioWorld/unrepeatableBecause``).
public typealias PluggableWorld = ShrinkableWorld & MemorySizedWorld
