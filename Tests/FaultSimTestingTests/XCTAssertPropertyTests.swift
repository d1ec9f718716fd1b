import FaultSim
import FaultSimXCTest
import XCTest

/// The XCTest form: a property that holds passes and returns its report.
/// (swift-corelibs-xctest has no XCTExpectFailure, so the failing form is
/// checked through the Swift Testing form, which shares its message.)
final class XCTAssertPropertyTests: XCTestCase {
  func testAHoldingPropertyPassesAndReturnsItsReport() throws {
    let scenario = try Scenario.parse(
      json:
        #"{"description": "t", "workload": {"operations": 200, "kind": "keyed-write"}, "network": {"responseLoss": 0.2}}"#,
      file: "t.json")
    let report = ScenarioProperty<RequestWorld>("no order is recorded twice") { $0.metrics.duplicated == 0 }
      .assertHolds(on: scenario, seeds: 0..<5, requiring: [.responseLoss])
    XCTAssertEqual(report?.holds, true)
    XCTAssertEqual(report?.seedsChecked, 5)
  }
}
