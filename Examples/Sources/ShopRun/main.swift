// shop-run: one seed of the shop, its orders checked out by the Shop
// package's client against the ShopServer package's server, under the
// reference network and server crashes; prints the run's counts (or its
// timeline, with --trace). The same seed prints the same bytes in every
// process.
import FaultSim
import Foundation
import ShopSimulation

let usage = "shop-run [--seed <n>] [--orders <n>] [--version <v>] [--crashes <p>] [--trace]"
let versions: [(String, ShopVersion)] = [
  ("fixed", .fixed), ("key-per-attempt", .keyPerAttempt), ("check-then-insert", .checkThenInsert),
  ("key-after-commit", .keyAfterCommit),
]
let help = """
  OVERVIEW: Runs one seed of the shop: checkouts with a shared token, parallel
  lines and a keyed order, against the shop's server over a simulated
  database, on the reference network (5% of requests and 10% of responses
  lost), the server crashing at each crash point with probability --crashes.

  USAGE: \(usage)

  OPTIONS:
    --seed <n>      The seed of the run (default: 1).
    --orders <n>    Checkouts, 1 to 1000000 (default: 1000), 100 per second.
    --version <v>   \(versions.map(\.0).joined(separator: ", ")) (default: fixed).
    --crashes <p>   The probability of a crash at each crash point, 0 to 1
                    (default: 0.0001; every crash ends every request in flight).
    --trace         Print the run's timeline instead of its counts.
    -h, --help      Show help information.

  """

/// Stops with a usage error, as swift-argument-parser does.
func usageError(_ message: String) -> Never {
  FileHandle.standardError.write(
    Data("Error: \(message)\nUsage: \(usage)\n  See 'shop-run --help' for more information.\n".utf8))
  exit(64)
}

var seed: UInt64 = 1
var orders = 1_000
var version = ShopVersion.fixed
var crashes = 0.0001
var tracing = false
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
    guard let parsed = UInt64(text) else { usageError("invalid value '\(text)' for '--seed': not a seed") }
    seed = parsed
  case "--orders":
    let text = value()
    guard let parsed = Int(text), (1...1_000_000).contains(parsed) else {
      usageError("invalid value '\(text)' for '--orders': from 1 to 1000000")
    }
    orders = parsed
  case "--version":
    let text = value()
    guard let found = versions.first(where: { $0.0 == text }) else {
      usageError("invalid value '\(text)' for '--version': one of \(versions.map(\.0).joined(separator: ", "))")
    }
    version = found.1
  case "--crashes":
    let text = value()
    guard let parsed = Double(text), (0...1).contains(parsed) else {
      usageError("invalid value '\(text)' for '--crashes': a probability from 0 to 1")
    }
    crashes = parsed
  case "--trace":
    tracing = true
  default:
    usageError("unknown option '\(argument)'")
  }
}

do {
  let world = try Scenario.shop(orders: orders, over: "\(max(orders / 100, 1))s").shop(version, crashes: crashes)
  if tracing {
    print(try world.trace(seed: seed), terminator: "")
  } else {
    let metrics = try world.measure(seeds: seed..<seed + 1)
    print("shop (\(version)), seed \(seed), crashes \(crashes)")
    print("checkouts \(metrics.operations), placed \(metrics.succeeded), unknown \(metrics.uncertain)")
    print("orders recorded twice \(metrics.duplicated), requests sent \(metrics.attempts)")
  }
} catch {
  FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
  exit(65)
}
