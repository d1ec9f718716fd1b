import Foundation
import Testing

/// `run --report json` and `run --fail-if`: one run's report for CI jobs,
/// named like a sweep's columns.
@Suite struct RunReportJSONTests {
  static let small = ["--seed", "3", "--set", "workload.operations=500"]

  static func object(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func theJSONReportCarriesTheTextReportsLinesAndTheSweepsColumns() throws {
    let text = try FaultSimProcess.run(["run", "checkout-reference"] + Self.small)
    let json = try FaultSimProcess.run(["run", "checkout-reference", "--report", "json"] + Self.small)
    #expect(json.status == 0, "\(json.stderr)")
    let object = try Self.object(json.stdout)
    #expect(object["seed"] as? Int == 3)
    #expect(object["world"] as? String == "request")
    #expect(
      object["replay"] as? String == "faultsim run checkout-reference --seed 3 --set workload.operations=500 --trace")
    // Every text line appears, label and value, in the JSON report; a
    // coverage line the text only counts is named in full there.
    let report = try #require(object["report"] as? [String: String])
    let lines = text.stdout.split(separator: "\n").dropLast().map(String.init)
    #expect(lines.count == report.count)
    for line in lines {
      let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      try #require(parts.count == 2, "\(line)")
      if parts[1].hasSuffix(" (--report json names them)"), let named = report[parts[0]] {
        let count = Int(parts[1].prefix { $0.isNumber }) ?? -1
        #expect(named.split(separator: ",").count == count, "\(line) / \(named)")
      } else {
        #expect(report[parts[0]] == parts[1], "\(line)")
      }
    }
    // The columns are the sweep's, with the same values for one seed.
    let sweep = try FaultSimProcess.run(
      ["sweep", "checkout-reference", "--seeds", "3", "--set", "workload.operations=500", "--quiet"])
    #expect(sweep.status == 0, "\(sweep.stderr)")
    let rows = sweep.stdout.split(whereSeparator: \.isNewline).map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    try #require(rows.count == 2, "\(sweep.stdout)")
    let columns = try #require(object["columns"] as? [String: Any])
    #expect(columns["duplicated"] as? Int ?? -1 > 0)
    for name in ["duplicated", "lost", "succeeded", "duplicate_rate_hi", "faults_response_loss"] {
      let index = try #require(rows[0].firstIndex { $0 == name }, "\(name)")
      let value = try #require(columns[name] as? NSNumber, "\(name)")
      try #require(index < rows[1].count)
      #expect(value.doubleValue == Double(rows[1][index]), "\(name)")
    }
  }

  @Test func theJSONReportIsTheSameForTheSameSeed() throws {
    let first = try FaultSimProcess.run(["run", "checkout-keyed", "--report", "json"] + Self.small)
    let second = try FaultSimProcess.run(["run", "checkout-keyed", "--report", "json"] + Self.small)
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
  }

  @Test func theJSONReportDoesNotMixWithATimeline() throws {
    for flags in [["--trace"], ["--format", "json"]] {
      let result = try FaultSimProcess.run(["run", "checkout-keyed", "--report", "json"] + flags)
      #expect(result.status == 64)
      #expect(result.stderr.contains("--report json prints one JSON object"), "\(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test func aConditionMetFailsTheRunAfterItsReport() throws {
    let result = try FaultSimProcess.run(
      ["run", "checkout-reference", "--fail-if", "duplicated>0", "--fail-if", "lost>100000"] + Self.small)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("scenario:"))
    #expect(result.stdout.contains("replay: "))
    #expect(result.stderr.hasPrefix("--fail-if: seed 3: duplicated = "), "\(result.stderr)")
    #expect(result.stderr.hasSuffix(" meets 'duplicated>0'\n"), "\(result.stderr)")
  }

  @Test func aConditionNotMetPasses() throws {
    let result = try FaultSimProcess.run(
      ["run", "checkout-keyed", "--fail-if", "duplicated>0", "--report", "json"] + Self.small)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
  }

  @Test func aMisspeltColumnIsAUsageErrorBeforeTheRun() throws {
    let result = try FaultSimProcess.run(["run", "checkout-keyed", "--fail-if", "duplicatd>0"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("did you mean 'duplicated'?"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
