import FaultSim

/// The text `faultsim run` prints for one run: aligned `name: value` lines.
enum RunReport {
  static func render<World: ScenarioWorld>(
    _ world: World.Type, scenario: Scenario, seed: UInt64, metrics: World.Metrics, summary: RunSummary
  ) -> String {
    let lines = self.lines(
      World.self, scenario: scenario, seed: seed, metrics: metrics, summary: summary, quiet: compactedQuietKinds)
    var width = 0
    for line in lines { width = max(width, line.0.count) }
    // A loop, not `map` and `joined`: `joined` on `[String]` runs
    // unspecialised here and asks the runtime for the array's conformances
    // (a scan of every conformance record of the binary, once per process).
    var text = ""
    for line in lines {
      text += "\(line.0):".rightPadded(to: width + 2)
      text += line.1
      text += "\n"
    }
    return text
  }

  /// The report's `name: value` lines, in order: the scenario and seed,
  /// the world's ``WorldMetrics/runReport``, events, virtual time, race
  /// choices and fault coverage.
  ///
  /// - Parameter quiet: The text of a `never fired` or `never met` line
  ///   from its label and kinds; by default their names.
  static func lines<World: ScenarioWorld>(
    _ world: World.Type, scenario: Scenario, seed: UInt64, metrics: World.Metrics, summary: RunSummary,
    quiet: (_ label: String, _ kinds: [World.Draws]) -> String = { _, kinds in
      kinds.map(\.name).joined(separator: ", ")
    }
  ) -> [(String, String)] {
    var lines: [(String, String)] = [
      (
        "scenario",
        "\(FileName.display(scenario.name)) (\(FileName.display(scenario.file)), \(scenario.world.name) world, digest \(scenario.digest))"
      ),
      ("seed", "\(seed)"),
    ]
    lines += metrics.reportLines
    lines += [
      ("events", "\(summary.events)"),
      ("virtual time", summary.finalTime.description),
      ("race choices", raceText(summary)),
    ]
    var coverage = FaultCoverage<World.Draws>()
    coverage.add(summary)
    lines += coverage.reportLines(quiet: quiet)
    return lines
  }

  /// The most kinds a coverage line of the text report names; past it the
  /// line counts them, so that the result, not a list of what did not
  /// happen, is what the report ends on.
  static let namedKinds = 6

  /// The text of a `never fired` or `never met` line: more than
  /// ``namedKinds`` kinds as their count, whose names are then not made
  /// (`--report json` keeps every name, and the sweep's `faults_`/`races_`
  /// columns every count); fewer by name.
  static func compactedQuietKinds<Draws: DrawPurposeSet>(_ label: String, _ kinds: [Draws]) -> String {
    guard kinds.count > namedKinds else {
      // A loop, not `map` and `joined`: generic code that runs unspecialised
      // looks up a conformance, a scan of every record in a static binary.
      var text = ""
      // Indices, not `enumerated()`: its iterator's metadata would look one up.
      for position in kinds.indices { text += (position == 0 ? "" : ", ") + kinds[position].name }
      return text
    }
    let noun = label == "never fired" ? "fault kinds" : "race kinds"
    return "\(kinds.count) other \(noun) (--report json names them)"
  }

  /// `none`, `3: 0,1,0`, or the count and the first 12 choices.
  static func raceText(_ summary: RunSummary) -> String {
    let sequence = summary.choiceSequence
    guard !sequence.isEmpty else { return "none" }
    let shown = sequence.prefix(12).map(String.init).joined(separator: ",")
    let swapped = sequence.count { $0 != 0 }
    return "\(sequence.count) (\(swapped) not in FIFO order): \(shown)\(sequence.count > 12 ? ",…" : "")"
  }

}
