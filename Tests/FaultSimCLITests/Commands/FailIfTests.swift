import Foundation
import Testing

/// `--fail-if`: a CI gate on a sweep's final table.
@Suite struct FailIfTests {
  static let small = ["--set", "workload.operations=200", "--quiet"]

  @Test func aCellThatMeetsAConditionFailsWithItsNameAfterTheWholeTable() throws {
    let result = try FaultSimProcess.run(
      [
        "sweep", "checkout-reference", "--seeds", "0..<2", "--vary", "network.responseLoss=0.0,0.2",
        "--fail-if", "duplicate_rate_hi>0.05", "--fail-if", "lost > 1000",
      ] + Self.small)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.split(whereSeparator: \.isNewline).count == 3, "the table is written in full")
    #expect(
      result.stderr
        == "--fail-if: cell 2 (network.responseLoss=0.2): duplicate_rate_hi = 0.252579 meets 'duplicate_rate_hi>0.05'\n"
    )
  }

  @Test func aTableThatMeetsNoConditionPasses() throws {
    let result = try FaultSimProcess.run(
      [
        "sweep", "checkout-keyed", "--seeds", "0..<2", "--fail-if", "duplicated>0", "--fail-if",
        "duplicate_rate_hi>=0.5",
      ]
        + Self.small)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
  }

  @Test(arguments: [
    ("duplicate_rat>0.05", "the table has no column 'duplicate_rat'; did you mean 'duplicate_rate'?"),
    ("duplicate_rate_hi", "is not a condition"),
    ("duplicate_rate_hi>lots", "is not a condition"),
    ("faultsim_version>1", "faultsim_version is not a number"),
  ])
  func aConditionThatCannotBeEvaluatedIsAUsageErrorBeforeAnyRun(condition: String, message: String) throws {
    let result = try FaultSimProcess.run(
      ["sweep", "checkout-reference", "--seeds", "0..<100000", "--fail-if", condition] + Self.small)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func aShardIsNotGatedButTheMergedTableIs() throws {
    let shard = try FaultSimProcess.run(
      ["sweep", "checkout-reference", "--seeds", "0..<4", "--shard", "1/2", "--fail-if", "duplicated>0"] + Self.small)
    #expect(shard.status == 64)
    #expect(shard.stderr.contains("give it to 'faultsim merge' instead"))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fail-if-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var parts: [String] = []
    for index in 1...2 {
      let part = directory.appendingPathComponent("part-\(index).csv").path
      let result = try FaultSimProcess.run(
        ["sweep", "checkout-reference", "--seeds", "0..<4", "--shard", "\(index)/2", "--out", part] + Self.small)
      #expect(result.status == 0, "\(result.stderr)")
      parts.append(part)
    }
    let failing = try FaultSimProcess.run(["merge"] + parts + ["--fail-if", "duplicate_rate>0.01"])
    #expect(failing.status == 1)
    #expect(failing.stderr.hasPrefix("--fail-if: cell 1: duplicate_rate = "))
    let passing = try FaultSimProcess.run(["merge"] + parts + ["--fail-if", "duplicate_rate>0.9"])
    #expect(passing.status == 0)
    #expect(passing.stdout == failing.stdout)
  }
}
