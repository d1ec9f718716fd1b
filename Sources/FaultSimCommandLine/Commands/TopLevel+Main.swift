import FaultSim

extension TopLevel {
  /// Runs `faultsim` with this process's arguments and returns its exit
  /// status.
  package static func main() -> Int32 {
    // The arguments as the kernel passed them: a file name that is not UTF-8
    // stays openable (see `FileName`), where `CommandLine.arguments` would
    // replace its bytes.
    main((1..<Int(CommandLine.argc)).map { FileName.argument(CommandLine.unsafeArgv[$0]!) })
  }

  /// Parses the command line, runs one subcommand and returns its status.
  static func main(_ arguments: [String]) -> Int32 {
    var output = Output()
    defer { output.flush() }
    do {
      try dispatch(arguments, &output)
      return 0
    } catch {
      output.flush()
      Output.error(error.message)
      return error.exitCode
    }
  }

  static func dispatch(_ arguments: [String], _ output: inout Output) throws(CommandFailure) {
    guard let first = arguments.first else {
      try run(DemoCommand.self, [], &output)
      return
    }
    if ArgumentDeclaration.help.spellings.contains(first) {
      output.write(info.help(width: TerminalWidth.current))
      return
    }
    if first == versionFlag.name {
      output.write("faultsim \(version)\n")
      return
    }
    guard let command = subcommand(named: first) else {
      let message =
        first.hasPrefix("-") ? ArgumentReader.unknownOption(first, among: options) : unknownSubcommand(first)
      throw .usage(message, command: info)
    }
    try run(command, Array(arguments.dropFirst()), &output)
  }

  /// Reads a subcommand's arguments (or prints its help) and runs it.
  static func run(_ command: any Subcommand.Type, _ arguments: [String], _ output: inout Output) throws(CommandFailure)
  {
    var reader = ArgumentReader(arguments, command: command.info)
    if reader.wantsHelp() {
      output.write(command.info.help(width: TerminalWidth.current))
      return
    }
    let subcommand = try command.init(&reader)
    try reader.finish()
    try reader.checkDeclarations()
    try subcommand.run(&output)
  }
}
