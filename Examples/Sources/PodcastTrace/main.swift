// podcast-trace: one seed's timeline of a podcast app's downloads, made by
// the Podcasts package's downloader. The same seed prints the same bytes in
// every process: CI runs it twice and compares.
import Foundation
import PodcastSimulation

let versionNames = PodcastVersion.allCases.map(\.rawValue).joined(separator: "|")
let usage =
  "podcast-trace [--seed <n>] [--users <n>] [--reconcile \(versionNames)|all] [--scenario <name>] "
  + "[--order <a,b,...> | --explore]"
let help = """
  OVERVIEW: Prints one seed's timeline of a shipped download scenario (by
  default podcast-relaunch-blind: ten episodes per user, the app terminated
  in the background while the OS downloads, then reopened), the app's
  downloads made by PodcastDownloader with one reconcile, or each in turn.

  USAGE: \(usage)

  OPTIONS:
    --seed <n>        The seed of the run (default: 0).
    --users <n>       Users (devices), 1 to 10000 (default: 1).
    --reconcile <r>   \(PodcastVersion.allCases.map(\.rawValue).joined(separator: ", ")) or all
                      (default: all).
    --scenario <s>    A shipped download scenario: podcast-relaunch-blind,
                      finish-enqueue-race, force-quit, resume-data,
                      error-page-200, wifi-only, ... (default:
                      podcast-relaunch-blind).
    --order <a,b,...> Answer the run's races in this order (alternative
                      numbers from 0, as --explore prints them; later ones
                      FIFO). Default: FIFO.
    --explore         Instead of one timeline, run the seed in every order
                      (at most 1000) and print how the episodes end.
    -h, --help        Show help information.

  """

/// Writes `line` to standard error.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Stops with a usage error, as swift-argument-parser does.
func usageError(_ message: String) -> Never {
  printError("Error: \(message)\nUsage: \(usage)\n  See 'podcast-trace --help' for more information.")
  exit(64)
}

var seed: UInt64 = 0
var users = 1
var versions = PodcastVersion.allCases
var scenario = "podcast-relaunch-blind"
var order: [Int]?
var explore = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  func value() -> String {
    guard let value = arguments.popFirst() else { usageError("missing value for '\(argument)'") }
    return value
  }
  switch argument {
  case "-h", "--help":
    print(help, terminator: "")
    exit(0)
  case "--seed":
    let text = value()
    guard let parsed = UInt64(text) else { usageError("the seed must be a whole number from 0, not '\(text)'") }
    seed = parsed
  case "--users":
    let text = value()
    guard let parsed = Int(text), (1...10_000).contains(parsed) else {
      usageError("--users must be a whole number from 1 to 10000, not '\(text)'")
    }
    users = parsed
  case "--reconcile":
    let text = value()
    if text == "all" {
      versions = PodcastVersion.allCases
    } else if let version = PodcastVersion(rawValue: text) {
      versions = [version]
    } else {
      usageError(
        "--reconcile must be \(PodcastVersion.allCases.map(\.rawValue).joined(separator: ", ")) or all, not '\(text)'")
    }
  case "--scenario":
    scenario = value()
  case "--order":
    let text = value()
    let parsed = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
    guard !parsed.isEmpty, parsed.allSatisfy({ ($0 ?? -1) >= 0 }) else {
      usageError("--order takes alternative numbers from 0, separated by commas, not '\(text)'")
    }
    order = parsed.compactMap { $0 }
  case "--explore":
    explore = true
  default:
    usageError("unknown argument '\(argument)'")
  }
}

if explore && order != nil { usageError("--order and --explore cannot be used together") }
if let problem = PodcastVersion.problem(withScenario: scenario) { usageError("--scenario: \(problem)") }
do {
  for (index, version) in versions.enumerated() {
    if index > 0 { print() }
    if explore {
      print(try version.exploration(seed: seed, users: users, scenario: scenario), terminator: "")
    } else {
      print(try version.timeline(seed: seed, users: users, scenario: scenario, order: order), terminator: "")
    }
  }
} catch {
  printError("Error: \(error)")
  exit(1)
}
