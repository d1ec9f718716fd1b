import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `check --junit`: a JUnit XML report of scenario validation for CI.
@Suite struct CheckJUnitTests {
  static func scenario(_ name: String) -> String { RequestCommandTests.scenario(name) }

  /// An invalid scenario whose name and message need XML escaping.
  static func invalidScenario(in directory: URL) throws -> String {
    let path = directory.appendingPathComponent("bad & <odd> \"name\".json").path
    try #"{"description": "x", "network": {"responseLoss": 2}}"#.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The report's test cases as `name outcome`, read by Python's
  /// xml.etree (a second, independent parser), or `nil` without Python.
  static func casesByPython(_ path: String) throws -> String? {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = [
      "python3", "-c",
      """
      import sys, xml.etree.ElementTree as E
      root = E.parse(sys.argv[1]).getroot()
      print(root.tag, root.get('tests'), root.get('failures'), root.get('errors'))
      for case in root.iter('testcase'):
          print(case.get('name'), ' '.join(child.tag for child in case) or 'passed')
      """,
      path,
    ]
    let pipe = Pipe()
    python.standardOutput = pipe
    python.standardError = FileHandle.nullDevice
    do { try python.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    python.waitUntilExit()
    guard python.terminationStatus == 0 else { return python.terminationStatus == 127 ? nil : "unparsable" }
    return String(decoding: data, as: UTF8.self)
  }

  @Test func everyScenarioIsATestCaseAndTheReportIsValidXML() throws {
    let directory = try TraceAndPlotCommandTests.temporaryDirectory()
    let bad = try Self.invalidScenario(in: directory)
    let missing = directory.appendingPathComponent("missing.json").path
    let report = directory.appendingPathComponent("check.xml").path
    let good = Self.scenario("checkout-keyed.json")
    let result = try FaultSimProcess.run(["check", "--junit", report, good, bad, missing])
    #expect(result.status == 66)
    #expect(try TraceAndPlotCommandTests.isWellFormedXML(report))
    let xml = try String(contentsOfFile: report, encoding: .utf8)
    #expect(xml.contains("name=\"\(directory.path)/bad &amp; &lt;odd&gt; &quot;name&quot;.json\""))
    #expect(xml.contains("<failure message=\""))
    #expect(xml.contains("network.responseLoss"))
    if let cases = try Self.casesByPython(report) {
      #expect(
        cases == """
          testsuites 3 1 1
          \(good) passed
          \(bad) failure
          \(missing) error

          """)
    }
  }

  @Test func warningsFailATestCaseOnlyWithStrict() throws {
    let directory = try TraceAndPlotCommandTests.temporaryDirectory()
    let file = try WarningCommandTests.oneAttemptWithBackoff()
    let report = directory.appendingPathComponent("check.xml").path
    let plain = try FaultSimProcess.run(["check", "--junit", report, file])
    #expect(plain.status == 0, "\(plain.stderr)")
    let plainXML = try String(contentsOfFile: report, encoding: .utf8)
    #expect(plainXML.contains("failures=\"0\""))
    #expect(plainXML.contains("<system-err>warning: "))
    let strict = try FaultSimProcess.run(["check", "--strict", "--junit", report, "--force", file])
    #expect(strict.status == 65)
    let strictXML = try String(contentsOfFile: report, encoding: .utf8)
    #expect(strictXML.contains("failures=\"1\""))
    #expect(strictXML.contains("<failure message=\"\(file): not ok with --strict: 1 warning\">"))
    #expect(try TraceAndPlotCommandTests.isWellFormedXML(report))
  }

  @Test func anExistingReportIsReplacedOnlyWithForceAndBeforeAnyCheck() throws {
    let directory = try TraceAndPlotCommandTests.temporaryDirectory()
    let report = directory.appendingPathComponent("check.xml").path
    try "keep".write(toFile: report, atomically: true, encoding: .utf8)
    let refused = try FaultSimProcess.run(["check", "--junit", report, Self.scenario("checkout-keyed.json")])
    #expect(refused.status == 73)
    #expect(refused.stdout.isEmpty)
    #expect(try String(contentsOfFile: report, encoding: .utf8) == "keep")
    let forceAlone = try FaultSimProcess.run(["check", "--force", Self.scenario("checkout-keyed.json")])
    #expect(forceAlone.status == 64)
  }
}
