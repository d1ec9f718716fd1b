import Testing

@testable import FaultSim

/// Each world's size is one declared option (`OptionSizedWorld`): the
/// `--set` it derives must reach the same property its size reads, through
/// the scenario reader a user's `--set` goes through, and resizing must
/// change nothing else.
@Suite struct WorldSizeOptionTests {
  /// The override a world derives sets, when read from a shipped scenario,
  /// the size that world reads; resizing gives the same options.
  func check<World: OptionSizedWorld>(_ world: World.Type, scenario: String, advice: String) throws
  where World.Options: Equatable {
    let key = World.sizeOption.key
    for size in [1, 7, 130] {
      let override = World.sizeOverride(size)
      #expect(override == "\(key)=\(size)")
      let read = try #require(
        World.options(of: Scenario.shipped(scenario, overrides: [ScenarioOverride(parsing: override)]).world))
      #expect(World.size(of: read) == size, "\(override) did not set the size \(World.self) reads")
      let original = try #require(World.options(of: Scenario.shipped(scenario).world))
      #expect(World.resized(original, to: size) == read, "resizing \(World.self) changed more than \(key)")
    }
    #expect(World.sizeKey == advice)
  }

  @Test func theRequestWorldIsSizedByItsOperations() throws {
    try check(RequestWorld.self, scenario: "checkout-reference", advice: "workload.operations")
  }

  @Test func theTransferWorldIsSizedByItsUsers() throws {
    try check(
      TransferWorld.self, scenario: "podcast-relaunch-blind", advice: "workload.users or workload.filesPerUser")
  }

  @Test func theBackgroundFetchWorldIsSizedByItsUsers() throws {
    try check(
      BackgroundFetchWorld.self, scenario: "background-fetch", advice: "population.users or population.duration")
  }
}
