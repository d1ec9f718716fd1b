/// A shell that `faultsim completions` writes a script for.
///
/// Every script is generated from the command's declarations (the
/// ``CommandInfo`` tree under ``TopLevel/info``): subcommands, each one's
/// options and flags, and what to offer for a value (``ValueCompletion``),
/// so a new option is completed the moment it is declared.
enum CompletionShell: String, CaseIterable, Sendable {
  case bash
  case zsh
  case fish

  /// The completion script for `root` and its subcommands.
  func script(for root: CommandInfo) -> String {
    switch self {
    case .bash: return BashCompletionScript(root: root).text
    case .zsh: return ZshCompletionScript(root: root).text
    case .fish: return FishCompletionScript(root: root).text
    }
  }

  /// The first sentence of `doc`, without its full stop: a description
  /// short enough for a completion menu. A sentence ends at a full stop
  /// followed by a space and a capital letter, so "e.g. scenarios/…" does
  /// not end one.
  static func summary(_ doc: String) -> String {
    let characters = Array(doc)
    var end = characters.count
    for index in characters.indices.dropLast(2)
    where characters[index] == "." && characters[index + 1] == " " && characters[index + 2].isUppercase {
      end = index
      break
    }
    var sentence = String(characters[..<end])
    if sentence.hasSuffix(".") { sentence.removeLast() }
    return sentence
  }

  /// Whether an argument of `root` or of a subcommand completes key
  /// paths: the scripts then define the list once, in a function that every
  /// such argument calls, rather than repeating hundreds of paths.
  static func completesKeyPaths(_ root: CommandInfo) -> Bool {
    ([root] + root.subcommands).contains { command in
      (command.optionDeclarations + command.positionalDeclarations).contains { $0.completion == .keyPaths }
    }
  }

  /// `name` as a shell function name part: `faultsim_sweep`.
  static func functionName(_ command: CommandInfo) -> String {
    "_faultsim" + (command.name.isEmpty ? "" : "_" + String(command.name.map { $0.isLetter || $0.isNumber ? $0 : "_" }))
  }
}
