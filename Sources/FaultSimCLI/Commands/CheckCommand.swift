import FaultSim

/// `faultsim check`: validates scenario files without running them.
struct CheckCommand: Subcommand {
  static let info = CommandInfo(
    name: "check",
    abstract: "Validate scenario files and say what is wrong, or ok.",
    usage: "faultsim check <scenario>...",
    details: """
      ARGUMENTS:
        <scenario>...           Scenario files (JSON).

      OPTIONS:
        -h, --help              Show help information.

      Prints one line per file: 'ok' with a summary, or the first problem with its file, line,
      column, key path and the allowed values. Exits 0 when every file is valid, 65 when one is
      invalid, 66 when one cannot be read.

      EXAMPLES:
        faultsim check scenarios/*.json

      """
  )

  var paths: [String]

  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    paths = try arguments.positionals()
    guard !paths.isEmpty else { throw arguments.usageError("Missing expected argument '<scenario>...'") }
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    var worst: CommandFailure?
    for path in paths {
      do {
        let scenario = try Scenario.load(path: path)
        output.write("\(FileName.display(path)): ok (\(Self.summary(scenario)))\n")
      } catch {
        output.write("\(error.description)\n")
        let failure = CommandFailure.scenario(error)
        if worst == nil || failure.exitCode == 66 { worst = failure }
      }
    }
    if let worst { throw .quiet(worst.exitCode) }
  }

  static func summary(_ scenario: Scenario) -> String {
    switch scenario.world {
    case .request(let options):
      return "request world, \(options.workload.operations) \(options.workload.kind.rawValue) operations"
    case .transfer(let options):
      let workload = options.workload
      return "transfer world, \(workload.users) users × \(workload.filesPerUser) \(workload.kind.rawValue)s"
    case .backgroundFetch(let options):
      return "background-fetch world, \(options.population.users) users"
    }
  }
}
