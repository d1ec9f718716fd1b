/// One argument a subcommand takes — a flag, an option with a value, or a
/// positional argument — declared once.
///
/// A subcommand lists its declarations in its ``CommandInfo``; parsing
/// (``ArgumentReader`` reads values by declaration, and refuses to read one
/// that is not listed), the usage line, `--help`, "did you mean" and the
/// shell completion scripts all come from that list, so none of them can
/// name an argument the others do not know.
struct ArgumentDeclaration: Sendable, Equatable {
  /// How the argument appears on the command line.
  enum Kind: Sendable, Equatable {
    /// `--force`: present or not.
    case flag
    /// `--seeds <A..<B>` or `--seeds=<A..<B>`: a name and a value.
    case option
    /// `<scenario>`: a word that is not an option, in order.
    case positional
  }

  let kind: Kind
  /// `--seeds`; for a positional argument its placeholder, `<scenario>`.
  let name: String
  /// A one-letter alias, `-q`, or `nil`.
  let short: String?
  /// The value's name in usage and help, `<A..<B>`; `nil` for flags and
  /// positionals, and for options whose value is one of their choices (the
  /// choices are shown instead: `text|json|mermaid`).
  let valueName: String?
  /// Whether it may be given more than once (`--set`), or for a positional
  /// whether it takes every remaining word (`<scenario>...`).
  let repeatable: Bool
  /// Whether leaving it out is a usage error.
  let required: Bool
  /// What the command uses when it is left out, as help shows it.
  let defaultValue: ArgumentDefault?
  /// The integers an integer option takes; `nil` for other arguments.
  let range: ClosedRange<Int>?
  /// The flag that giving this option turns on (`--format` implies
  /// `--trace`), or `nil`.
  let implies: String?
  /// One sentence or two: what it does. Help wraps it to the terminal and
  /// appends what the declaration says besides (default, range, choices).
  let doc: String
  /// What a shell may offer for its value.
  let completion: ValueCompletion

  // MARK: - Declaring

  /// A flag such as `--force` or `-q, --quiet`.
  static func flag(_ name: String, short: String? = nil, _ doc: String) -> Self {
    Self(
      kind: .flag, name: name, short: short, valueName: nil, repeatable: false, required: false, defaultValue: nil,
      range: nil, implies: nil, doc: doc, completion: .none)
  }

  /// An option with a value, read as text by the command.
  static func option(
    _ name: String, _ valueName: String, required: Bool = false, repeatable: Bool = false,
    default defaultValue: ArgumentDefault? = nil, completion: ValueCompletion = .none, _ doc: String
  ) -> Self {
    Self(
      kind: .option, name: name, short: nil, valueName: valueName, repeatable: repeatable, required: required,
      defaultValue: defaultValue, range: nil, implies: nil, doc: doc, completion: completion)
  }

  /// An integer option that takes the values in `range`
  /// (``ArgumentReader/integer(_:)``).
  static func integer(
    _ name: String, _ valueName: String, in range: ClosedRange<Int>, default defaultValue: ArgumentDefault,
    _ doc: String
  ) -> Self {
    Self(
      kind: .option, name: name, short: nil, valueName: valueName, repeatable: false, required: false,
      defaultValue: defaultValue, range: range, implies: nil, doc: doc, completion: .none)
  }

  /// An option whose value is one of `choices` (``ArgumentReader/choice(_:)``).
  ///
  /// - Parameters:
  ///   - valueName: The value's name in usage and help; `nil` shows the
  ///     choices there instead, `text|json|mermaid`.
  ///   - implies: A flag that giving this option turns on.
  static func choice(
    _ name: String, _ choices: [String], valueName: String? = nil, default defaultValue: String? = nil,
    implies: String? = nil, _ doc: String
  ) -> Self {
    Self(
      kind: .option, name: name, short: nil, valueName: valueName, repeatable: false, required: false,
      defaultValue: defaultValue.map(ArgumentDefault.word), range: nil, implies: implies, doc: doc,
      completion: .choices(choices))
  }

  /// A positional argument, `<scenario>`; with `repeatable`, every
  /// remaining word, `<scenario>...`.
  static func positional(
    _ placeholder: String, repeatable: Bool = false, required: Bool = true, completion: ValueCompletion,
    _ doc: String
  ) -> Self {
    Self(
      kind: .positional, name: placeholder, short: nil, valueName: nil, repeatable: repeatable, required: required,
      defaultValue: nil, range: nil, implies: nil, doc: doc, completion: completion)
  }

  /// `-h, --help`, which every command takes.
  static let help = flag("--help", short: "-h", "Show help information.")

  // MARK: - Derived

  /// The names it is given by on the command line: `--quiet`, `-q`. None for
  /// a positional.
  var spellings: [String] {
    guard kind != .positional else { return [] }
    return [name] + (short.map { [$0] } ?? [])
  }

  /// The value as usage and help show it: `<A..<B>`, `text|json|mermaid`.
  var valueText: String {
    valueName ?? completion.choices.joined(separator: "|")
  }

  /// The argument alone, without brackets: `--seeds <A..<B>`, `--force`,
  /// `<scenario>`.
  var synopsis: String {
    switch kind {
    case .flag: return name
    case .option: return "\(name) \(valueText)"
    case .positional: return name
    }
  }

  /// The label in help's ARGUMENTS or OPTIONS: `-q, --quiet`,
  /// `--seeds <A..<B>`, `<scenario>...`.
  var helpLabel: String {
    switch kind {
    case .flag: return (short.map { "\($0), " } ?? "") + name
    case .option: return (short.map { "\($0), " } ?? "") + synopsis
    case .positional: return name + (repeatable ? "..." : "")
    }
  }

  /// The most choices help lists in full.
  static let choicesListedInHelp = 12

  /// The doc followed by what the declaration says besides:
  /// `… (default: 8; 1 to 1000)`.
  var helpText: String {
    var notes: [String] = []
    if kind == .option && repeatable { notes.append("repeatable") }
    if valueName != nil, completion.offersChoices {
      let words = completion.choices
      // A long list (every option table) is what completion offers; help
      // names a few and the count.
      let listed = min(words.count, words.count > Self.choicesListedInHelp ? 4 : words.count)
      let rest = words.count - listed
      let more = rest == 0 ? "" : " and \(rest) more, offered by completion"
      notes.append("values: \(words.prefix(listed).joined(separator: ", "))\(more)")
    }
    if let defaultValue { notes.append("default: \(defaultValue.text)") }
    if let range { notes.append("\(range.lowerBound) to \(range.upperBound)") }
    if let implies { notes.append("implies \(implies)") }
    return notes.isEmpty ? doc : "\(doc) (\(notes.joined(separator: "; ")))"
  }
}

/// What a command uses for an argument that is left out.
enum ArgumentDefault: Sendable, Equatable {
  /// A number the reader returns itself (``ArgumentReader/integer(_:)``).
  case integer(Int)
  /// A word the reader returns itself (``ArgumentReader/choice(_:)``).
  case word(String)
  /// A value the command works out (the number of cores, an environment
  /// variable), described for help.
  case described(String)

  /// The default as help shows it.
  var text: String {
    switch self {
    case .integer(let number): return "\(number)"
    case .word(let word): return word
    case .described(let description): return description
    }
  }
}
