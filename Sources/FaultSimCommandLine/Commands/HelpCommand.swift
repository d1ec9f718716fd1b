/// `faultsim help [<subcommand>]`: the help of a subcommand, or of faultsim.
struct HelpCommand: Subcommand {
  static let name = "help"
  static let abstract = "Show the help of faultsim or of one of its subcommands."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    arguments: declaredArguments,
    examples: ["faultsim help sweep"]
  )

  /// The command whose help is printed; its choices are every
  /// subcommand's name (this one's too), for the completion scripts.
  @Argument(
    .positional(
      "<subcommand>", required: false,
      completion: .choices(
        TopLevel.subcommands.filter { $0 != HelpCommand.self }.map { $0.name } + [HelpCommand.name]),
      "The subcommand to describe; without one, faultsim itself."),
    read: HelpCommand.topic)
  var command: CommandInfo

  /// The subcommand named, or faultsim itself.
  static func topic(
    _ arguments: inout ArgumentReader, _ declaration: ArgumentDeclaration
  ) throws(CommandFailure) -> CommandInfo {
    guard let name = try arguments.optionalPositional(declaration) else { return TopLevel.info }
    // The message and usage of an unknown subcommand, as `faultsim nope`
    // gets them.
    guard let subcommand = TopLevel.subcommand(named: name) else {
      throw .usage(TopLevel.unknownSubcommand(name), command: TopLevel.info)
    }
    return subcommand.info
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    output.write(command.help(width: TerminalWidth.current))
  }
}
