import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `run --format` and `plot` from the command line.
@Suite struct TraceAndPlotCommandTests {
  static func scenario(_ name: String) -> String { RequestCommandTests.scenario(name) }

  @Test(arguments: ["text", "json", "mermaid"])
  func everyTraceFormatIsDeterministic(format: String) throws {
    let arguments = [
      "run", Self.scenario("checkout-reference.json"), "--seed", "4", "--set", "workload.operations=3", "--set",
      "network.responseLoss=0.5", "--format", format,
    ]
    let first = try FaultSimProcess.run(arguments)
    let second = try FaultSimProcess.run(arguments)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == second.stdout)
    switch format {
    case "json": #expect(first.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("{\"time_ns\":") })
    case "mermaid": #expect(first.stdout.hasPrefix("sequenceDiagram\n"))
    default: #expect(first.stdout.contains("replay: faultsim run"))
    }
  }

  @Test func plotWritesAnSVGThatARealRendererDraws() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("faultsim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let table = directory.appendingPathComponent("table.csv").path
    let sweep = try FaultSimProcess.run([
      "sweep", Self.scenario("checkout-reference.json"), "--seeds", "0..<2", "--set", "workload.operations=500",
      "--vary", "workload.kind=keyless-write,keyed-write", "--vary", "network.responseLoss=0.1,0.2,0.3", "--out", table,
      "--quiet",
    ])
    #expect(sweep.status == 0, "\(sweep.stderr)")
    let svg = directory.appendingPathComponent("plot.svg").path
    let plot = try FaultSimProcess.run([
      "plot", table, "--x", "network.responseLoss", "--y", "duplicate_rate", "--series", "workload.kind", "--out", svg,
    ])
    #expect(plot.status == 0, "\(plot.stderr)")
    #expect(plot.stdout == "wrote \(svg): 2 series, 6 points\n")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    let missing = try FaultSimProcess.run([
      "plot", table, "--x", "nope", "--y", "duplicate_rate", "--out", svg, "--force",
    ])
    #expect(missing.status == 65)
    #expect(missing.stderr.contains("no column 'nope'"))
    // Render with rsvg-convert when the machine has it (CI installs it).
    let renderer = "/usr/bin/rsvg-convert"
    guard FileManager.default.isExecutableFile(atPath: renderer) else { return }
    let png = directory.appendingPathComponent("plot.png").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: renderer)
    process.arguments = ["-o", png, svg]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
    #expect(bytes.count > 5_000)
    #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "a PNG")
  }

  /// The README's table: two varied columns, workload.kind and network.responseLoss.
  static let table = RequestCommandTests.scenarios.deletingLastPathComponent()
    .appendingPathComponent("docs/images/duplicate-rate-vs-response-loss.csv").path

  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("faultsim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Whether `path` holds well-formed XML, by Foundation's XML parser.
  static func isWellFormedXML(_ path: String) throws -> Bool {
    XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path))).parse()
  }

  /// Runs faultsim, killing it after `seconds`: `nil` when it did not finish.
  static func run(_ arguments: [String], within seconds: Double) throws -> FaultSimProcess.Result? {
    let running = try FaultSimProcess.start(arguments)
    let deadline = Date().addingTimeInterval(seconds)
    while running.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    guard !running.process.isRunning else {
      // SIGKILL: a child of a test thread may inherit a mask that blocks SIGTERM.
      kill(running.process.processIdentifier, SIGKILL)
      _ = running.finish()
      return nil
    }
    return running.finish()
  }

  @Test func plotRefusesToDrawTwoVariedColumnsAsOneLine() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("plot.svg").path
    let zigzag = try FaultSimProcess.run([
      "plot", Self.table, "--x", "network.responseLoss", "--y", "duplicate_rate", "--out", svg,
    ])
    #expect(zigzag.status == 64, "\(zigzag.stdout)")
    #expect(
      zigzag.stderr.contains(
        "both have network.responseLoss = 0.02 in one line: the table also varies workload.kind; draw one line per value with --series workload.kind"
      ), "\(zigzag.stderr)")
    #expect(!FileManager.default.fileExists(atPath: svg))
    let lines = try FaultSimProcess.run([
      "plot", Self.table, "--x", "network.responseLoss", "--y", "duplicate_rate", "--series", "workload.kind",
      "--out", svg,
    ])
    #expect(lines.status == 0, "\(lines.stderr)")
    #expect(lines.stdout == "wrote \(svg): 2 series, 12 points\n")
    // Two series columns: one line per combination, one point each.
    let both = try FaultSimProcess.run([
      "plot", Self.table, "--x", "network.responseLoss", "--y", "duplicate_rate", "--series", "workload.kind",
      "--series", "network.responseLoss", "--out", svg, "--force",
    ])
    #expect(both.status == 0, "\(both.stderr)")
    #expect(both.stdout == "wrote \(svg): 12 series, 12 points\n")
  }

  @Test func plotRefusesAnOutputThatIsNotSVGAndSuggestsColumns() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("plot.png").path
    let arguments = [
      "plot", Self.table, "--x", "network.responseLoss", "--y", "duplicate_rate", "--series", "workload.kind",
    ]
    let refused = try FaultSimProcess.run(arguments + ["--out", png])
    #expect(refused.status == 64)
    #expect(
      refused.stderr.hasPrefix("Error: --out \(png): plot writes SVG, not PNG; name the file"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: png))
    let typo = try FaultSimProcess.run([
      "plot", Self.table, "--x", "network.responseLos", "--y", "duplicate_rate", "--out",
      directory.appendingPathComponent("plot.svg").path,
    ])
    #expect(typo.status == 65)
    #expect(
      typo.stderr.contains("no column 'network.responseLos' (did you mean 'network.responseLoss'?)"), "\(typo.stderr)")
  }

  @Test func plotOfHugeRangesFinishesWithFiniteLabels() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("huge.csv").path
    try "x,y\n-1e308,1\n1e308,2\n-1.7976931348623157e308,1e308\n".write(toFile: csv, atomically: true, encoding: .utf8)
    let svg = directory.appendingPathComponent("huge.svg").path
    let result = try #require(
      try Self.run(["plot", csv, "--x", "x", "--y", "y", "--out", svg], within: 30), "plot did not finish in 30 s")
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(!text.contains("inf") && !text.contains("nan"))
    #expect(text.contains(">1e308</text>"))
    #expect(try Self.isWellFormedXML(svg))
  }

  @Test func controlCharactersInTheTitleAndTheTableStayWellFormed() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("odd.csv").path
    try "x,\"y\u{1}<&>\",kind\n0,1,\"a\u{2}\"\n1,2,\"a\u{2}\"\n0,3,b\u{7F}\n1,4,b\u{7F}\n".write(
      toFile: csv, atomically: true, encoding: .utf8)
    let svg = directory.appendingPathComponent("odd.svg").path
    let result = try FaultSimProcess.run([
      "plot", csv, "--x", "x", "--y", "y\u{1}<&>", "--series", "kind", "--title", "rate\u{1}\u{1B}[31m & <b>", "--out",
      svg,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.isWellFormedXML(svg))
    let renderer = "/usr/bin/rsvg-convert"
    guard FileManager.default.isExecutableFile(atPath: renderer) else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: renderer)
    process.arguments = ["-o", directory.appendingPathComponent("odd.png").path, svg]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}
