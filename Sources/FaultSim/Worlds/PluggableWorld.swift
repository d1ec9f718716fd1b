/// A world that any command can open (``Scenario/World/open(_:)``): every
/// world of FaultSim. `faultsim run`, `sweep`, `explore`, `check` and
/// `merge` and the property API work with any of them.
///
/// What only some worlds have is asked for at run time: a world with no
/// operation to repeat says why (`UnprobedWorld`),
/// and `explore` reports it as not probed.
public typealias PluggableWorld = ScenarioWorld
