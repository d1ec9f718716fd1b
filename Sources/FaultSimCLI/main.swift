// faultsim: the command-line interface of FaultSim.
import FaultSim
import Foundation

/// Parses the command line, runs one subcommand and exits with its status.
func main(_ arguments: [String]) -> Int32 {
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

func dispatch(_ arguments: [String], _ output: inout Output) throws(CommandFailure) {
  guard let first = arguments.first else {
    var reader = ArgumentReader([], command: DemoCommand.info)
    try DemoCommand(&reader).run(&output)
    return
  }
  switch first {
  case "--help", "-h":
    output.write(TopLevel.info.help)
    return
  case "--version":
    output.write("faultsim \(TopLevel.version)\n")
    return
  case "help":
    guard let name = arguments.dropFirst().first else {
      output.write(TopLevel.info.help)
      return
    }
    guard let command = TopLevel.subcommand(named: name) else {
      throw .usage(TopLevel.unknownSubcommand(name), command: TopLevel.info)
    }
    output.write(command.info.help)
    return
  default:
    break
  }
  guard let command = TopLevel.subcommand(named: first) else {
    let message =
      first.hasPrefix("-")
      ? ArgumentReader.unknownOption(first, among: TopLevel.options) : TopLevel.unknownSubcommand(first)
    throw .usage(message, command: TopLevel.info)
  }
  var reader = ArgumentReader(Array(arguments.dropFirst()), command: command.info)
  if reader.wantsHelp() {
    output.write(command.info.help)
    return
  }
  try command.init(&reader).run(&output)
}

// The arguments as the kernel passed them: a file name that is not UTF-8
// stays openable (see `FileName`), where `CommandLine.arguments` would
// replace its bytes.
exit(main((1..<Int(CommandLine.argc)).map { FileName.argument(CommandLine.unsafeArgv[$0]!) }))
