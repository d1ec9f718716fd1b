/// `faultsim help [<subcommand>]`: the help of a subcommand, or of faultsim.
struct HelpCommand: Subcommand {
  static let name = "help"

  /// The subcommand to describe; its choices are every subcommand's name
  /// (this one's too), for the completion scripts.
  static let topic = ArgumentDeclaration.positional(
    "<subcommand>", required: false,
    completion: .choices(
      TopLevel.subcommands.filter { $0 != HelpCommand.self }.map { $0.info.name } + [name]),
    "The subcommand to describe; without one, faultsim itself.")

  static let info = CommandInfo(
    name: name,
    abstract: "Show the help of faultsim or of one of its subcommands.",
    arguments: [topic],
    examples: ["faultsim help sweep"]
  )

  /// The command whose help is printed.
  var command: CommandInfo

  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    if let name = try arguments.optionalPositional(Self.topic) {
      // The message and usage of an unknown subcommand, as `faultsim nope`
      // gets them.
      guard let subcommand = TopLevel.subcommand(named: name) else {
        throw .usage(TopLevel.unknownSubcommand(name), command: TopLevel.info)
      }
      command = subcommand.info
    } else {
      command = TopLevel.info
    }
    try arguments.finish()
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    output.write(command.help(width: TerminalWidth.current))
  }
}
