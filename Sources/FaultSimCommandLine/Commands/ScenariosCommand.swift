import FaultSim

/// `faultsim scenarios`: the scenarios that ship with FaultSim, one line
/// each, which every command takes by name from any directory.
struct ScenariosCommand: Subcommand {
  static let name = "scenarios"
  static let abstract = "List the scenarios that ship with FaultSim, one line each."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    discussion: [
      "Each line is a name, its world and the first sentence of its description. Every command that takes a scenario takes these names from any directory, as 'faultsim run checkout-reference', and so does their path in FaultSim's repository ('scenarios/checkout-reference.json', as replay lines print it) when no such file exists there. A file of yours always wins over a shipped name."
    ],
    examples: [
      "faultsim scenarios",
      "faultsim run checkout-keyed --seed 1",
    ]
  )

  func run(_ output: inout Output) throws(CommandFailure) {
    var rows: [(name: String, world: String, summary: String)] = []
    for name in Scenario.shippedNames {
      do {
        let scenario = try Scenario.shipped(name)
        rows.append((name, scenario.world.name, Self.firstSentence(of: scenario.description)))
      } catch {
        throw .scenario(error)
      }
    }
    let nameWidth = rows.map(\.name.count).max() ?? 0
    let worldWidth = rows.map(\.world.count).max() ?? 0
    for row in rows {
      output.write("\(row.name.rightPadded(to: nameWidth))  \(row.world.rightPadded(to: worldWidth))  \(row.summary)\n")
    }
  }

  /// The description up to its first full stop followed by a space.
  static func firstSentence(of text: String) -> String {
    let characters = Array(text)
    for index in characters.indices.dropLast() where characters[index] == "." && characters[index + 1] == " " {
      return String(characters[...index])
    }
    return text
  }
}
