/// What the help and error messages say about one subcommand.
struct CommandInfo: Sendable {
  /// The subcommand's name; empty for the top-level command.
  let name: String
  /// One sentence: what it does.
  let abstract: String
  /// The synopsis after `Usage: `.
  let usage: String
  /// The body of `--help` after the usage line: arguments, options, examples.
  let details: String

  /// `faultsim lessons --help`, or `faultsim --help` for the top level.
  var helpCommand: String {
    name.isEmpty ? "faultsim --help" : "faultsim \(name) --help"
  }

  /// The full `--help` text.
  var help: String {
    "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n\n\(details)"
  }
}
