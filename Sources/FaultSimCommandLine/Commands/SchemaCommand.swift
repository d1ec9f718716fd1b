import FaultSim

/// `faultsim schema`: the JSON Schema of scenario files, or one option
/// table as Markdown, both derived from the option tables.
struct SchemaCommand: Subcommand {
  static let name = "schema"
  static let abstract = "Print the JSON Schema of scenario files (or one table of their options as Markdown)."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    arguments: declaredArguments,
    discussion: [
      "The schema (JSON Schema draft 2020-12) is what schemas/faultsim-scenario.schema.json holds and what the shipped scenarios name in \"$schema\", so editors complete and check their keys. It checks keys, types, ranges of numbers and allowed strings; 'faultsim check' also checks the rules across keys and the bounds of durations."
    ],
    examples: [
      "faultsim schema > faultsim-scenario.schema.json",
      "faultsim schema --markdown \(Scenario.World.names[0]).client",
    ]
  )

  @Argument(
    .option(
      "--markdown", "<table>", completion: .optionTables,
      "Print one table of scenario keys as Markdown instead: 'scenario' (the keys of every scenario), "
        + "'distribution', a world (\(Scenario.World.names.joined(separator: ", "))) or one of its objects "
        + "('\(Scenario.World.names[0]).client')."))
  var table: String?

  func validate(_ arguments: ArgumentReader) throws(CommandFailure) {
    if let table, ScenarioOptionDocs.table(table) == nil {
      var message = "'\(table)' names no option table"
      if let suggestion = SpellingSuggestion.closest(to: table, among: ScenarioOptionDocs.tableNames) {
        message += "; did you mean '\(suggestion)'?"
      } else {
        message +=
          "; try 'scenario', 'distribution', a world or a world's section such as "
          + "'\(Scenario.World.names[0]).client'"
      }
      throw arguments.usageError(message)
    }
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    if let table, let text = ScenarioOptionDocs.table(table) {
      output.write(text + "\n")
    } else {
      output.write(ScenarioSchema.text)
    }
  }
}
