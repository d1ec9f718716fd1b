/// Why a command did not complete, and the exit status that says so
/// (BSD `sysexits.h`, as swift-argument-parser uses them).
enum CommandFailure: Error {
  /// Bad command line: unknown subcommand or flag, missing or bad value. 64.
  case usage(String, command: CommandInfo)
  /// Bad scenario or input data. 65.
  case data(String)
  /// An input file that does not exist or cannot be read. 66.
  case missingInput(String)
  /// An output that could not be written. 73.
  case cannotCreate(String)
  /// The run was interrupted by a signal. 130.
  case interrupted(String)
  /// A failure inside FaultSim itself. 70.
  case software(String)
  /// A failure whose messages were already printed; only the status remains.
  case quiet(Int32)

  var exitCode: Int32 {
    switch self {
    case .usage: return 64
    case .data: return 65
    case .missingInput: return 66
    case .software: return 70
    case .cannotCreate: return 73
    case .interrupted: return 130
    case .quiet(let status): return status
    }
  }

  /// The text for stderr: `Error: …`, and for usage errors the usage line
  /// and where to read more.
  var message: String {
    switch self {
    case .usage(let message, let command):
      return """
        Error: \(message)
        Usage: \(command.usage)
          See '\(command.helpCommand)' for more information.

        """
    case .data(let message), .missingInput(let message), .cannotCreate(let message),
      .interrupted(let message), .software(let message):
      return "Error: \(message)\n"
    case .quiet:
      return ""
    }
  }
}
