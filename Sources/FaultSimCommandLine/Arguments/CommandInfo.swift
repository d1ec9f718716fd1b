/// One subcommand as its help, its usage errors and the completion scripts
/// see it: what it does and the arguments it takes, declared once.
struct CommandInfo: Sendable {
  /// The subcommand's name; empty for the top-level command.
  let name: String
  /// One sentence: what it does.
  let abstract: String
  /// Its arguments, in the order of the usage line (positionals first by
  /// convention); `-h, --help` is added by ``declarations``.
  let arguments: [ArgumentDeclaration]
  /// Paragraphs after the options in `--help`, each wrapped to the
  /// terminal; a newline inside one starts a new line.
  let discussion: [String]
  /// Command lines shown under EXAMPLES, as written (never wrapped).
  let examples: [String]
  /// The subcommands' names and abstracts, for the top-level command: all
  /// that its help lists.
  let subcommandSummaries: [(name: String, abstract: String)]
  /// Describes the subcommands in full (their arguments too), for the
  /// completion scripts and the manual page: made when asked, so that
  /// `faultsim --help` does not describe every subcommand's arguments.
  private let describeSubcommands: @Sendable () -> [CommandInfo]

  init(
    name: String, abstract: String, arguments: [ArgumentDeclaration] = [], discussion: [String] = [],
    examples: [String] = [], subcommandSummaries: [(name: String, abstract: String)] = [],
    subcommands: @escaping @Sendable () -> [CommandInfo] = { [] }
  ) {
    self.name = name
    self.abstract = abstract
    self.arguments = arguments
    self.discussion = discussion
    self.examples = examples
    self.subcommandSummaries = subcommandSummaries
    self.describeSubcommands = subcommands
  }

  /// The subcommands, for the top-level command, each described in full.
  var subcommands: [CommandInfo] { describeSubcommands() }

  /// Every argument the command takes: ``arguments`` and `--help`.
  var declarations: [ArgumentDeclaration] {
    arguments + [.help]
  }

  /// The options and flags, `--help` last, in declaration order.
  var optionDeclarations: [ArgumentDeclaration] {
    declarations.filter { $0.kind != .positional }
  }

  /// The positional arguments, in order.
  var positionalDeclarations: [ArgumentDeclaration] {
    declarations.filter { $0.kind == .positional }
  }

  /// The spellings of the options that take a value: the word after them
  /// is a value, not a positional argument.
  var valueOptionSpellings: [String] {
    declarations.filter { $0.kind == .option }.flatMap(\.spellings)
  }

  /// Every option and flag spelling, `--help` and `-h` first: the words
  /// "did you mean" chooses from.
  var optionSpellings: [String] {
    ([.help] + arguments).flatMap(\.spellings)
  }

  /// `faultsim`, or `faultsim sweep`.
  var commandLine: String {
    name.isEmpty ? "faultsim" : "faultsim \(name)"
  }

  /// `faultsim lessons --help`, or `faultsim --help` for the top level.
  var helpCommand: String {
    "\(commandLine) --help"
  }

  /// The synopsis after `Usage: `: every argument in declaration order,
  /// optional ones in brackets, repeatable ones followed by `...`, an option
  /// that implies a flag inside that flag's brackets.
  var usage: String { usageParts.joined(separator: " ") }

  /// The usage line's parts, the command line first: each argument with
  /// its brackets, which help keeps whole when it wraps the line.
  var usageParts: [String] {
    if !subcommandSummaries.isEmpty { return [commandLine, "[<subcommand>]", "[<options>]"] }
    var parts = [commandLine]
    let flags = Set(arguments.filter { $0.kind == .flag }.map(\.name))
    for argument in arguments where argument.implies.map({ !flags.contains($0) }) ?? true {
      var part = argument.synopsis
      let implied = arguments.filter { $0.implies == argument.name }.map { "[\($0.synopsis)]" }
      if !implied.isEmpty { part += " " + implied.joined(separator: " ") }
      if !argument.required { part = "[\(part)]" }
      if argument.repeatable { part += "..." }
      parts.append(part)
    }
    return parts
  }

  /// The subcommand called `name`, if any.
  func subcommand(named name: String) -> CommandInfo? {
    guard subcommandSummaries.contains(where: { $0.name == name }) else { return nil }
    return subcommands.first { $0.name == name }
  }
}
