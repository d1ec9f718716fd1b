/// Reads one subcommand's arguments: options and flags first, in any order,
/// then positional arguments; anything left over is a usage error.
///
/// Options take a value as `--name value` or `--name=value`. A lone `--`
/// ends the options.
struct ArgumentReader {
  private var arguments: [String]
  private var positionalsAfterTerminator: [String] = []
  let command: CommandInfo

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
    let before = arguments.count
    arguments.removeAll { names.contains($0) }
    return arguments.count != before
  }

  /// Every value of a repeatable option, in order.
  mutating func values(_ name: String) throws(CommandFailure) -> [String] {
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
      throw usageError("Unknown option '\(option)'")
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

  private func isOptionLike(_ argument: String) -> Bool {
    argument.count > 1 && argument.hasPrefix("-") && Int(argument) == nil
  }
}
