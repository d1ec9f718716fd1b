import Testing

@testable import FaultSimCommandLine

/// Each subcommand declares its arguments once, and parsing, usage, help and
/// "did you mean" come from that declaration: these tests read the
/// declarations in-process and fail when a command parses an argument it
/// does not declare, declares one it never parses, or when help leaves one
/// out.
@Suite struct ArgumentDeclarationTests {
  /// Every subcommand and the command lines its help shows as examples.
  static var examples: [(command: any Subcommand.Type, arguments: [String], line: String)] {
    TopLevel.subcommands.flatMap { command in
      command.info.examples.map { line -> (any Subcommand.Type, [String], String) in
        var words = ShellWords.split(line)
        // `faultsim completions zsh > file`: the command ends at the redirection.
        if let end = words.firstIndex(where: { [">", "|", ";", "&&"].contains($0) }) { words = Array(words[..<end]) }
        #expect(words.first == "faultsim", "\(line)")
        let rest = Array(words.dropFirst())
        let named = rest.first.flatMap { TopLevel.subcommand(named: $0) }
        return (named ?? DemoCommand.self, named == nil ? rest : Array(rest.dropFirst()), line)
      }
    }
  }

  /// Reads `arguments` as the dispatcher does and returns the reader.
  static func read(_ command: any Subcommand.Type, _ arguments: [String]) throws -> ArgumentReader {
    var reader = ArgumentReader(arguments, command: command.info)
    _ = reader.wantsHelp()
    _ = try command.init(&reader)
    try reader.finish()
    return reader
  }

  @Test func everyExampleParsesAndReadsExactlyTheDeclaredArguments() throws {
    var covered: Set<String> = []
    for (command, arguments, line) in Self.examples {
      let reader = try Self.read(command, arguments)
      #expect(reader.undeclared.isEmpty, "\(line): reads \(reader.undeclared) without declaring them")
      let unread = command.info.declarations.map(\.name).filter { !reader.read.contains($0) }
      #expect(unread.isEmpty, "\(line): declares \(unread) without reading them")
      #expect(throws: Never.self) { try reader.checkDeclarations() }
      covered.insert(command.info.name)
    }
    // Every subcommand has an example, so every one is checked.
    #expect(covered == Set(TopLevel.subcommands.map { $0.info.name }))
  }

  /// The check itself: a command that reads an option it does not declare,
  /// and declares one it does not read, is a bug (70) naming both.
  @Test func aCommandThatParsesAnUndeclaredOptionOrLeavesADeclaredOneUnreadIsRefused() throws {
    let declared = ArgumentDeclaration.flag("--declared", "Declared, never read.")
    let undeclared = ArgumentDeclaration.flag("--undeclared", "Read, never declared.")
    let info = CommandInfo(name: "broken", abstract: "A command whose declarations drift.", arguments: [declared])
    var reader = ArgumentReader(["--undeclared"], command: info)
    _ = reader.wantsHelp()
    let given = reader.flag(undeclared)
    #expect(given)
    try reader.finish()
    #expect(reader.undeclared == ["--undeclared"])
    do {
      try reader.checkDeclarations()
      Issue.record("a drifting declaration passed the check")
    } catch {
      #expect(error.exitCode == 70)
      #expect(error.message.contains("reads --undeclared without declaring it"), "\(error.message)")
      #expect(error.message.contains("declares --declared without reading it"), "\(error.message)")
    }
    // A different declaration under a declared name is not the declared one.
    let lookalike = ArgumentDeclaration.flag("--declared", "Another doc.")
    var other = ArgumentReader([], command: info)
    _ = other.wantsHelp()
    _ = other.flag(lookalike)
    #expect(other.undeclared == ["--declared"])
  }

  @Test func declarationsAreConsistent() {
    for info in [TopLevel.info] + TopLevel.info.subcommands {
      let spellings = info.optionSpellings
      #expect(Set(spellings).count == spellings.count, "\(info.commandLine): a spelling declared twice")
      for argument in info.declarations {
        let label = "\(info.commandLine) \(argument.name)"
        #expect(!argument.doc.isEmpty, "\(label)")
        if argument.kind == .positional {
          #expect(argument.name.hasPrefix("<") && argument.name.hasSuffix(">"), "\(label)")
        } else {
          #expect(argument.name.hasPrefix("--"), "\(label)")
          #expect(argument.short.map { $0.count == 2 && $0.hasPrefix("-") } ?? true, "\(label)")
        }
        if argument.kind == .option { #expect(!argument.valueText.isEmpty, "\(label)") }
        if let range = argument.range, case .integer(let value) = argument.defaultValue {
          #expect(range.contains(value), "\(label): the default is outside its range")
        }
        if let implied = argument.implies {
          #expect(info.arguments.contains { $0.kind == .flag && $0.name == implied }, "\(label) implies \(implied)")
        }
        if case .choices(let words) = argument.completion {
          #expect(!words.isEmpty, "\(label)")
          if case .word(let value) = argument.defaultValue { #expect(words.contains(value), "\(label)") }
        }
      }
      // Positionals: a repeatable one is the last.
      let positionals = info.arguments.filter { $0.kind == .positional }
      #expect(positionals.dropLast().allSatisfy { !$0.repeatable }, "\(info.commandLine)")
    }
  }

  @Test func helpDocumentsEveryDeclaredArgumentAndUsageNamesEveryOne() {
    for info in [TopLevel.info] + TopLevel.info.subcommands {
      let help = info.help(width: 80)
      for argument in info.declarations {
        #expect(help.contains("  \(argument.helpLabel)"), "\(info.commandLine) --help lacks \(argument.helpLabel)")
        // The doc's words, however wrapped.
        let words = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(words.contains(argument.helpText), "\(info.commandLine) --help lacks the doc of \(argument.name)")
        if info.subcommands.isEmpty && argument != .help {
          #expect(info.usage.contains(argument.synopsis), "\(info.commandLine) usage lacks \(argument.synopsis)")
        }
      }
      #expect(help.hasPrefix("OVERVIEW: "))
      // The usage line, however wrapped.
      let usage = help.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE: ") } ?? ""
      #expect(
        usage.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") == "USAGE: \(info.usage)",
        "\(info.commandLine): \(usage)")
    }
    // The options the issue found undocumented.
    let sweep = SweepCommand.info.help(width: 80)
    for label in ["-q, --quiet", "--interleavings <k>", "--memory-budget <size>", "--strict"] {
      #expect(sweep.contains("\n  \(label) "), "\(label)")
    }
  }

  @Test func usageLinesAreDerivedAsTheyWereWritten() {
    #expect(
      RunCommand.info.usage
        == "faultsim run <scenario> [--seed <n>] [--trace [--format text|json|mermaid]] [--report text|json] [--set <key.path=value>]... [--order <order>] [--fail-if <column><op><value>]... [--memory-budget <size>] [--max-events <n|none>] [--strict]"
    )
    #expect(CheckCommand.info.usage == "faultsim check <scenario>... [--strict] [--junit <file>] [--force]")
    #expect(
      PlotCommand.info.usage
        == "faultsim plot <table.csv> --x <column> --y <column> [--series <column>]... [--title <text>] --out <plot.svg> [--force]"
    )
    #expect(HelpCommand.info.usage == "faultsim help [<subcommand>]")
    #expect(TopLevel.info.usage == "faultsim [<subcommand>] [<options>]")
  }

  @Test(arguments: [40, 60, 80, 132])
  func helpIsWrappedToTheWidthAndAlignedInOneColumn(width: Int) {
    for info in [TopLevel.info] + TopLevel.info.subcommands {
      let help = info.help(width: width)
      var section = ""
      for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
        // A section is a title in capitals and what follows up to a blank line.
        if line.isEmpty { section = "" }
        if line.hasSuffix(":") && line.allSatisfy({ $0.isUppercase || $0 == ":" }) { section = String(line) }
        // Examples are command lines: never broken.
        if section == "EXAMPLES:" { continue }
        // Usage breaks between arguments, never inside one: a line longer
        // than the terminal holds one argument alone.
        if line.hasPrefix("USAGE: ") { section = "USAGE:" }
        if section == "USAGE:" {
          let head = "USAGE: \(info.usageParts[0])"
          let body = (line.hasPrefix(head) ? line.dropFirst(head.count) : line).trimmingCharacters(in: .whitespaces)
          #expect(
            line.count <= width || info.usageParts.dropFirst().contains(body),
            "\(info.commandLine) at \(width): \(line)")
          continue
        }
        // Only a word longer than the line may make it longer.
        #expect(
          line.count <= width || line.split(separator: " ").count == 1, "\(info.commandLine) at \(width): \(line)")
        guard ["ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:"].contains(section), line != Substring(section), !line.isEmpty
        else { continue }
        // A label in column 2, or a description in column 26; a label
        // followed by its description on the same line puts it there too.
        let characters = Array(line)
        let indent = characters.prefix { $0 == " " }.count
        #expect(indent == 2 || indent == CommandInfo.descriptionColumn, "\(info.commandLine): \(line)")
        if indent == 2,
          let gap = characters.indices.dropFirst(2).dropLast().first(where: {
            characters[$0] == " " && characters[$0 + 1] == " "
          })
        {
          let start = characters[gap...].firstIndex { $0 != " " }
          #expect(start == CommandInfo.descriptionColumn, "\(info.commandLine): \(line)")
        }
      }
    }
  }

  @Test func aLongLabelPutsItsDescriptionOnTheNextLine() {
    let help = SweepCommand.info.help(width: 80)
    #expect(
      help.contains(
        "\n  --vary <key.path=v1,v2,...>\n                          Vary a value; the grid is the cartesian product of all\n"
      ), "\(help)")
    #expect(help.contains("\n  --seeds <A..<B>         The seeds to run in every cell: A..<B, A...B or a\n"))
  }

  @Test func theWidthIsColumnsThenTheTerminalThen80() {
    #expect(TerminalWidth.width(environment: [:], terminalColumns: nil) == 80)
    #expect(TerminalWidth.width(environment: [:], terminalColumns: 120) == 120)
    #expect(TerminalWidth.width(environment: ["COLUMNS": "100"], terminalColumns: 120) == 100)
    #expect(TerminalWidth.width(environment: ["COLUMNS": "x"], terminalColumns: nil) == 80)
    #expect(TerminalWidth.width(environment: ["COLUMNS": "0"], terminalColumns: 90) == 90)
    #expect(TerminalWidth.width(environment: ["COLUMNS": "10"], terminalColumns: nil) == TerminalWidth.minimum)
  }

  @Test func wrappingBreaksAtSpacesAndKeepsLongWordsWhole() {
    #expect(TextWrapping.lines("a bb ccc dddd", width: 6) == ["a bb", "ccc", "dddd"])
    #expect(TextWrapping.lines("averyveryverylongword x", width: 5) == ["averyveryverylongword", "x"])
    #expect(TextWrapping.lines("one two three", width: 20, firstWidth: 4) == ["one", "two three"])
    #expect(TextWrapping.lines("a\nb c", width: 80) == ["a", "b c"])
    #expect(TextWrapping.hanging("aa bb cc", width: 10, indent: 4, firstColumn: 6) == "aa\n    bb cc")
  }

  @Test func didYouMeanChoosesFromTheDeclaredSpellings() throws {
    var reader = ArgumentReader(["x.json", "--limt=5"], command: ExploreCommand.info)
    do {
      _ = try ExploreCommand(&reader)
      Issue.record("an unknown option passed")
    } catch {
      #expect(error.message.hasPrefix("Error: Unknown option '--limt'; did you mean '--limit'?\n"), "\(error.message)")
      #expect(error.exitCode == 64)
    }
    #expect(ExploreCommand.info.optionSpellings.contains("--limit"))
    var quiet = ArgumentReader(["x.json", "--seeds", "0..<2", "-q"], command: SweepCommand.info)
    #expect(try SweepCommand(&quiet).quiet)
  }

  @Test func anOptionThatImpliesAFlagTurnsItOn() throws {
    var reader = ArgumentReader(["x.json", "--format=json"], command: RunCommand.info)
    let run = try RunCommand(&reader)
    #expect(run.trace && run.format == .json)
    var plain = ArgumentReader(["x.json"], command: RunCommand.info)
    let fifo = try RunCommand(&plain)
    #expect(!fifo.trace && fifo.format == .text && fifo.strategy == .fifo && fifo.seed == 0)
  }
}

/// Splits a command line as a POSIX shell does, for the examples in help:
/// words at spaces, quotes removed; no expansion.
enum ShellWords {
  static func split(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
