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
  /// A `--fail-if` condition held for some cell of the table. 1.
  case gate(String)
  /// A failure whose messages were already printed; only the status remains.
  case quiet(Int32)

  var exitCode: Int32 {
    switch self {
    case .gate: return 1
    case .usage: return 64
    case .data: return 65
    case .missingInput: return 66
    case .software: return 70
    case .cannotCreate: return 73
    case .interrupted: return 130
    case .quiet(let status): return status
    }
  }

  /// What each exit status means, for the manual page: 0 and then every
  /// failure's status, in the order of the cases.
  static var exitStatuses: [(status: Int32, meaning: String)] {
    let info = CommandInfo(name: "", abstract: "")
    return [(0, "Success.")]
      + [
        (
          CommandFailure.gate(""),
          "A --fail-if condition held for a cell of the table, or for the run (which was written in full)."
        ),
        (
          .usage("", command: info),
          "Usage error: an unknown subcommand or option, a missing or bad value."
        ),
        (.data(""), "Data error: a scenario, override or table that is not valid, or a run that cannot go on."),
        (.missingInput(""), "An input file that does not exist or cannot be read."),
        (.software(""), "A failure inside FaultSim itself."),
        (.cannotCreate(""), "An output that could not be written (a full disk, a file that exists without --force)."),
        (.interrupted(""), "Interrupted by SIGINT or SIGTERM; a sweep leaves its checkpoint for --resume."),
      ].map { ($0.exitCode, $1) }
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
    case .gate(let message):
      return message + "\n"
    case .quiet:
      return ""
    }
  }
}
