import FaultSim
import Testing

/// A capability is a protocol a world conforms to or not: a world with no
/// operation to repeat is not a ``ProbedWorld``, and the probe says why
/// instead of calling a stub.
@Suite struct OptionalCapabilityTests {
  @Test func aWorldWithNothingToRepeatIsNotAProbedWorld() throws {
    let worlds: [any ScenarioWorld.Type] = [RequestWorld.self, TransferWorld.self, BackgroundFetchWorld.self]
    #expect(worlds.map { $0 is any ProbedWorld.Type } == [true, true, false])
    #expect(BackgroundFetchWorld.repeatedOperationOrReason == "none (the system decides when fetches happen)")
    #expect(RequestWorld.repeatedOperationOrReason == RequestWorld.repeatedOperation)
  }

  @Test func theProbeExploresOrdersAndSkipsTheRepeatOfAWorldWithoutOne() throws {
    let scenario = try Scenario.shipped("background-fetch")
    let options = try #require(BackgroundFetchWorld.options(of: scenario.world))
    let exploration = try ScenarioExploration<BackgroundFetchWorld>.explore(options, seed: 1, limit: 4)
    #expect(exploration.repeatChanges == nil && exploration.repeatedState == nil)
    #expect(exploration.sensitivity == nil)
    #expect(!exploration.exploration.interleavings.isEmpty)
  }

  @Test func aProbedWorldStillRepeats() throws {
    let scenario = try Scenario.shipped(
      "checkout-reference", overrides: [try ScenarioOverride(parsing: "workload.operations=50")])
    let options = try #require(RequestWorld.options(of: scenario.world))
    let exploration = try ScenarioExploration<RequestWorld>.explore(options, seed: 1, limit: 2)
    #expect(exploration.repeatChanges != nil)
  }
}
