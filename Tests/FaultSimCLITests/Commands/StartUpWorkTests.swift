import Testing

@testable import FaultSimCLI

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
}
