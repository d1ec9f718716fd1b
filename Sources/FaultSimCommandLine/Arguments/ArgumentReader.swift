import FaultSim

/// Reads one subcommand's arguments by their declarations: options and flags
/// first, in any order, then positional arguments; anything left over is a
/// usage error.
///
/// Options take a value as `--name value` or `--name=value`. A lone `--`
/// ends the options.
///
/// Every read names an ``ArgumentDeclaration``, and the reader keeps which
/// ones were read: reading one that the command's ``CommandInfo`` does not
/// declare, or declaring one that is never read, is a bug in faultsim that
/// ``checkDeclarations()`` reports (the dispatcher calls it after every
/// subcommand has read its arguments). So the help, the completions and
/// "did you mean" — all derived from the declarations — cannot drift from
/// what is parsed.
struct ArgumentReader {
  private var arguments: [String]
  /// The arguments before `--`, as given: whether an option was given does
  /// not depend on whether it was read yet.
  let given: [String]
  private var positionalsAfterTerminator: [String] = []
  /// The positional arguments not yet read, once options are done.
  private var pending: [String]?
  let command: CommandInfo
  /// The names of the declarations read, in first-read order.
  private(set) var read: [String] = []
  /// The names of arguments read that the command does not declare.
  private(set) var undeclared: [String] = []

  init(_ arguments: [String], command: CommandInfo) {
    if let terminator = arguments.firstIndex(of: "--") {
      self.arguments = Array(arguments[..<terminator])
      positionalsAfterTerminator = Array(arguments[(terminator + 1)...])
    } else {
      self.arguments = arguments
    }
    given = self.arguments
    self.command = command
  }

  /// A usage error for this subcommand.
  func usageError(_ message: String) -> CommandFailure {
    .usage(message, command: command)
  }

  /// Whether `--help` or `-h` was given (and removes it).
  mutating func wantsHelp() -> Bool {
    flag(.help)
  }

  /// Whether the flag was given, or an option that implies it; removes
  /// every occurrence.
  mutating func flag(_ flag: ArgumentDeclaration) -> Bool {
    note(flag)
    let names = flag.spellings
    let before = arguments.count
    arguments.removeAll { names.contains($0) }
    return arguments.count != before
      || command.arguments.contains { $0.implies == flag.name && has($0) }
  }

  /// Whether the option or flag was given (`--name` or `--name=value`);
  /// does not read it.
  func has(_ argument: ArgumentDeclaration) -> Bool {
    argument.spellings.contains { name in given.contains { $0 == name || $0.hasPrefix(name + "=") } }
  }

  /// Every value of a repeatable option, in order.
  mutating func values(_ option: ArgumentDeclaration) throws(CommandFailure) -> [String] {
    note(option)
    let spellings = option.spellings
    var found: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if spellings.contains(argument) {
        guard index + 1 < arguments.count, !isOptionLike(arguments[index + 1]) else {
          throw usageError("Missing value for '\(option.name) <value>'")
        }
        found.append(arguments[index + 1])
        arguments.removeSubrange(index...(index + 1))
      } else if let spelling = spellings.first(where: { argument.hasPrefix($0 + "=") }) {
        found.append(String(argument.dropFirst(spelling.count + 1)))
        arguments.remove(at: index)
      } else {
        index += 1
      }
    }
    return found
  }

  /// The value of a single-valued option, or `nil` when absent.
  mutating func value(_ option: ArgumentDeclaration) throws(CommandFailure) -> String? {
    let found = try values(option)
    guard found.count <= 1 else {
      throw usageError("'\(option.name)' was given \(found.count) times; give it once")
    }
    return found.first
  }

  /// The value of a required option; its absence is a usage error that,
  /// when a mistyped option is left over, names it.
  mutating func requiredValue(_ option: ArgumentDeclaration) throws(CommandFailure) -> String {
    if let value = try value(option) { return value }
    let name = option.name
    var message = "Missing expected argument '\(option.synopsis)'"
    // An option the command declares, not read yet, is not a typo.
    let typo = arguments.first { argument in
      isOptionLike(argument) && !command.optionSpellings.contains(Self.optionName(argument))
        && SpellingSuggestion.closest(to: Self.optionName(argument), among: [name]) == name
    }
    if let typo { message += "; '\(Self.optionName(typo))' is not an option: did you mean '\(name)'?" }
    throw usageError(message)
  }

  /// The file name of an output option such as `--out`, or `nil` when
  /// absent; an empty name is a usage error.
  mutating func outputPath(_ option: ArgumentDeclaration) throws(CommandFailure) -> String? {
    guard let path = try value(option) else { return nil }
    return try nonEmptyPath(path, option.name)
  }

  /// The file name of a required output option such as plot's `--out`.
  mutating func requiredOutputPath(_ option: ArgumentDeclaration) throws(CommandFailure) -> String {
    try nonEmptyPath(try requiredValue(option), option.name)
  }

  private func nonEmptyPath(_ path: String, _ name: String) throws(CommandFailure) -> String {
    guard !path.isEmpty else { throw usageError("'\(name)' expects a file name, got an empty string") }
    return path
  }

  /// The value of an integer option, checked against its declared range,
  /// or `nil` when absent.
  mutating func givenInteger(_ option: ArgumentDeclaration) throws(CommandFailure) -> Int? {
    guard let text = try value(option) else { return nil }
    let range = option.range ?? Int.min...Int.max
    guard let number = Int(text), range.contains(number) else {
      throw usageError(
        "'\(option.name)' expects an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
    }
    return number
  }

  /// The value of an integer option, or its declared default when absent.
  mutating func integer(_ option: ArgumentDeclaration) throws(CommandFailure) -> Int {
    guard case .integer(let fallback) = option.defaultValue else {
      preconditionFailure("\(option.name) declares no integer default; read it with givenInteger(_:)")
    }
    return try givenInteger(option) ?? fallback
  }

  /// A 64-bit unsigned integer option (seeds), or its declared default
  /// when absent.
  mutating func unsigned(_ option: ArgumentDeclaration) throws(CommandFailure) -> UInt64 {
    guard case .integer(let fallback) = option.defaultValue, fallback >= 0 else {
      preconditionFailure("\(option.name) declares no non-negative integer default")
    }
    guard let text = try value(option) else { return UInt64(fallback) }
    guard let number = UInt64(text) else {
      throw usageError("'\(option.name)' expects an integer in 0...\(UInt64.max), got '\(text)'")
    }
    return number
  }

  /// The value of an option or positional argument that takes one of its
  /// declared choices; its declared default (or `nil`) when absent.
  mutating func choice(_ argument: ArgumentDeclaration) throws(CommandFailure) -> String? {
    let text: String?
    if argument.kind == .positional {
      text = argument.required ? try positional(argument) : try optionalPositional(argument)
    } else {
      text = try value(argument)
    }
    let choices = argument.completion.choices
    guard let text else {
      if case .word(let fallback) = argument.defaultValue { return fallback }
      return nil
    }
    guard choices.contains(text) else {
      throw usageError("'\(argument.name)' expects \(Self.alternatives(choices)), got '\(text)'")
    }
    return text
  }

  /// The next positional argument; its absence is a usage error.
  mutating func positional(_ argument: ArgumentDeclaration) throws(CommandFailure) -> String {
    guard let value = try optionalPositional(argument) else {
      throw usageError("Missing expected argument '\(argument.name)'")
    }
    return value
  }

  /// The next positional argument, or `nil` when there is none. The first
  /// positional read ends the options: any option left is an error.
  mutating func optionalPositional(_ argument: ArgumentDeclaration) throws(CommandFailure) -> String? {
    note(argument)
    var remaining = try remainingPositionals()
    guard !remaining.isEmpty else { return nil }
    let first = remaining.removeFirst()
    pending = remaining
    return first
  }

  /// Every remaining positional argument, for a repeatable one such as
  /// `<scenario>...`; none is a usage error when it is required.
  mutating func positionals(_ argument: ArgumentDeclaration) throws(CommandFailure) -> [String] {
    note(argument)
    let remaining = try remainingPositionals()
    pending = []
    if remaining.isEmpty && argument.required {
      throw usageError("Missing expected argument '\(argument.name)...'")
    }
    return remaining
  }

  private mutating func remainingPositionals() throws(CommandFailure) -> [String] {
    if let pending { return pending }
    if let option = arguments.first(where: isOptionLike) {
      throw usageError(Self.unknownOption(option, among: command.optionSpellings))
    }
    let remaining = arguments + positionalsAfterTerminator
    arguments = []
    positionalsAfterTerminator = []
    pending = remaining
    return remaining
  }

  /// Ensures nothing is left: no unknown option, no extra argument.
  mutating func finish() throws(CommandFailure) {
    let rest = try remainingPositionals()
    if let extra = rest.first {
      throw usageError("Unexpected argument '\(extra)'")
    }
  }

  /// Refuses, as a bug in faultsim (70), a subcommand that read an argument
  /// it does not declare or declares one it never read: either would be
  /// help, completions or "did you mean" that do not match the parsing.
  func checkDeclarations() throws(CommandFailure) {
    let unread = command.declarations.map(\.name).filter { !read.contains($0) }
    guard undeclared.isEmpty && unread.isEmpty else {
      var problems: [String] = []
      if !undeclared.isEmpty { problems.append("reads \(undeclared.joined(separator: ", ")) without declaring it") }
      if !unread.isEmpty { problems.append("declares \(unread.joined(separator: ", ")) without reading it") }
      throw .software(
        "'\(command.commandLine)' \(problems.joined(separator: " and ")); this is a bug in faultsim, please report it")
    }
  }

  /// `Unknown option '--sed'; did you mean '--seed'?`
  static func unknownOption(_ option: String, among names: [String]) -> String {
    let name = optionName(option)
    var message = "Unknown option '\(name)'"
    if let suggestion = SpellingSuggestion.closest(to: name, among: names) {
      message += "; did you mean '\(suggestion)'?"
    }
    return message
  }

  /// `--out` of `--out=x.csv`.
  static func optionName(_ argument: String) -> String {
    argument.firstIndex(of: "=").map { String(argument[..<$0]) } ?? argument
  }

  /// `text, json or mermaid`.
  static func alternatives(_ words: [String]) -> String {
    guard let last = words.last, words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + last
  }

  /// Keeps that `argument` was read, and whether it is declared.
  private mutating func note(_ argument: ArgumentDeclaration) {
    let declared = argument == .help || command.arguments.contains(argument)
    if !declared && !undeclared.contains(argument.name) {
      undeclared.append(argument.name)
    }
    if !read.contains(argument.name) { read.append(argument.name) }
  }

  /// `-x` or `--name`, but not `-` and not a value that starts with a
  /// minus and a digit (`-3`, `-3..<2`): those reach the option that takes
  /// them, which says what is wrong with them.
  private func isOptionLike(_ argument: String) -> Bool {
    let utf8 = argument.utf8
    guard utf8.count > 1, utf8.first == UInt8(ascii: "-") else { return false }
    let second = utf8[utf8.index(after: utf8.startIndex)]
    return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second)
  }
}
