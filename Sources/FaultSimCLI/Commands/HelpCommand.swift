import FaultSim

/// The top-level help and the list of subcommands.
enum TopLevel {
  static let version = "0.1.0"

  static var subcommands: [any Subcommand.Type] {
    [
      DemoCommand.self,
      RunCommand.self,
      SweepCommand.self,
      ExploreCommand.self,
      MergeCommand.self,
      PlotCommand.self,
      CheckCommand.self,
      SchemaCommand.self,
      LessonsCommand.self,
    ]
  }

  static let info = CommandInfo(
    name: "",
    abstract:
      "A deterministic network fault simulator: what happens when a request, a transfer or an app launch happens twice, or in the other order.",
    usage: "faultsim [<subcommand>] [<options>]",
    details: """
      OPTIONS:
        --version               Show the version.
        -h, --help              Show help information.

      SUBCOMMANDS:
      \(subcommands.map { "  \($0.info.name.rightPadded(to: 22)) \($0.info.abstract)" }.joined(separator: "\n"))

        With no subcommand, faultsim runs 'demo'.
        See 'faultsim help <subcommand>' for detailed help.

      """
  )

  static func subcommand(named name: String) -> (any Subcommand.Type)? {
    subcommands.first { $0.info.name == name }
  }

  /// The options `faultsim` takes before a subcommand.
  static let options = ["--help", "-h", "--version"]

  /// `Unknown subcommand 'swep'; did you mean 'sweep'?`
  static func unknownSubcommand(_ name: String) -> String {
    var message = "Unknown subcommand '\(name)'"
    if let suggestion = SpellingSuggestion.closest(to: name, among: subcommands.map { $0.info.name } + ["help"]) {
      message += "; did you mean '\(suggestion)'?"
    }
    return message
  }
}
