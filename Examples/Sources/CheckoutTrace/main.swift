// checkout-trace: one seed's timeline of the reference checkout, its orders
// placed by the Checkout package's clients. The same seed prints the same
// bytes in every process: CI runs it twice and compares.
import CheckoutSimulation
import Foundation

let usage = "checkout-trace [--seed <n>] [--orders <n>] [--client naive|idempotent|both] [--counts]"
let help = """
  OVERVIEW: Prints one seed's timeline of the reference checkout (5% of
  requests and 10% of responses lost, 1 s timeout, 3 attempts), its orders
  placed by the naive client, the idempotent one, or both.

  USAGE: \(usage)

  OPTIONS:
    --seed <n>      The seed of the run (default: 3).
    --orders <n>    Orders placed, 1 to 100000 (default: 10).
    --client <c>    naive, idempotent or both (default: both).
    --counts        Print only each client's counts, from a run that keeps
                    no timeline (as a property's runs do).
    -h, --help      Show help information.

  """

/// Writes `line` to standard error.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Stops with a usage error, as swift-argument-parser does.
func usageError(_ message: String) -> Never {
  printError("Error: \(message)\nUsage: \(usage)\n  See 'checkout-trace --help' for more information.")
  exit(64)
}

var seed: UInt64 = 3
var orders = 10
var versions = CheckoutVersion.allCases
var countsOnly = false
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
  case "--orders":
    let text = value()
    guard let parsed = Int(text), (1...100_000).contains(parsed) else {
      usageError("--orders must be a whole number from 1 to 100000, not '\(text)'")
    }
    orders = parsed
  case "--client":
    let text = value()
    if text == "both" {
      versions = CheckoutVersion.allCases
    } else if let version = CheckoutVersion(rawValue: text) {
      versions = [version]
    } else {
      usageError("--client must be naive, idempotent or both, not '\(text)'")
    }
  case "--counts":
    countsOnly = true
  default:
    usageError("unknown argument '\(argument)'")
  }
}

do {
  for (index, version) in versions.enumerated() {
    if index > 0 { print() }
    let text =
      countsOnly ? try version.counts(seed: seed, orders: orders) : try version.timeline(seed: seed, orders: orders)
    print(text, terminator: "")
  }
} catch {
  printError("Error: \(error)")
  exit(1)
}
