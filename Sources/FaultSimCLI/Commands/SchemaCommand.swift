import FaultSim

/// `faultsim schema`: the JSON Schema of scenario files, or one option
/// table as Markdown, both derived from the option tables.
struct SchemaCommand: Subcommand {
  static let info = CommandInfo(
    name: "schema",
    abstract: "Print the JSON Schema of scenario files (or one table of their options as Markdown).",
    usage: "faultsim schema [--markdown <table>]",
    details: """
      OPTIONS:
        --markdown <table>      Print one table of scenario keys as Markdown instead: 'scenario' (the
                                keys of every scenario), 'distribution', a world (request, transfer,
                                background-fetch) or one of its objects ('request.client').
        -h, --help              Show help information.

      The schema (JSON Schema draft 2020-12) is what schemas/faultsim-scenario.schema.json holds and
      what the shipped scenarios name in "$schema", so editors complete and check their keys. It
      checks keys, types, ranges of numbers and allowed strings; 'faultsim check' also checks the
      rules across keys and the bounds of durations.

      EXAMPLES:
        faultsim schema > faultsim-scenario.schema.json
        faultsim schema --markdown request.client

      """
  )

  var table: String?

  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    table = try arguments.value("--markdown")
    try arguments.finish()
    if let table, ScenarioOptionDocs.table(table) == nil {
      throw arguments.usageError(
        "'\(table)' names no option table; try 'scenario', 'distribution', a world or a world's section such as 'request.client'"
      )
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
