import FaultSim
import Testing

/// An exploration prints as a readable summary, not a struct dump.
@Suite struct ScenarioExplorationDescriptionTests {
  @Test func anOrderSensitiveExplorationNamesItsWitness() throws {
    let world = try PropertyOrdersTests.world()
    let found = try world.explore(seed: 0, limit: 200)
    let text = "\(found)"
    #expect(found.isOrderSensitive)
    #expect(text.hasPrefix("explored "), "\(text)")
    #expect(text.contains("distinct final states — doubly-sensitive"), "\(text)")
    #expect(text.contains("FIFO among them"), "\(text)")
    #expect(text.contains("witness: FIFO ("), "\(text)")
    #expect(text.contains("more states"), "\(text)")
    #expect(!text.contains("InterleavingExploration("), "\(text)")
  }

  @Test func anExplorationWhereOrderDoesNotMatterSaysSo() throws {
    let world = try Scenario.shipped(
      "checkout-reference", overrides: [try ScenarioOverride(parsing: "workload.operations=5")]
    ).requestWorld { _ in .succeeded }
    let text = "\(try world.explore(seed: 1, limit: 20))"
    #expect(text.contains("1 distinct final state"), "\(text)")
    #expect(!text.contains("witness"), "\(text)")
  }
}
