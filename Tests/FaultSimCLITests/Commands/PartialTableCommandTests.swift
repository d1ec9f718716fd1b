import Foundation
import Testing

/// `merge` and `sweep --resume` refuse parts and checkpoints that were
/// edited after FaultSim wrote them, with exit 65 and the file's name.
@Suite struct PartialTableCommandTests {
  static let base = [
    "sweep", RequestCommandTests.scenario("checkout-reference.json"), "--seeds", "0..<6", "--set",
    "workload.operations=200", "--vary", "network.responseLoss=0.1,0.3", "--quiet", "--jobs", "1",
  ]

  /// Runs the shards of the base sweep into `directory`; returns their paths.
  static func parts(in directory: URL, count: Int) throws -> [String] {
    try (1...count).map { index in
      let part = directory.appendingPathComponent("part-\(index).csv").path
      let result = try FaultSimProcess.run(Self.base + ["--shard", "\(index)/\(count)", "--out", part])
      #expect(result.status == 0, "\(result.stderr)")
      return part
    }
  }

  /// The text with the second counter of the first row's state changed, as
  /// a person editing the file by hand would.
  static func edited(_ text: String) throws -> String {
    // RFC 4180 records end in CRLF (one Character in Swift).
    var lines = text.components(separatedBy: "\r\n")
    try #require(lines.count > 3)
    let edited = lines[2].replacingOccurrences(
      of: "\"([0-9]+);([0-9]+);", with: "\"$1;1$2;", options: .regularExpression)
    #expect(edited != lines[2])
    lines[2] = edited
    return lines.joined(separator: "\r\n")
  }

  @Test func mergeRefusesAnEditedPartWithExit65NamingIt() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let parts = try Self.parts(in: directory, count: 2)
    let intact = try FaultSimProcess.run(["merge"] + parts)
    #expect(intact.status == 0, "\(intact.stderr)")
    try Self.edited(try String(contentsOfFile: parts[0], encoding: .utf8))
      .write(toFile: parts[0], atomically: true, encoding: .utf8)
    let merged = try FaultSimProcess.run(["merge"] + parts)
    #expect(merged.status == 65, "\(merged.stdout)")
    #expect(merged.stdout.isEmpty)
    #expect(merged.stderr.hasPrefix("Error: \(parts[0]): record 3: its contents do not match"), "\(merged.stderr)")
    #expect(merged.stderr.contains("Write that part again"), "\(merged.stderr)")
  }

  @Test func resumeRefusesAnEditedCheckpointWithExit65NamingIt() throws {
    let directory = try SweepScalingTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A finished shard's part is a checkpoint of that shard with nothing left to run.
    let part = try Self.parts(in: directory, count: 2)[0]
    let out = directory.appendingPathComponent("table.csv").path
    let text = try String(contentsOfFile: part, encoding: .utf8)
    try text.write(toFile: out + ".checkpoint", atomically: true, encoding: .utf8)
    let resume = Self.base + ["--shard", "1/2", "--out", out, "--resume"]
    let intact = try FaultSimProcess.run(resume)
    #expect(intact.status == 0, "\(intact.stderr)")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == text)
    try FileManager.default.removeItem(atPath: out)
    try Self.edited(text).write(toFile: out + ".checkpoint", atomically: true, encoding: .utf8)
    let edited = try FaultSimProcess.run(resume)
    #expect(edited.status == 65, "\(edited.stderr)")
    #expect(edited.stderr.hasPrefix("Error: cannot resume: \(out).checkpoint: record 3:"), "\(edited.stderr)")
    #expect(edited.stderr.contains("--force instead of --resume"), "\(edited.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out), "no table from an edited checkpoint")
    #expect(FileManager.default.fileExists(atPath: out + ".checkpoint"), "the checkpoint is kept")
  }
}
