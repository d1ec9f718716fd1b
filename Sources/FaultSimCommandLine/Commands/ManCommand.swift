import FaultSim

/// `faultsim man`: the manual page faultsim(1) in roff, made from the same
/// declarations as `--help` (``CommandInfo/manPage(version:exitStatuses:environment:)``).
struct ManCommand: Subcommand {
  static let name = "man"
  static let abstract = "Print the manual page faultsim(1) in roff."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    discussion: [
      "It is made from the declarations behind --help, so it lists what --help lists. 'make install' installs it; to read it without installing, pipe it to 'man -l -'."
    ],
    examples: ["faultsim man | man -l -", "faultsim man > faultsim.1"]
  )

  func run(_ output: inout Output) throws(CommandFailure) {
    let environment =
      [("COLUMNS", "The width help text is wrapped to, when standard output is not a terminal that says.")]
      + SweepShard.schedulers.flatMap { scheduler in
        scheduler.variables.map { ($0, "Read by 'sweep --shard auto' in \(scheduler.name).") }
      }
    output.write(
      TopLevel.info.manPage(
        version: TopLevel.version, exitStatuses: CommandFailure.exitStatuses, environment: environment))
  }
}
