/// One command line for `faultsim`, run in the sandbox: its arguments and,
/// when it reads `case.json`, the scenario file written there first.
struct CommandCase {
  /// What an accepted command must have produced, for inputs that were
  /// edited from valid ones: refusing is fine, a different result is not.
  enum Expectation {
    /// Standard output.
    case stdout(String)
    /// The contents of a file in the sandbox.
    case file(name: String, text: String)
  }

  var arguments: [String]
  var scenario: [UInt8]?
  /// Further files written into the sandbox first (an edited part).
  var files: [(name: String, bytes: [UInt8])] = []
  var expectation: Expectation?
  /// Variables set for the command besides the fuzzer's own (`PATH`,
  /// `HOME`, `LC_ALL`): a batch scheduler's, for `--shard auto`.
  var environment: [String: String] = [:]

  /// Whether the command may replace an existing output.
  var forces: Bool { arguments.contains("--force") }

  /// The values given to `--out`.
  var outputs: [String] {
    zip(arguments, arguments.dropFirst()).compactMap { $0.0 == "--out" ? $0.1 : nil }
  }

  /// The command line as a person would paste it into a shell; a very
  /// long word is shown by its start and length (the replay command has it
  /// whole).
  /// The environment comes first, as `env -i NAME=value …`, when the case
  /// sets one.
  var shellText: String {
    let variables = environment.keys.sorted().map { Self.quote("\($0)=\(environment[$0]!)") }
    let command = (["faultsim"] + arguments).map { word in
      word.count > 200 ? "<\(word.count) characters: \(Self.quote(String(word.prefix(40))))…>" : Self.quote(word)
    }
    return ((environment.isEmpty ? [] : ["env", "-i"] + variables) + command).joined(separator: " ")
  }

  static func quote(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "-_./=,:".unicodeScalars.contains($0)
    }
    if plain && !word.isEmpty { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
