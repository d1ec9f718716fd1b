import FaultSim

/// `faultsim lessons`: the seed lessons' measurement blocks, recomputed.
struct LessonsCommand: Subcommand {
  static let blockOption = ArgumentDeclaration.choice(
    "--block", SeedLesson.allCases.map(\.rawValue), valueName: "<name>", "Print one block.")
  static let listFlag = ArgumentDeclaration.flag("--list", "List the blocks and what each measures.")

  static let info = CommandInfo(
    name: "lessons",
    abstract: "Recompute the seed lessons' measurement blocks with FaultSim's models and print them.",
    arguments: [blockOption, listFlag],
    discussion: [
      "The four blocks come from the background-transfer lesson (relaunch, finish-enqueue-race) and the error-and-retry lesson (retry, two-worlds). Each line is computed by FaultSim's models, and the output matches the lessons byte for byte. Blocks are separated by an empty line."
    ],
    examples: [
      "faultsim lessons",
      "faultsim lessons --block finish-enqueue-race",
    ]
  )

  var lessons = SeedLesson.allCases
  var list = false

  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    list = arguments.flag(Self.listFlag)
    // Its own message, older than the generic one of `choice(_:)`.
    if let name = try arguments.value(Self.blockOption) {
      guard let lesson = SeedLesson(rawValue: name) else {
        throw arguments.usageError(
          "Unknown block '\(name)'; choose one of \(SeedLesson.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      lessons = [lesson]
    }
    try arguments.finish()
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    if list {
      for lesson in lessons {
        output.write("\(lesson.rawValue.rightPadded(to: 22)) seed \(lesson.seedDocument): \(lesson.summary)\n")
      }
      return
    }
    do {
      output.write(try SeedLesson.report(lessons))
    } catch {
      throw .software("computing the lessons failed: \(error)")
    }
  }
}
