public import FaultSim
import XCTest

extension ScenarioProperty {
  /// Checks the property over `seeds` of a scenario file and fails the
  /// running XCTest test at the calling line when it does not hold, with
  /// the same message as a report: the failing seed, the command that
  /// replays it and the shrunk timeline. `FAULTSIM_SEED=N` (or
  /// `FAULTSIM_SEEDS=A..<B`) in the environment checks only those seeds.
  ///
  /// ```swift
  /// import FaultSim
  /// import FaultSimXCTest
  /// import XCTest
  ///
  /// final class CheckoutTests: XCTestCase {
  ///   func testKeyedOrdersAreNeverRecordedTwice() throws {
  ///     let scenario = try Scenario.shipped("checkout-keyed")
  ///     ScenarioProperty<RequestWorld>("no order is recorded twice") { $0.metrics.duplicated == 0 }
  ///       .assertHolds(on: scenario, seeds: 0..<20)
  ///   }
  /// }
  /// ```
  ///
  /// - Returns: The report, or `nil` when the property could not be checked
  ///   (the failure says why).
  /// - Complexity: That of `ScenarioProperty.check(_:seeds:requiring:shrinking:)`.
  @discardableResult
  public func assertHolds(
    on scenario: Scenario, seeds: Range<UInt64>, requiring required: [World.Draws] = [],
    shrinking budget: ShrinkBudget = ShrinkBudget(), file: StaticString = #filePath, line: UInt = #line
  ) -> PropertyReport? {
    XCTPropertyAssertion.record(seeds: seeds, file: file, line: line) { (seeds: Range<UInt64>) throws(PropertyError) in
      try check(scenario, seeds: seeds, requiring: required, shrinking: budget)
    }
  }

  /// Checks the property over `seeds` of a scenario with your decisions or
  /// code plugged in, failing the running test as
  /// `assertHolds(on:seeds:…)` for a scenario file does.
  ///
  /// - Returns: The report, or `nil` when the property could not be checked.
  /// - Complexity: That of the check.
  @discardableResult
  public func assertHolds(
    on world: PluggedScenario<World>, seeds: Range<UInt64>, requiring required: [World.Draws] = [],
    shrinking budget: ShrinkBudget = ShrinkBudget(), file: StaticString = #filePath, line: UInt = #line
  ) -> PropertyReport? {
    XCTPropertyAssertion.record(seeds: seeds, file: file, line: line) { (seeds: Range<UInt64>) throws(PropertyError) in
      try check(world, seeds: seeds, requiring: required, shrinking: budget)
    }
  }

  /// Checks the property over `seeds` of a world running your async code,
  /// requiring kinds of the world it runs in (`requiring: [.responseLoss]`).
  ///
  /// - Returns: The report, or `nil` when the property could not be checked.
  /// - Complexity: That of the check.
  @discardableResult
  public func assertHolds<Base: DrawPurposeSet>(
    on world: PluggedScenario<World>, seeds: Range<UInt64>, requiring required: [Base],
    shrinking budget: ShrinkBudget = ShrinkBudget(), file: StaticString = #filePath, line: UInt = #line
  ) -> PropertyReport? where World.Draws == UserCodeDraw<Base> {
    assertHolds(
      on: world, seeds: seeds, requiring: required.map { UserCodeDraw($0) }, shrinking: budget, file: file, line: line)
  }
}

/// The check and the failure both `assertHolds` forms share.
enum XCTPropertyAssertion {
  static func record(
    seeds: Range<UInt64>, file: StaticString, line: UInt,
    _ check: (Range<UInt64>) throws(PropertyError) -> PropertyReport
  ) -> PropertyReport? {
    let chosen: Range<UInt64>
    do {
      chosen = try PropertySeeds.chosen(seeds)
    } catch {
      XCTFail("\(error)", file: file, line: line)
      return nil
    }
    do {
      let report = try check(chosen)
      if !report.holds {
        XCTFail("\(report)", file: file, line: line)
      } else {
        // XCTest has no warnings: the log shows them, at the assertion.
        for warning in report.warnings { print("\(file):\(line): warning: \(warning)") }
      }
      return report
    } catch {
      XCTFail("the property could not be checked: \(error)", file: file, line: line)
      return nil
    }
  }
}
