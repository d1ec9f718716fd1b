import FaultSim

/// `faultsim` with no arguments (or `faultsim demo`): a small built-in sweep
/// of the reference checkout that shows what FaultSim measures.
struct DemoCommand: Subcommand {
  static let name = "demo"
  static let abstract = "Run a small built-in demonstration sweep and print a table (the default)."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    arguments: declaredArguments,
    discussion: [
      "The reference checkout (scenarios/checkout-reference.json) at three response-loss rates, for three clients: keyless writes retried naively, keyless writes by a careful client that never resends after an ambiguous failure, and writes with an idempotency key. Each row counts the orders the server recorded twice (with a 95% Wilson interval) and the orders whose client gave up not knowing."
    ],
    examples: [
      "faultsim",
      "faultsim demo --seed-count 20 --orders 100000",
    ]
  )

  @Argument(
    .integer("--seed-count", "<n>", in: 1...10_000, default: .integer(5), "Seeds per row: seeds 0..<n."),
    read: DemoCommand.seedCount)
  var seeds: Int
  @Argument(.integer("--orders", "<n>", in: 1...1_000_000, default: .integer(10_000), "Orders per seed."))
  var orders: Int

  /// `--seed-count`, and `--seeds` refused with what to write.
  static func seedCount(
    _ arguments: inout ArgumentReader, _ declaration: ArgumentDeclaration
  ) throws(CommandFailure) -> Int {
    // `--seeds` names seeds in sweep ('0..<20', or one seed); here it
    // counted them. Refused rather than read either way, so neither an old
    // demo command line nor a sweep habit runs something else.
    try arguments.refuseRenamed("--seeds") { value in
      guard let count = Int(value), count > 0 else {
        return "'--seeds' is not a demo option: demo runs seeds 0..<n of each row, set with '--seed-count <n>'"
      }
      return "'--seeds' is not a demo option: demo counts its seeds with '--seed-count' "
        + "(in sweep, '--seeds \(count)' is seed \(count) alone); write: faultsim demo --seed-count \(count)"
    }
    return try arguments.integer(declaration)
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    var table = TextTable(
      headers: ["client", "response loss", "orders", "duplicated", "95% interval", "uncertain", "attempts/order"],
      alignments: [.left, .right, .right, .right, .left, .right, .right]
    )
    let clients: [(String, RequestKind, ClientOptions.Safety)] = [
      ("keyless, naive", .keylessWrite, .naive),
      ("keyless, careful", .keylessWrite, .careful),
      ("keyed", .keyedWrite, .naive),
    ]
    for (label, kind, safety) in clients {
      for loss in [0.05, 0.10, 0.30] {
        var options = RequestWorldOptions.checkoutReference(orders: orders)
        options.workload.kind = kind
        options.client.safety = safety
        options.network.responseLoss = loss
        let metrics: RequestMetrics
        do {
          metrics = try RequestWorld.measure(options, seeds: try SeedRange(0, UInt64(seeds)))
        } catch {
          throw .software("the demonstration failed: \(error)")
        }
        let (rate, interval) = metrics.duplicateRate
        table.append([
          label, DecimalText.percent(loss, 0), "\(metrics.operations)", DecimalText.percent(rate, 2),
          "[\(DecimalText.percent(interval.lower, 2)), \(DecimalText.percent(interval.upper, 2))]",
          DecimalText.percent(metrics.uncertainRate.rate, 2), DecimalText.fixed(metrics.attemptsPerOperation, 3),
        ])
      }
    }
    output.write(
      """
      FaultSim demonstration: the reference checkout (\(orders) orders x \(seeds) seeds per row, request loss 5%,
      timeout 1 s, 3 attempts, exponential backoff with full jitter)


      """)
    output.write(table.rendered)
    output.write(
      """

      A lost response looks like a lost request to the client. Retrying a keyless write records the
      order twice; not retrying leaves the client uncertain; with an idempotency key retrying is safe,
      and only clients that run out of attempts are left uncertain.
      Next: 'faultsim run scenarios/checkout-reference.json --seed 1', 'faultsim lessons', 'faultsim --help'.

      """)
  }
}
