import Foundation
import Testing

/// Usage errors that tell the user what they meant: suggestions for
/// mistyped subcommands, options and key paths; the real reason for a bad
/// seed range; refusals of orders, grids and key paths that cannot be what
/// the user wanted. All exit 64 with the usage line.
@Suite struct UsageMessageTests {
  static let checkout = RequestCommandTests.scenario("checkout-reference.json")
  static let race = RequestCommandTests.scenario("finish-enqueue-race.json")

  /// Runs `arguments` and checks for a usage error whose first line
  /// contains every one of `parts`.
  func expectUsageError(
    _ arguments: [String], _ parts: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try FaultSimProcess.run(arguments)
    #expect(result.status == 64, "\(arguments.prefix(4)): \(result.stderr.prefix(400))", sourceLocation: sourceLocation)
    let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
    for part in parts {
      #expect(first.contains(part), "\(arguments.prefix(4)): \(first.prefix(400))", sourceLocation: sourceLocation)
    }
    #expect(result.stderr.contains("\nUsage: faultsim"), sourceLocation: sourceLocation)
  }

  // MARK: - Did you mean

  @Test func mistypedSubcommandsAndTopLevelOptionsGetASuggestion() throws {
    try expectUsageError(["swep"], ["Unknown subcommand 'swep'", "did you mean 'sweep'?"])
    try expectUsageError(["chek", "x.json"], ["did you mean 'check'?"])
    try expectUsageError(["help", "explroe"], ["Unknown subcommand 'explroe'", "did you mean 'explore'?"])
    try expectUsageError(["--verison"], ["Unknown option '--verison'", "did you mean '--version'?"])
    // Nothing close: no suggestion.
    let far = try FaultSimProcess.run(["frobnicate"])
    #expect(far.status == 64 && !far.stderr.contains("did you mean"), "\(far.stderr)")
  }

  @Test func mistypedOptionsGetASuggestionFromTheirOwnSubcommand() throws {
    try expectUsageError(["run", Self.checkout, "--sed", "3"], ["Unknown option '--sed'", "did you mean '--seed'?"])
    // The same typo means another option in sweep, which has --seeds.
    try expectUsageError(
      ["sweep", Self.checkout, "--seeds", "0..<2", "--jbos", "2"],
      ["Unknown option '--jbos'", "did you mean '--jobs'?"])
    try expectUsageError(["explore", Self.race, "--limt=5"], ["Unknown option '--limt'", "did you mean '--limit'?"])
    try expectUsageError(["merge", "a.csv", "--froce"], ["did you mean '--force'?"])
    try expectUsageError(["lessons", "--blok", "retry"], ["did you mean '--block'?"])
    try expectUsageError(["run", Self.checkout, "--trcae"], ["did you mean '--trace'?"])
  }

  @Test func aMistypedRequiredOptionIsNamedWhenTheRequiredOneIsMissing() throws {
    try expectUsageError(
      ["sweep", Self.checkout, "--sed", "0..<3"],
      ["Missing expected argument '--seeds <A..<B>'", "'--sed' is not an option: did you mean '--seeds'?"])
  }

  /// An option the command declares is never taken for a typo of a
  /// missing one, whatever order the options are read in.
  @Test func aDeclaredOptionIsNotCalledATypoOfAMissingOne() throws {
    let result = try FaultSimProcess.run(["plot", "t.csv", "--y", "b", "--out", "p.svg"])
    #expect(result.status == 64)
    let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first == "Error: Missing expected argument '--x <column>'", "\(first)")
  }

  @Test func mistypedKeyPathsInSetAndVaryGetASuggestion() throws {
    // The file has responseLoss: the typo on the command line means it.
    let run = try FaultSimProcess.run(["run", Self.checkout, "--set", "network.respnseLoss=0.2"])
    #expect(run.status == 65)
    #expect(run.stderr.contains(#"network.respnseLoss: unknown key"#), "\(run.stderr)")
    #expect(run.stderr.contains(#"did you mean "responseLoss"?"#), "\(run.stderr)")
    let sweep = try FaultSimProcess.run([
      "sweep", Self.checkout, "--seeds", "0..<2", "--vary", "netwrok.responseLoss=0.1,0.2",
    ])
    #expect(sweep.status == 65)
    #expect(sweep.stderr.contains(#"did you mean "network"?"#), "\(sweep.stderr)")
  }

  // MARK: - --order

  @Test func anOrderChoiceOutOfRangeIsRefusedNamingItsPositionAndRange() throws {
    try expectUsageError(
      ["run", Self.race, "--order", "0,5"],
      ["--order 0,5", "choice 5 at position 2", "2 alternatives, 0...1", "finish-vs-enqueue"])
  }

  @Test func surplusOrderChoicesAreRefused() throws {
    try expectUsageError(
      ["run", Self.race, "--order", "0,1,1,0"],
      ["the order has 4 choices", "only 2 choice points", "positions 3...4 (1,0) are surplus"])
    try expectUsageError(
      ["run", Self.checkout, "--set", "workload.operations=1", "--order", "1"],
      ["no choice point", "position 1 (1) is surplus"])
  }

  @Test func anOrderThatFitsStillRuns() throws {
    let result = try FaultSimProcess.run(["run", Self.race, "--order", "0,1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("race choices:        2 (1 not in FIFO order): 0,1"), "\(result.stdout)")
  }

  // MARK: - Seed ranges

  @Test(arguments: [
    // What the shell passes for an unquoted --seeds 0..<1000.
    ("0..", ["upper bound is missing", "quote the range", "'0..<1000'", "redirection"]),
    ("0..<", ["upper bound is missing", "quote the range"]),
    ("0...", ["upper bound is missing", "quote the range"]),
    ("-3..<2", ["seeds are not negative", "'-3' is below 0"]),
    ("2..<-3", ["seeds are not negative", "'-3' is below 0"]),
    ("-1", ["seeds are not negative"]),
    ("0..<99999999999999999999", ["above the largest seed, 18446744073709551615"]),
    ("0..5", ["'..' alone is no range", "A..<B"]),
    ("..<5", ["lower bound is missing", "0..<5"]),
    ("5..<2", ["the range is empty"]),
    ("a..<b", ["'a' is not a seed"]),
  ])
  func badSeedRangesSayWhatIsWrong(text: String, parts: [String]) throws {
    try expectUsageError(["sweep", Self.checkout, "--seeds", text], ["invalid seed range '\(text)'"] + parts)
  }

  // MARK: - Grids

  @Test func aVariedValueGivenTwiceIsRefused() throws {
    try expectUsageError(
      ["sweep", Self.checkout, "--seeds", "0..<2", "--vary", "network.responseLoss=0.1,0.2,0.1"],
      ["--vary network.responseLoss", "the value '0.1' is given twice (positions 1 and 3)"])
    // The same number written twice is the same experiment.
    try expectUsageError(
      ["sweep", Self.checkout, "--seeds", "0..<2", "--vary", "network.responseLoss=0.1,0.10"],
      ["'0.10' is given twice", "'0.1' is the same value"])
    try expectUsageError(
      ["sweep", Self.checkout, "--seeds", "0..<2", "--vary", "client.backoff.jitter=full,none,full"],
      ["the value 'full' is given twice"])
  }

  @Test func aKeyPathVariedTwiceOrBothSetAndVariedIsRefused() throws {
    try expectUsageError(
      [
        "sweep", Self.checkout, "--seeds", "0..<2", "--vary", "network.responseLoss=0.1", "--vary",
        "network.responseLoss=0.2",
      ], ["--vary network.responseLoss is given twice"])
    try expectUsageError(
      [
        "sweep", Self.checkout, "--seeds", "0..<2", "--set", "network.responseLoss=0.3", "--vary",
        "network.responseLoss=0.1,0.2",
      ], ["--set network.responseLoss is replaced in every cell by --vary network.responseLoss"])
  }

  @Test func aGridOfTenMillionCellsIsAUsageError() throws {
    let values = (1...3_163).map { "\($0)" }.joined(separator: ",")
    try expectUsageError(
      [
        "sweep", Self.checkout, "--seeds", "0..<1", "--vary", "network.responseLoss=\(values)", "--vary",
        "network.requestLoss=\(values)",
      ], ["the grid has 10004569 cells; at most 100000"])
  }

  @Test func tooManyRunsIsAUsageError() throws {
    try expectUsageError(
      ["sweep", Self.checkout, "--seeds", "0..<18446744073709551615", "--vary", "network.responseLoss=0.1,0.2"],
      ["runs; lower the seed range or the grid"])
  }

  // MARK: - Key paths

  @Test(arguments: [12_000, 60_000])
  func aHugeKeyPathIsRefusedWithoutACrash(components: Int) throws {
    let path = Array(repeating: "a", count: components).joined(separator: ".")
    for option in ["--set", "--vary"] {
      let arguments =
        option == "--set"
        ? ["run", Self.checkout, "--set", "\(path)=1"]
        : ["sweep", Self.checkout, "--seeds", "0..<1", "--vary", "\(path)=1"]
      try expectUsageError(arguments, ["has \(components) components; at most 128"])
      let result = try FaultSimProcess.run(arguments)
      #expect(result.stderr.count < 2_000, "the message repeats the whole path")
    }
  }

  @Test func anEmptyOutputNameIsAUsageError() throws {
    try expectUsageError(
      ["sweep", Self.checkout, "--seeds", "0..<1", "--out", ""], ["'--out' expects a file name, got an empty string"])
    try expectUsageError(["merge", "a.csv", "--out="], ["'--out' expects a file name"])
  }
}
