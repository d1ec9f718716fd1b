import Foundation

/// Something the fuzzer found: a crash, a hang, an exit status outside the
/// documented ones, a failure without a message, a replaced file, or (in
/// the reader) a message or metric that breaks its contract.
struct Finding {
  /// `command` or `reader`, and the case number: with the seed, enough to
  /// replay it (`faultsim-fuzz --seed S --replay command:N`).
  var stream: String
  var index: UInt64
  /// What was wrong, in one line.
  var problem: String
  /// The input: a command line, and the scenario file when there is one.
  var input: String
  var scenario: [UInt8]?

  /// A key that groups findings with one cause: the problem with numbers,
  /// paths and quoted values taken out.
  var signature: String {
    var text = ""
    var skipping = false
    for character in problem.prefix(160) {
      if character == "'" {
        skipping.toggle()
        if skipping { text += "'…'" }
        continue
      }
      if skipping { continue }
      text.append(character.isNumber ? "#" : character)
    }
    return text
  }

  /// Writes the finding's report (and scenario) into `directory`.
  func save(in directory: URL, seed: UInt64, number: Int) throws -> URL {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let base = directory.appendingPathComponent("finding-\(number)")
    var report = """
      problem: \(problem)
      input:   \(input.count > 2_000 ? String(input.prefix(2_000)) + "…" : input)
      replay:  swift run -c release faultsim-fuzz --seed \(seed) --replay \(stream):\(index)

      """
    if let scenario {
      try Data(scenario).write(to: base.appendingPathExtension("json"))
      report += "scenario: \(base.lastPathComponent).json (copy it to case.json in the sandbox)\n"
    }
    try report.write(to: base.appendingPathExtension("txt"), atomically: true, encoding: .utf8)
    return base.appendingPathExtension("txt")
  }
}
