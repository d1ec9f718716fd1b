import FaultSim

/// Reads one subcommand's arguments: options and flags first, in any order,
/// then positional arguments; anything left over is a usage error.
///
/// Options take a value as `--name value` or `--name=value`. A lone `--`
/// ends the options.
///
/// Like `ScenarioObjectReader`, it remembers every name the subcommand asked
/// for: those are its options, so an unknown one gets "did you mean" from
/// the same place that parses them, and no list of flags can drift.
struct ArgumentReader {
  private var arguments: [String]
  private var positionalsAfterTerminator: [String] = []
  let command: CommandInfo
  /// The option and flag names asked for, in first-asked order.
  private(set) var knownNames: [String] = []

  init(_ arguments: [String], command: CommandInfo) {
    if let terminator = arguments.firstIndex(of: "--") {
      self.arguments = Array(arguments[..<terminator])
      positionalsAfterTerminator = Array(arguments[(terminator + 1)...])
    } else {
      self.arguments = arguments
    }
    self.command = command
  }

  /// A usage error for this subcommand.
  func usageError(_ message: String) -> CommandFailure {
    .usage(message, command: command)
  }

  /// Whether `--help` or `-h` was given (and removes it).
  mutating func wantsHelp() -> Bool {
    flag("--help", "-h")
  }

  /// Whether any of `names` was given; removes every occurrence.
  mutating func flag(_ names: String...) -> Bool {
    for name in names { know(name) }
    let before = arguments.count
    arguments.removeAll { names.contains($0) }
    return arguments.count != before
  }

  /// Whether an option or flag named `name` is present (`--name` or
  /// `--name=value`); does not consume it.
  func has(_ name: String) -> Bool {
    arguments.contains { $0 == name || $0.hasPrefix(name + "=") }
  }

  /// Every value of a repeatable option, in order.
  mutating func values(_ name: String) throws(CommandFailure) -> [String] {
    know(name)
    var found: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == name {
        guard index + 1 < arguments.count, !isOptionLike(arguments[index + 1]) else {
          throw usageError("Missing value for '\(name) <value>'")
        }
        found.append(arguments[index + 1])
        arguments.removeSubrange(index...(index + 1))
      } else if argument.hasPrefix(name + "=") {
        found.append(String(argument.dropFirst(name.count + 1)))
        arguments.remove(at: index)
      } else {
        index += 1
      }
    }
    return found
  }

  /// The value of a single-valued option, or `nil` when absent.
  mutating func value(_ name: String) throws(CommandFailure) -> String? {
    let found = try values(name)
    guard found.count <= 1 else {
      throw usageError("'\(name)' was given \(found.count) times; give it once")
    }
    return found.first
  }

  /// The value of a required option; its absence is a usage error that,
  /// when a mistyped option is left over, names it.
  ///
  /// - Parameter placeholder: The value's name in messages, e.g. `<A..<B>`.
  mutating func requiredValue(_ name: String, _ placeholder: String) throws(CommandFailure) -> String {
    if let value = try value(name) { return value }
    var message = "Missing expected argument '\(name) \(placeholder)'"
    let typo = arguments.first { argument in
      isOptionLike(argument) && SpellingSuggestion.closest(to: Self.optionName(argument), among: [name]) == name
    }
    if let typo { message += "; '\(Self.optionName(typo))' is not an option: did you mean '\(name)'?" }
    throw usageError(message)
  }

  /// The file name of an output option such as `--out`, or `nil` when
  /// absent; an empty name is a usage error.
  mutating func outputPath(_ name: String) throws(CommandFailure) -> String? {
    guard let path = try value(name) else { return nil }
    return try nonEmptyPath(path, name)
  }

  /// The file name of a required output option such as plot's `--out`.
  mutating func requiredOutputPath(_ name: String, _ placeholder: String) throws(CommandFailure) -> String {
    try nonEmptyPath(try requiredValue(name, placeholder), name)
  }

  private func nonEmptyPath(_ path: String, _ name: String) throws(CommandFailure) -> String {
    guard !path.isEmpty else { throw usageError("'\(name)' expects a file name, got an empty string") }
    return path
  }

  /// A non-negative integer option.
  mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(CommandFailure) -> Int? {
    guard let text = try value(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw usageError("'\(name)' expects an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
    }
    return number
  }

  /// A 64-bit unsigned integer option (seeds).
  mutating func unsigned(_ name: String) throws(CommandFailure) -> UInt64? {
    guard let text = try value(name) else { return nil }
    guard let number = UInt64(text) else {
      throw usageError("'\(name)' expects an integer in 0...\(UInt64.max), got '\(text)'")
    }
    return number
  }

  /// The remaining positional arguments; any remaining option is an error.
  mutating func positionals() throws(CommandFailure) -> [String] {
    if let option = arguments.first(where: isOptionLike) {
      throw usageError(Self.unknownOption(option, among: knownNames))
    }
    defer {
      arguments = []
      positionalsAfterTerminator = []
    }
    return arguments + positionalsAfterTerminator
  }

  /// Ensures nothing is left: no unknown option, no extra argument.
  mutating func finish() throws(CommandFailure) {
    let rest = try positionals()
    if let extra = rest.first {
      throw usageError("Unexpected argument '\(extra)'")
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

  private mutating func know(_ name: String) {
    if !knownNames.contains(name) { knownNames.append(name) }
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
