/// A world with the core and every capability: what `faultsim run`, `sweep`,
/// `explore`, `check` and `merge` and the property API need, and what every
/// world of the registry is, so that any command can open any scenario
/// (``Scenario/World/open(_:)``).
public typealias PluggableWorld = ProbedWorld & ShrinkableWorld & MemorySizedWorld
