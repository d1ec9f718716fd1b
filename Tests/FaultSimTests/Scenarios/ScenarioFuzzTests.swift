import Foundation
import Testing

@testable import FaultSim

/// Thousands of mutated scenario files: each is either loaded or rejected
/// with a message; none crashes or hangs. The ones that load are run for a
/// seed, shrunk to a small size, so model arithmetic meets odd values too,
/// and their metrics must satisfy their world's invariants.
@Suite struct ScenarioFuzzTests {
  static var corpus: [(name: String, bytes: [UInt8])] {
    ScenarioTests.shipped.compactMap { name in
      (try? Data(contentsOf: ScenarioTests.folder.appendingPathComponent(name))).map { (name, Array($0)) }
    }
  }

  /// Values a mutation puts in place of another.
  static let replacements: [String] = [
    "null", "true", "false", "0", "-1", "1", "2.5", "1e308", "-1e308", "1e20", "18446744073709551616", "[]", "{}",
    "\"\"", "\"x\"", "\"1s\"", "\"-1s\"", "\"0.0000000001ns\"", "\"99999999999999h\"", "[1,2,3]",
    "{\"distribution\": \"uniform\", \"min\": \"5s\", \"max\": \"1s\"}",
    "{\"distribution\": \"lognormal\", \"median\": \"1ms\", \"sigma\": 5}",
    "{\"distribution\": \"normal\", \"mean\": \"0s\", \"standardDeviation\": \"1d\"}",
    "\"\\ud800\"", String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000),
  ]

  @Test func mutatedScenariosLoadOrFailWithAMessage() throws {
    var random = Xoshiro256StarStar(seed: 2026)
    let corpus = Self.corpus
    #expect(corpus.count >= 20)
    var loaded = 0
    var rejected = 0
    for round in 0..<6_000 {
      let (name, original) = corpus[Int(random.next(below: UInt64(corpus.count)))]
      var bytes = original
      switch random.next(below: 8) {
      case 0:  // byte flips
        for _ in 0...random.next(below: 4) where !bytes.isEmpty {
          bytes[Int(random.next(below: UInt64(bytes.count)))] = UInt8(truncatingIfNeeded: random.next())
        }
      case 1:  // truncation
        bytes = Array(bytes.prefix(Int(random.next(below: UInt64(bytes.count + 1)))))
      case 2:  // invalid UTF-8 inserted
        let at = Int(random.next(below: UInt64(bytes.count + 1)))
        bytes.insert(contentsOf: [0xC3, 0x28, 0xFF, 0xFE], at: at)
      case 3, 4, 5:  // plausible values in new places: numbers, durations, choices
        var text = String(decoding: bytes, as: UTF8.self)
        for _ in 0..<(1 + random.next(below: 4)) {
          let numbers = ["0", "0.5", "1", "3", "100", "0.999"]
          let durations = ["\"0s\"", "\"1ms\"", "\"2s\"", "\"1m\"", "\"1h\""]
          let colons = text.indices.filter { text[$0] == ":" }
          guard !colons.isEmpty else { break }
          let colon = colons[Int(random.next(below: UInt64(colons.count)))]
          let valueStart = text.index(after: colon)
          let valueEnd = text[valueStart...].firstIndex { $0 == "," || $0 == "}" || $0 == "\n" } ?? text.endIndex
          let old = text[valueStart..<valueEnd].trimmingCharacters(in: .whitespaces)
          let pool = old.hasPrefix("\"") ? durations : numbers
          text =
            String(text[..<valueStart]) + " " + pool[Int(random.next(below: UInt64(pool.count)))] + text[valueEnd...]
        }
        bytes = Array(text.utf8)
      default:  // a value replaced by another kind, size or sign
        let text = String(decoding: bytes, as: UTF8.self)
        let colons = text.indices.filter { text[$0] == ":" }
        guard let colon = colons.isEmpty ? nil : colons[Int(random.next(below: UInt64(colons.count)))] else { continue }
        let valueStart = text.index(after: colon)
        let valueEnd = text[valueStart...].firstIndex { $0 == "," || $0 == "}" || $0 == "\n" } ?? text.endIndex
        let replacement = Self.replacements[Int(random.next(below: UInt64(Self.replacements.count)))]
        bytes = Array((text[..<valueStart] + " " + replacement + text[valueEnd...]).utf8)
      }
      let scenario: Scenario
      do {
        scenario = try Scenario.parse(bytes: bytes, file: "\(name)#\(round)")
      } catch {
        rejected += 1
        #expect(error.description.hasPrefix("\(name)#\(round)"), "\(error)")
        continue
      }
      loaded += 1
      Self.runSmall(scenario)
    }
    #expect(loaded > 200 && rejected > 1_000, "loaded \(loaded), rejected \(rejected)")
  }

  /// Runs one seed of a loaded scenario, shrunk so that fuzzing stays fast.
  static func runSmall(_ scenario: Scenario) {
    do throws(SimulationError) {
      if var options = RequestWorld.options(of: scenario.world) {
        options.workload.operations = min(options.workload.operations, 30)
        let metrics = try RequestWorld.runOnce(options, seed: 1, strategy: .fifo, tracing: false).metrics
        #expect(metrics.invariantViolation() == nil, "\(scenario.file): \(metrics.invariantViolation() ?? "")")
      } else if var options = TransferWorld.options(of: scenario.world) {
        options.workload.users = min(options.workload.users, 3)
        options.workload.filesPerUser = min(options.workload.filesPerUser, 4)
        let metrics = try TransferWorld.runOnce(options, seed: 1, strategy: .fifo, tracing: false).metrics
        #expect(metrics.invariantViolation() == nil, "\(scenario.file): \(metrics.invariantViolation() ?? "")")
      } else if var options = BackgroundFetchWorld.options(of: scenario.world) {
        options.population.users = min(options.population.users, 3)
        let metrics = try BackgroundFetchWorld.runOnce(options, seed: 1, strategy: .fifo, tracing: false).metrics
        #expect(metrics.invariantViolation() == nil, "\(scenario.file): \(metrics.invariantViolation() ?? "")")
      } else {
        Issue.record("\(scenario.file): a world this test does not know: \(scenario.world.name)")
      }
    } catch {
      // A run may stop with an error (e.g. the clock's range); it must not trap.
      #expect(!error.description.isEmpty)
    }
  }

  @Test func hostileCommandLineValuesAreRejectedWithMessages() {
    var random = Xoshiro256StarStar(seed: 7)
    let pieces = [
      "0", "1", "-1", "..<", "...", "/", "=", ".", "[", "]", "a", "99999999999999999999", ",", "\"", "{", "auto",
    ]
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<random.next(below: 6) { text += pieces[Int(random.next(below: UInt64(pieces.count)))] }
      _ = try? SeedRange(parsing: text)
      _ = try? SweepShard(parsing: text, environment: [:])
      _ = try? ScenarioOverride(parsing: text)
      _ = try? SweepGrid.Axis(parsing: text)
      _ = try? CSVReader.records(text)
    }
  }
}
