import FaultSim

/// `faultsim check`: validates scenario files without running them.
struct CheckCommand: Subcommand {
  static let scenarios = ArgumentDeclaration.positional(
    "<scenario>", repeatable: true, completion: .file(extensions: ["json"]),
    "Scenario files (JSON), or names of shipped scenarios.")

  static let info = CommandInfo(
    name: "check",
    abstract: "Validate scenario files and say what is wrong, or ok.",
    arguments: [scenarios, StrictOption.declaration],
    discussion: [
      "Prints one line per file: 'ok' with a summary, or the first problem with its file, line, column, key path and the allowed values. Options that cannot affect the run as configured (a backoff without retries, a race window where nothing can race) are warnings on standard error: 'warning: <file>: <key.path>: <why>'. Exits 0 when every file is valid, 65 when one is invalid (or has warnings, with --strict), 66 when one cannot be read."
    ],
    examples: [
      "faultsim check scenarios/*.json",
      "faultsim check --strict scenarios/*.json",
    ]
  )

  var paths: [String]
  var strict: Bool

  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    strict = StrictOption.read(&arguments)
    paths = try arguments.positionals(Self.scenarios)
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    var worst: CommandFailure?
    for path in paths {
      do {
        let scenario = try ScenarioArgument.load(path)
        let count = scenario.warnings.count
        let warningCount = "\(count) warning\(count == 1 ? "" : "s")"
        var warnings = Warnings()
        warnings.add(scenario.warnings)
        if strict && count > 0 {
          output.write("\(FileName.display(path)): not ok with --strict: \(warningCount)\n")
          if worst == nil { worst = .data("") }
        } else {
          output.write(
            "\(FileName.display(path)): ok (\(scenario.world.summary))\(count > 0 ? ", \(warningCount)" : "")\n")
        }
        try? warnings.report(strict: false, after: &output)  // Never throws without strict.
      } catch {
        output.write("\(error.description)\n")
        let failure = CommandFailure.scenario(error)
        if worst == nil || failure.exitCode == 66 { worst = failure }
      }
    }
    if let worst { throw .quiet(worst.exitCode) }
  }
}
