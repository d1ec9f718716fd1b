import Foundation
import Testing

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
}
