import FaultSim

/// `faultsim check`: validates scenario files without running them.
struct CheckCommand: Subcommand {
  static let name = "check"
  static let abstract = "Validate scenario files and say what is wrong, or ok."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    arguments: declaredArguments,
    discussion: [
      "Prints one line per file: 'ok' with a summary, or the first problem with its file, line, column, key path and the allowed values. Options that cannot affect the run as configured (a backoff without retries, a race window where nothing can race) are warnings on standard error: 'warning: <file>: <key.path>: <why>'. Exits 0 when every file is valid, 65 when one is invalid (or has warnings, with --strict), 66 when one cannot be read."
    ],
    examples: [
      "faultsim check scenarios/*.json",
      "faultsim check --strict scenarios/*.json",
      "faultsim check --strict --junit check.xml --force scenarios/*.json",
    ]
  )

  @Argument(
    .positional(
      "<scenario>", repeatable: true, completion: .file(extensions: ["json"]),
      "Scenario files (JSON), or names of shipped scenarios."))
  var paths: [String]
  @Argument(StrictOption.declaration) var strict: Bool
  @Argument(
    .option(
      "--junit", "<file>", completion: .file(extensions: ["xml"]),
      "Also write a JUnit XML report for CI: one test case per scenario, failed when it is invalid (or has warnings, with --strict), with its message. Written atomically; an existing file is replaced only with --force."
    ))
  var junit: String?
  @Argument(.flag("--force", "Replace the --junit file if it exists.")) var force: Bool

  func validate(_ arguments: ArgumentReader) throws(CommandFailure) {
    if force && junit == nil {
      throw arguments.usageError("--force replaces the --junit file, and no --junit was given")
    }
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    // Refused before any file is read, so that a CI job learns of it first.
    if let junit { try OutputFile.checkWritable(junit, force: force) }
    var worst: CommandFailure?
    var report = JUnitReport(suite: "faultsim check")
    for path in paths {
      let name = FileName.display(path)
      do {
        let scenario = try ScenarioArgument.load(path)
        let count = scenario.warnings.count
        let warningCount = "\(count) warning\(count == 1 ? "" : "s")"
        var warnings = Warnings()
        warnings.add(scenario.warnings)
        let lines = warnings.lines
        if strict && count > 0 {
          let message = "\(name): not ok with --strict: \(warningCount)"
          output.write("\(message)\n")
          if worst == nil { worst = .data("") }
          report.cases.append(
            .init(
              name: name, outcome: .failed(message: message, details: lines.joined(separator: "\n") + "\n"),
              warnings: []))
        } else {
          output.write("\(name): ok (\(scenario.world.summary))\(count > 0 ? ", \(warningCount)" : "")\n")
          report.cases.append(.init(name: name, outcome: .passed, warnings: lines))
        }
        try? warnings.report(strict: false, after: &output)  // Never throws without strict.
      } catch {
        output.write("\(error.description)\n")
        let failure = CommandFailure.scenario(error)
        if worst == nil || failure.exitCode == 66 { worst = failure }
        let outcome: JUnitReport.Outcome =
          failure.exitCode == 66
          ? .error(message: error.description)
          : .failed(message: error.description, details: error.description + "\n")
        report.cases.append(.init(name: name, outcome: outcome, warnings: []))
      }
    }
    if let junit {
      output.flush()
      try OutputFile.write(report.xml, to: junit, force: force)
    }
    if let worst { throw .quiet(worst.exitCode) }
  }
}
