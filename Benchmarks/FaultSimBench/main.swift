// faultsim-bench: release-mode benchmarks for FaultSim.
//
//   swift run -c release faultsim-bench queue [--sizes 10,1000] [--holds N] [--repetitions R] [--csv]

import Foundation

func printError(_ text: String) {
  FileHandle.standardError.write(Data(text.utf8))
}

let usage = """
  Usage: faultsim-bench <mode> [options]

  Modes:
    queue       The hold model on the pending-event set versus a binary heap.
    reference   Whole runs of the reference checkout scenario (100,000 orders).
    transfer    The podcast relaunch scaled to 10,000 users x 10 episodes, with the
                per-event cost against the reference request world.
    sweep       Seeds per second of the reference scenario with 1 and N jobs.
    async-checkout
                The reference checkout with the client written as async user code,
                against the built-in client.
    policy      A user-written naive client policy against the built-in client on the
                reference checkout, alternating runs (the ratio is the figure).
    app-policy  A user-written reconcile and completion handler against the built-in app
                on the podcast relaunch, alternating runs (the ratio is the figure).

  Options (queue):
    --sizes <list>        Pending-event counts (default 10,1000,100000,1000000).
    --holds <n>           Holds per repetition (default 10000000).
    --repetitions <n>     Repetitions per size (default 3).
    --batches <n>         Timed batches per repetition (default 20).
    --csv                 Machine-readable rows.

  Options (transfer):
    --runs <n>            Timed runs (default 10).
    --users <n>           Users of ten episodes each (default 10000).

  Options (sweep):
    --seeds <n>           Seeds per sweep (default 16).
    --orders <n>          Orders per run (default 100000).
    --jobs <n>            Parallel jobs to compare with 1 (default 2).
    --repetitions <n>     Alternating repetitions (default 5).

  Options (async-checkout):
    --runs <n>            Timed runs (default 10).
    --orders <n>          Orders per run (default 100000).

  Options (policy):
    --runs <n>            Timed runs of each client (default 20).
    --orders <n>          Orders per run (default 100000).

  Options (app-policy):
    --runs <n>            Timed runs of each app (default 10).
    --users <n>           Users of ten episodes each (default 10000).

  Options (reference):
    --runs <n>            Timed runs (default 30).
    --orders <n>          Orders per run (default 100000).
    --csv                 Machine-readable rows.
  """

func fail(_ message: String) -> Never {
  printError("Error: \(message)\n\(usage)\n")
  exit(64)
}

func positiveInteger(_ text: String, flag: String) -> Int {
  guard let value = Int(text), value > 0 else { fail("\(flag) expects a positive integer, got '\(text)'") }
  return value
}

func parse(_ arguments: [String]) -> QueueBenchmark {
  var benchmark = QueueBenchmark()
  var rest = arguments[...]
  func value(after flag: String) -> String {
    guard let value = rest.popFirst() else { fail("\(flag) needs a value") }
    return value
  }
  while let flag = rest.popFirst() {
    switch flag {
    case "--sizes":
      benchmark.sizes = value(after: flag).split(separator: ",").map { positiveInteger(String($0), flag: flag) }
    case "--holds": benchmark.holds = positiveInteger(value(after: flag), flag: flag)
    case "--repetitions": benchmark.repetitions = positiveInteger(value(after: flag), flag: flag)
    case "--batches": benchmark.batches = positiveInteger(value(after: flag), flag: flag)
    case "--csv": benchmark.csv = true
    default: fail("unknown option '\(flag)'")
    }
  }
  return benchmark
}

func parseReference(_ arguments: [String]) -> ReferenceBenchmark {
  var benchmark = ReferenceBenchmark()
  var rest = arguments[...]
  while let flag = rest.popFirst() {
    switch flag {
    case "--runs": benchmark.runs = positiveInteger(rest.popFirst() ?? "", flag: flag)
    case "--orders": benchmark.orders = positiveInteger(rest.popFirst() ?? "", flag: flag)
    case "--csv": benchmark.csv = true
    default: fail("unknown option '\(flag)'")
    }
  }
  return benchmark
}

/// A benchmark with timed runs of one size: `--runs` and one size flag.
protocol RunsBenchmark {
  init()
  var runs: Int { get set }
}

extension TransferBenchmark: RunsBenchmark {}
extension PolicyBenchmark: RunsBenchmark {}
extension AsyncCheckoutBenchmark: RunsBenchmark {}
extension AppPolicyBenchmark: RunsBenchmark {}

/// `--runs <n>` and `<sizeFlag> <n>` for a benchmark of runs.
func parseRuns<Benchmark: RunsBenchmark>(
  _ arguments: [String], _ sizeFlag: String, _ size: WritableKeyPath<Benchmark, Int>
) -> Benchmark {
  var benchmark = Benchmark()
  var rest = arguments[...]
  while let flag = rest.popFirst() {
    switch flag {
    case "--runs": benchmark.runs = positiveInteger(rest.popFirst() ?? "", flag: flag)
    case sizeFlag: benchmark[keyPath: size] = positiveInteger(rest.popFirst() ?? "", flag: flag)
    default: fail("unknown option '\(flag)'")
    }
  }
  return benchmark
}

func parseSweep(_ arguments: [String]) -> SweepBenchmark {
  var benchmark = SweepBenchmark()
  var rest = arguments[...]
  while let flag = rest.popFirst() {
    switch flag {
    case "--repetitions": benchmark.repetitions = positiveInteger(rest.popFirst() ?? "", flag: flag)
    case "--seeds": benchmark.seeds = UInt64(positiveInteger(rest.popFirst() ?? "", flag: flag))
    case "--orders": benchmark.orders = positiveInteger(rest.popFirst() ?? "", flag: flag)
    case "--jobs": benchmark.jobs = positiveInteger(rest.popFirst() ?? "", flag: flag)
    default: fail("unknown option '\(flag)'")
    }
  }
  return benchmark
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { fail("missing mode") }
// `--help` anywhere (`faultsim-bench transfer --help`) asks for the usage,
// which covers every mode's flags.
if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
  print(usage)
  exit(0)
}
do {
  switch mode {
  case "queue": try parse(Array(arguments.dropFirst())).run()
  case "reference": try parseReference(Array(arguments.dropFirst())).run()
  case "transfer": try parseRuns(Array(arguments.dropFirst()), "--users", \TransferBenchmark.users).run()
  case "sweep": try parseSweep(Array(arguments.dropFirst())).run()
  case "async-checkout": try parseRuns(Array(arguments.dropFirst()), "--orders", \AsyncCheckoutBenchmark.orders).run()
  case "policy": try parseRuns(Array(arguments.dropFirst()), "--orders", \PolicyBenchmark.orders).run()
  case "app-policy": try parseRuns(Array(arguments.dropFirst()), "--users", \AppPolicyBenchmark.users).run()
  default: fail("unknown mode '\(mode)'")
  }
} catch {
  printError("Error: \(error)\n")
  exit(1)
}
