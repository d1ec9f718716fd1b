import Testing

@testable import FaultSimCommandLine

/// Start-up does only what the command prints: the top-level help lists the
/// subcommands from their names and abstracts, and a run names its columns
/// only for a `--fail-if` condition. These tests pin the shortcuts to what
/// they stand for.
@Suite struct StartUpWorkTests {
  /// The name and abstract a subcommand declares are its description's.
  @Test func everySubcommandsNameAndAbstractAreThoseOfItsDescription() {
    for command in TopLevel.subcommands {
      #expect(command.info.name == command.name)
      #expect(command.info.abstract == command.abstract)
    }
    let summaries = TopLevel.info.subcommandSummaries
    #expect(summaries.map(\.name) == TopLevel.info.subcommands.map(\.name))
    #expect(summaries.map(\.abstract) == TopLevel.info.subcommands.map(\.abstract))
    #expect(TopLevel.subcommand(named: "sweep") == SweepCommand.self)
    #expect(TopLevel.info.subcommand(named: "sweep")?.name == "sweep")
    #expect(TopLevel.info.subcommand(named: "swep") == nil)
  }

  /// The arguments collected as a command is made are its ``Argument``
  /// properties, each once, in the order they are written: what reflection
  /// finds, without its cost.
  @Test func collectedArgumentsAreTheCommandsArgumentProperties() {
    for command in TopLevel.subcommands {
      let reflected = Mirror(reflecting: command.init()).children.compactMap {
        ($0.value as? any DeclaredArgument)?.declaration.name
      }
      #expect(command.declaredArguments.map(\.name) == reflected, "\(command.name)")
      #expect(command.info.arguments.map(\.name) == reflected, "\(command.name)")
    }
    // Outside a collection an argument adds itself nowhere, and a
    // collection inside another keeps its own.
    _ = RunCommand()
    let (_, outer) = ArgumentCollection.collecting { () -> Int in
      let inner = ArgumentCollection.collecting { LessonsCommand() }.arguments
      #expect(inner.map(\.declaration.name) == LessonsCommand.declaredArguments.map(\.name))
      _ = RunCommand()
      return inner.count
    }
    #expect(outer.map(\.declaration.name) == RunCommand.declaredArguments.map(\.name))
  }

  /// Without a condition there is nothing to check the columns against, so
  /// they are not named.
  @Test func aGateWithoutConditionsDoesNotNameTheColumns() throws {
    var reader = ArgumentReader([], command: RunCommand.info)
    let gate = try TableGate(&reader, declaration: TableGate.runDeclaration)
    var named = false
    func columns() -> [String] {
      named = true
      return ["duplicated"]
    }
    try gate.check(columns: columns(), command: RunCommand.info)
    #expect(!named)
  }

  /// With one, they are named and checked.
  @Test func aGateWithAConditionChecksItsColumn() throws {
    var reader = ArgumentReader(["--fail-if", "duplicatd>0"], command: RunCommand.info)
    let gate = try TableGate(&reader, declaration: TableGate.runDeclaration)
    #expect(throws: CommandFailure.self) {
      try gate.check(columns: ["duplicated"], command: RunCommand.info)
    }
  }

  /// The budget's text in integers rounds as `printf("%.1f")` does,
  /// halves to even, on both sides of each unit.
  @Test func memoryTextRoundsAsPrintfDoes() {
    var sizes: [UInt64] = [0, 1, 1 << 19, (1 << 30) - 1, 1 << 30, (1 << 30) + 1, 2 << 30, (1 << 53) - 1, 1 << 53]
    for unit: UInt64 in [1 << 20, 1 << 30] {
      for tenth in 0..<40 as Range<UInt64> {
        let exact = tenth * unit / 10
        // Around every tenth and every twentieth (the halfway cases).
        for base in [exact, tenth * unit / 20 + unit * 3] {
          sizes += [base, base &+ 1, base &- 1]
        }
      }
    }
    for bytes in sizes {
      let value = Double(bytes)
      let expected =
        value >= 1_073_741_824
        ? String(value / 1_073_741_824, printfDecimals: 1) + " GiB"
        : String(value / 1_048_576, printfDecimals: 1) + " MiB"
      #expect(MemoryBudget.text(bytes) == expected, "\(bytes) bytes")
    }
  }

  /// Help text wrapped byte by byte (ASCII) gives the lines the character
  /// path gives: runs of spaces, blank lines, long words, a first line of
  /// its own width; other text takes the character path.
  @Test func asciiWrappingMatchesCharacterWrapping() throws {
    let texts = [
      "", " ", "\n", "a\n", "\n\n", "one two  three   four",
      "a very-long-word-that-does-not-fit here and there\n\nnext",
      "  leading and trailing  ", "x y z\nw", String(repeating: "word ", count: 40),
      TopLevel.info.abstract,
      RunCommand.info.arguments.map(\.doc).filter { $0.utf8.allSatisfy { $0 < 0x80 } }.joined(separator: "\n"),
    ]
    for text in texts {
      for (width, first) in [(10, nil), (20, 5), (1, nil), (80, 54), (54, 54)] as [(Int, Int?)] {
        let ascii = try #require(TextWrapping.asciiLines(text, width: width, firstWidth: first))
        #expect(ascii == TextWrapping.characterLines(text, width: width, firstWidth: first), "\(text.debugDescription)")
      }
    }
    #expect(TextWrapping.asciiLines("a ≥ b", width: 80, firstWidth: nil) == nil)
    #expect(TextWrapping.asciiLines("a\r\nb", width: 80, firstWidth: nil) == nil)
  }
}
