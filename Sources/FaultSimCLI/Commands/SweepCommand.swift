import FaultSim

/// `faultsim sweep`: every seed of a range for every cell of a parameter
/// grid, one CSV row per cell.
struct SweepCommand: Subcommand {
  static let info = CommandInfo(
    name: "sweep",
    abstract: "Run a range of seeds over a grid of parameter values and write one CSV row per cell.",
    usage:
      "faultsim sweep <scenario> --seeds <A..<B> [--set <key.path=value>]... [--vary <key.path=v1,v2,...>]... [--out <file>] [--force]",
    details: """
      ARGUMENTS:
        <scenario>              A scenario file (JSON).

      OPTIONS:
        --seeds <A..<B>         The seeds to run in every cell: A..<B, A...B or a single seed.
        --set <key.path=value>  Override a value in every cell (repeatable).
        --vary <key.path=v1,v2,...>
                                Vary a value; the grid is the cartesian product of all --vary lists,
                                the first varying slowest (repeatable).
        --out <file>            Write the CSV to a file (atomically) instead of standard output.
        --force                 Replace --out if it exists.
        --interleavings <k>     Orders tried per seed that meets a race, for order_sensitive_rate
                                (default 8; 1 runs FIFO only).
        -h, --help              Show help information.

      OUTPUT (RFC 4180 CSV, rows in grid order):
        One column per varied key path, then: seeds, operations, duplicated, duplicate_rate,
        duplicate_rate_lo, duplicate_rate_hi (95% Wilson interval), lost, lost_rate, uncertain,
        uncertain_rate, attempts_mean, server_requests, completion_p50_ms, completion_p99_ms,
        lost_rate_lo, lost_rate_hi, uncertain_rate_lo, uncertain_rate_hi, succeeded, amplification,
        write_calls, overload_rejections, retries_refused, makespan_mean_ms, then seeds_with_races,
        order_sensitive_rate (seeds where two of at most --interleavings orders of the same faults
        end differently, per seed), interleavings_per_seed, faultsim_version, scenario_digest.
        Transfer and background-fetch worlds have their own columns; see docs/metrics.md.

      EXAMPLES:
        faultsim sweep scenarios/checkout-reference.json --seeds 0..<20 --vary network.responseLoss=0.05,0.1,0.2
        faultsim sweep scenarios/retry-storm.json --seeds 0..<10 --vary client.backoff.jitter=none,full,equal,decorrelated --out storm.csv

      """
  )

  var path: String
  var seeds: SeedRange
  var settings: [ScenarioOverride]
  var grid: SweepGrid
  var out: String?
  var force: Bool
  var interleavings: Int

  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    force = arguments.flag("--force")
    interleavings = try arguments.integer("--interleavings", in: 1...1_000) ?? 8
    out = try arguments.value("--out")
    guard let seedText = try arguments.value("--seeds") else {
      throw arguments.usageError("Missing expected argument '--seeds <A..<B>'")
    }
    do {
      seeds = try SeedRange(parsing: seedText)
    } catch {
      throw arguments.usageError(error.description)
    }
    settings = try arguments.overrides()
    var axes: [SweepGrid.Axis] = []
    for text in try arguments.values("--vary") {
      do {
        axes.append(try SweepGrid.Axis(parsing: text))
      } catch {
        throw arguments.usageError("--vary \(text): \(error)")
      }
    }
    grid = SweepGrid(axes: axes)
    let positionals = try arguments.positionals()
    guard let path = positionals.first else { throw arguments.usageError("Missing expected argument '<scenario>'") }
    guard positionals.count == 1 else { throw arguments.usageError("Unexpected argument '\(positionals[1])'") }
    self.path = path
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    let bytes: [UInt8]
    let first: Scenario
    do {
      bytes = try ScenarioDocument.bytes(path: path)
      first = try Scenario.parse(bytes: bytes, file: path, overrides: settings + grid.cell(0))
    } catch {
      throw .scenario(error)
    }
    if let out, !force, OutputFile.exists(out) {
      throw .cannotCreate("\(out) already exists; pass --force to replace it")
    }
    let table: String
    switch first.world {
    case .request: table = try sweep(RequestWorld.self, bytes)
    case .transfer: table = try sweep(TransferWorld.self, bytes)
    case .backgroundFetch: table = try sweep(BackgroundFetchWorld.self, bytes)
    }
    if let out {
      try OutputFile.write(table, to: out, force: force)
    } else {
      output.write(table)
    }
  }

  func sweep<World: ScenarioWorld>(_ world: World.Type, _ bytes: [UInt8]) throws(CommandFailure) -> String
  where World.Options: Sendable {
    let sweep: Sweep<World>
    do {
      sweep = try Sweep<World>(
        file: path, bytes: bytes, settings: settings, grid: grid, seeds: seeds, interleavings: interleavings)
    } catch {
      switch error {
      case .scenario(let scenarioError): throw .scenario(scenarioError)
      case .tooLarge(let message): throw .data(message)
      case .simulation(let simulationError): throw .simulation(simulationError, scenario: path)
      }
    }
    do {
      return try sweep.table()
    } catch {
      throw .simulation(error, scenario: path)
    }
  }
}
