import FaultSim

/// `faultsim` with no arguments (or `faultsim demo`): a small built-in sweep
/// that shows what FaultSim measures, in a readable table.
struct DemoCommand: Subcommand {
  static let info = CommandInfo(
    name: "demo",
    abstract: "Run a small built-in demonstration sweep and print a table (the default).",
    usage: "faultsim demo [--seeds <n>]",
    details: """
      OPTIONS:
        --seeds <n>             Seeds per row (default 2000, at most 1000000).
        -h, --help              Show help information.

      One client places one order; the server's response is lost with the
      row's probability; the client times out and retries up to 3 attempts.
      Each row sweeps the seeds and counts orders the server recorded twice,
      with a 95% Wilson interval.

      EXAMPLES:
        faultsim
        faultsim demo --seeds 10000

      """
  )

  var seeds = 2_000

  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    seeds = try arguments.integer("--seeds", in: 1...1_000_000) ?? seeds
    try arguments.finish()
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    var table = TextTable(
      headers: ["order", "response loss", "seeds", "duplicated", "duplicate rate", "95% interval"],
      alignments: [.left, .right, .right, .right, .right, .left]
    )
    for (label, key) in [("keyless", nil), ("keyed", "k-9")] as [(String, String?)] {
      for loss in [0.05, 0.10, 0.30] {
        let configuration = SingleOrderWorld.Configuration(budget: 3, key: key, responseLoss: loss)
        var simulation = Simulation(model: SingleOrderWorld(configuration))
        var duplicated: UInt64 = 0
        do {
          for seed in 0..<UInt64(seeds) {
            _ = try simulation.run(seed: seed, model: SingleOrderWorld(configuration))
            if simulation.model.ledger.entries.count > 1 { duplicated += 1 }
          }
        } catch {
          throw .software("the demonstration failed: \(error)")
        }
        let interval = WilsonInterval(successes: duplicated, trials: UInt64(seeds))
        table.append([
          label, DecimalText.percent(loss, 0), "\(seeds)", "\(duplicated)",
          DecimalText.percent(Double(duplicated) / Double(seeds), 2),
          "[\(DecimalText.percent(interval.lower, 2)), \(DecimalText.percent(interval.upper, 2))]",
        ])
      }
    }
    output.write("FaultSim demonstration: an order retried after lost responses (budget 3 attempts)\n\n")
    output.write(table.rendered)
    output.write("\nWithout an idempotency key, every lost response that is retried records the order again.\n")
    output.write("Try 'faultsim lessons', or 'faultsim --help' for every subcommand.\n")
  }
}
