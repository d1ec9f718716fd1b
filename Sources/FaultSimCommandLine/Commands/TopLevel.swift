import FaultSim

/// The top-level command: its options, its help and the list of
/// subcommands.
package enum TopLevel {
  /// The version `--version` prints: the library's, which every table row carries.
  static let version = Scenario.faultSimVersion

  /// `--version`.
  static let versionFlag = ArgumentDeclaration.flag("--version", "Show the version.")

  /// Every subcommand, in the order help lists them.
  static var subcommands: [any Subcommand.Type] {
    [
      DemoCommand.self,
      RunCommand.self,
      SweepCommand.self,
      ExploreCommand.self,
      MergeCommand.self,
      PlotCommand.self,
      CheckCommand.self,
      ScenariosCommand.self,
      SchemaCommand.self,
      LessonsCommand.self,
      CompletionsCommand.self,
      ManCommand.self,
      HelpCommand.self,
    ]
  }

  static let info = CommandInfo(
    name: "",
    abstract:
      "A deterministic network fault simulator: what happens when a request, a transfer or an app launch happens twice, or in the other order.",
    arguments: [versionFlag],
    discussion: ["With no subcommand, faultsim runs 'demo'.\nSee 'faultsim help <subcommand>' for detailed help."],
    subcommandSummaries: subcommands.map { ($0.name, $0.abstract) },
    subcommands: { subcommands.map { $0.info } }
  )

  static func subcommand(named name: String) -> (any Subcommand.Type)? {
    subcommands.first { $0.name == name }
  }

  /// The options `faultsim` takes before a subcommand.
  static var options: [String] {
    info.optionSpellings
  }

  /// `Unknown subcommand 'swep'; did you mean 'sweep'?`
  static func unknownSubcommand(_ name: String) -> String {
    var message = "Unknown subcommand '\(name)'"
    if let suggestion = SpellingSuggestion.closest(to: name, among: subcommands.map { $0.name }) {
      message += "; did you mean '\(suggestion)'?"
    }
    return message
  }
}
