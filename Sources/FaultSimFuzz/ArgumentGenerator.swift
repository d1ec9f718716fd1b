import FaultSim

/// Makes command lines for `faultsim`: mostly well-formed ones from each
/// subcommand's grammar, then mutated — a required argument dropped, a
/// flag doubled or misspelt, a value replaced by a hostile one (empty,
/// huge, negative, control characters, 12,000 key-path components), files
/// that are missing, directories, or existing outputs — and `--shard auto`
/// under made-up batch-scheduler environments.
///
/// Sizes are kept small (an accepted command must finish within the
/// per-case timeout): the generator never asks for a large valid amount of
/// work, only for invalid ones.
struct ArgumentGenerator {
  let mutator: ScenarioMutator
  /// Absolute paths of the shipped scenarios.
  let scenarios: [String]
  /// Key paths found in the shipped scenarios, for `--set` and `--vary`.
  let keyPaths: [String]

  /// The sandbox's sweep: its command line (without `--out`), its two
  /// parts and the table they merge into; set once the sandbox exists.
  var tables: (sweep: [String], parts: [String], merged: String)?

  static let subcommands = [
    "run", "sweep", "explore", "check", "merge", "plot", "lessons", "demo", "completions", "schema", "help",
  ]

  /// Values that no option should accept, or accept with care.
  static let hostile: [String] = [
    "", " ", "-", "--", "-1", "0", "+1", "1e3", "0x10", "１", "nan", "inf", "a", "\u{1}", "\n", "é", "😀",
    "18446744073709551615", "18446744073709551616", "99999999999999999999", "-9223372036854775809",
    String(repeating: "7", count: 400), String(repeating: "a", count: 5_000), "a=b=c", "=", "..", "..<", "0..<0",
    "5..<2", "-3..<2", "0...18446744073709551615", "18446744073709551615...18446744073709551615", "a..<b", "0..<",
    "..<5", "1/0", "0/0", "3/2", "auto", "x.json", "--help", "-h",
  ]

  static let files = [
    "case.json", "missing.json", "dir", "/dev/null", "existing.csv", "table.csv", "part-1.csv", "part-2.csv", "",
    "link-dangling", "dir/", "nested/missing/file.json",
  ]

  static let outputs = [
    "out.csv", "out.svg", "existing.csv", "existing.svg", "dir", "missing-dir/out.csv", "link-dangling", "",
    "out.png", "table.csv", "part-1.csv", "out.CSV", "dir/out.csv",
  ]

  static let seedRanges = ["0..<2", "3", "0...1", "1..<3", "7..<8"]

  /// The `--set` that keeps a scenario small: its world's size at three
  /// entities at most; none for bytes that are no valid scenario (they are
  /// refused before anything runs).
  static func sizes(of bytes: [UInt8]) -> [String] {
    guard let scenario = try? Scenario.parse(bytes: bytes, file: "case.json") else { return [] }
    var visitor = SmallSize()
    return ["--set", scenario.world.open(&visitor)]
  }

  /// A world's size override at three entities at most.
  struct SmallSize: WorldVisitor {
    typealias Result = String
    typealias Failure = Never

    func visit<World: PluggableWorld>(_ world: World.Type, _ options: World.Options) -> String {
      World.engine.sizeOverride(min(World.engine.size(options), 3))
    }
  }

  /// The command of case `random`.
  func command(_ random: inout FuzzRandom) -> CommandCase {
    if let tables, random.chance(0.1) { return editedPart(tables, &random) }
    if random.chance(0.08) { return shardAutoCase(&random) }
    if random.chance(0.35) {
      // A mutated scenario through the commands that read it.
      let (_, bytes) = mutator.bytes(&random)
      let small = Self.sizes(of: bytes)
      let arguments: [String]
      switch random.below(4) {
      case 0: arguments = ["check", "case.json"]
      case 1: arguments = ["run", "case.json", "--seed", "1"] + small
      case 2: arguments = ["sweep", "case.json", "--seeds", "0..<2", "--interleavings", "2", "--quiet"] + small
      default: arguments = ["explore", "case.json", "--limit", "8"] + small
      }
      return CommandCase(arguments: arguments, scenario: bytes)
    }
    var arguments = wellFormed(&random)
    for _ in 0..<random.below(4) { arguments = mutate(arguments, &random) }
    // No arguments at all is the full demonstration: valid, and far longer
    // than a case may take.
    if arguments.isEmpty { arguments = ["--help"] }
    let scenario = arguments.contains("case.json") ? mutator.bytes(&random).bytes : nil
    return CommandCase(arguments: arguments, scenario: scenario)
  }

  /// A part edited by hand, merged or resumed from: it must be refused, or
  /// give exactly what the intact part gives.
  func editedPart(
    _ tables: (sweep: [String], parts: [String], merged: String), _ random: inout FuzzRandom
  ) -> CommandCase {
    let edited = Self.edit(tables.parts[0], &random)
    if random.chance(0.5) {
      return CommandCase(
        arguments: ["merge", "edited.csv", "part-2.csv"], files: [("edited.csv", edited)],
        expectation: .stdout(tables.merged))
    }
    return CommandCase(
      arguments: tables.sweep + ["--shard", "1/2", "--out", "resumed.csv", "--resume"],
      files: [("resumed.csv.checkpoint", edited)], expectation: .file(name: "resumed.csv", text: tables.parts[0]))
  }

  /// `text` with one edit a person (or a disk) might make.
  static func edit(_ text: String, _ random: inout FuzzRandom) -> [UInt8] {
    var bytes = Array(text.utf8)
    var records = text.components(separatedBy: "\r\n")
    switch random.below(7) {
    case 0, 1:
      // One digit changed: a counter, a seed, a digest.
      let digits = bytes.indices.filter { (48...57).contains(bytes[$0]) }
      guard !digits.isEmpty else { return bytes }
      let index = random.pick(digits)
      bytes[index] = 48 + UInt8((Int(bytes[index]) - 48 + 1 + random.below(9)) % 10)
    case 2:
      bytes.remove(at: random.below(bytes.count))
    case 3:
      // A record doubled, dropped or moved.
      let index = 1 + random.below(max(records.count - 2, 1))
      switch random.below(3) {
      case 0: records.insert(records[index], at: index)
      case 1: records.remove(at: index)
      default: records.swapAt(index, 1 + random.below(max(records.count - 2, 1)))
      }
      bytes = Array(records.joined(separator: "\r\n").utf8)
    case 4:
      bytes = Array(text.replacingOccurrences(of: "\r\n", with: "\n").utf8)
    case 5:
      bytes = Array(bytes.prefix(random.below(bytes.count)))
    default:
      // A number spelt differently: a leading zero or plus.
      let starts = bytes.indices.filter {
        (48...57).contains(bytes[$0]) && ($0 == 0 || !(48...57).contains(bytes[$0 - 1]))
      }
      guard !starts.isEmpty else { return bytes }
      bytes.insert(random.chance(0.5) ? 48 : 43, at: random.pick(starts))
    }
    return bytes
  }

  func setting(_ random: inout FuzzRandom) -> String {
    let value = random.pick(
      ["1", "0", "0.5", "2", "\"x\"", "10ms", "true", "[]", "{}", "keyed-write", "-1"] + Self.hostile)
    switch random.below(10) {
    case 0: return (0..<random.pick([2, 50, 2_000, 12_000])).map { _ in "a" }.joined(separator: ".") + "=1"
    case 1: return random.pick(keyPaths) + "[\(random.pick(["0", "-1", "99999999999", ""]))]=" + value
    default: return random.pick(keyPaths) + "=" + value
    }
  }

  func wellFormed(_ random: inout FuzzRandom) -> [String] {
    let scenario = random.chance(0.8) ? random.pick(scenarios) : random.pick(Self.files)
    let small = Self.sizes(of: shippedBytes(scenario))
    switch random.pick(Self.subcommands) {
    case "run":
      var arguments = ["run", scenario, "--seed", random.pick(["0", "1", "42"])] + small
      if random.chance(0.3) { arguments.append("--trace") }
      if random.chance(0.3) { arguments += ["--format", random.pick(["text", "json", "mermaid", "csv"])] }
      if random.chance(0.3) {
        arguments += ["--order", random.pick(["fifo", "random:3", "0,1", "1", "0,5", "9,9,9"])]
      }
      if random.chance(0.3) { arguments += ["--set", setting(&random)] }
      return arguments
    case "sweep":
      var arguments = ["sweep", scenario, "--seeds", random.pick(Self.seedRanges), "--quiet"] + small
      if random.chance(0.5) {
        arguments += ["--vary", random.pick(keyPaths) + "=" + random.pick(["1,2", "0.1,0.2", "a,b", "1,1", ""])]
      }
      if random.chance(0.4) { arguments += ["--out", random.pick(Self.outputs)] }
      if random.chance(0.2) { arguments.append("--force") }
      if random.chance(0.2) { arguments += ["--shard", random.pick(["1/2", "2/2", "auto", "3/2"])] }
      if random.chance(0.2) { arguments += ["--jobs", random.pick(["1", "2", "0"])] }
      if random.chance(0.2) { arguments += ["--interleavings", random.pick(["1", "2", "1001"])] }
      if random.chance(0.1) { arguments.append("--resume") }
      return arguments
    case "explore":
      return ["explore", scenario, "--limit", random.pick(["1", "4", "16", "0"])] + small
    case "check":
      return ["check"]
        + (0...random.below(3)).map { _ in random.chance(0.6) ? random.pick(scenarios) : random.pick(Self.files) }
    case "merge":
      var arguments =
        ["merge"]
        + random.pick([
          ["part-1.csv", "part-2.csv"], ["part-1.csv"], ["part-2.csv", "part-1.csv", "part-1.csv"], ["table.csv"],
          ["existing.csv"],
        ])
      if random.chance(0.5) { arguments += ["--out", random.pick(Self.outputs)] }
      if random.chance(0.2) { arguments.append("--force") }
      return arguments
    case "plot":
      let columns = ["network.responseLoss", "duplicate_rate", "workload.kind", "seeds", "nope", "duplicate_rat", ""]
      var arguments = [
        "plot", random.pick(["table.csv", "table.csv", "part-1.csv", "existing.csv", "case.json", "missing.csv"]),
      ]
      arguments += ["--x", random.pick(columns), "--y", random.pick(columns), "--out", random.pick(Self.outputs)]
      if random.chance(0.5) { arguments += ["--series", random.pick(columns)] }
      if random.chance(0.3) {
        arguments += ["--title", random.pick(["t", "a\u{1}b", "<&>", String(repeating: "é", count: 300)])]
      }
      if random.chance(0.2) { arguments.append("--force") }
      return arguments
    case "lessons":
      return ["lessons"]
        + (random.chance(0.5) ? ["--block", random.pick(["relaunch", "retry", "two-worlds", "nope", ""])] : [])
    case "schema":
      // A world's whole table, a section of one, a shared table, and names
      // that are none of them.
      let world = random.pick(Scenario.World.names)
      return ["schema"]
        + (random.chance(0.5)
          ? ["--markdown", random.pick([world, world + ".client", "distribution", world + ".nope", ""])] : [])
    case "completions":
      return ["completions", random.pick(["bash", "zsh", "fish", "tcsh", ""])]
    case "demo":
      return [
        "demo", random.pick(["--seed-count", "--seeds"]), random.pick(["1", "2", "0", "10001"]), "--orders",
        random.pick(["10", "50", "0", "-5"]),
      ]
    default:
      return ["help"] + (random.chance(0.5) ? [random.pick(Self.subcommands + ["nope"])] : [])
    }
  }

  /// The bytes of a shipped scenario; none for another path.
  func shippedBytes(_ path: String) -> [UInt8] {
    guard let index = scenarios.firstIndex(of: path), mutator.corpus.indices.contains(index) else { return [] }
    return mutator.corpus[index].bytes
  }

  func mutate(_ arguments: [String], _ random: inout FuzzRandom) -> [String] {
    var arguments = arguments
    guard !arguments.isEmpty else { return [random.pick(Self.hostile)] }
    let index = random.below(arguments.count)
    switch random.below(7) {
    case 0: arguments.remove(at: index)
    case 1: arguments.insert(arguments[index], at: random.below(arguments.count + 1))
    case 2: arguments[index] = random.pick(Self.hostile)
    case 3:
      var word = Array(arguments[index])
      if !word.isEmpty { word.remove(at: random.below(word.count)) }
      arguments[index] = String(word)
    case 4:
      arguments.insert(
        random.pick(["--set", "--vary", "--out", "--seed", "--seeds", "--force", "--bogus", "-x", "--"]),
        at: random.below(arguments.count + 1))
    case 5: arguments.swapAt(index, random.below(arguments.count))
    default:
      arguments.insert(
        contentsOf: ["--set", setting(&random)], at: min(arguments.count, 1 + random.below(arguments.count)))
    }
    return arguments
  }
}
