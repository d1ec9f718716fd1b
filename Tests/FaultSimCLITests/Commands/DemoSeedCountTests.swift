import Testing

/// `demo --seed-count N` runs seeds 0..<N per row; `--seeds`, which names
/// seeds in `sweep` and counted them in `demo` before, is refused with what
/// to write, so an old command line never runs something else.
@Suite struct DemoSeedCountTests {
  @Test func seedCountSetsTheSeedsPerRow() throws {
    let result = try FaultSimProcess.run(["demo", "--seed-count", "2", "--orders", "300"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("(300 orders x 2 seeds per row,"), "\(result.stdout)")
  }

  @Test(arguments: [
    (
      ["demo", "--seeds", "20"],
      "Error: '--seeds' is not a demo option: demo counts its seeds with '--seed-count' "
        + "(in sweep, '--seeds 20' is seed 20 alone); write: faultsim demo --seed-count 20"
    ),
    (
      ["demo", "--orders", "300", "--seeds=3"],
      "Error: '--seeds' is not a demo option: demo counts its seeds with '--seed-count' "
        + "(in sweep, '--seeds 3' is seed 3 alone); write: faultsim demo --seed-count 3"
    ),
    (
      ["demo", "--seeds", "0..<5"],
      "Error: '--seeds' is not a demo option: demo runs seeds 0..<n of each row, set with '--seed-count <n>'"
    ),
    (
      ["demo", "--seeds"],
      "Error: '--seeds' is not a demo option: demo runs seeds 0..<n of each row, set with '--seed-count <n>'"
    ),
  ])
  func seedsIsRefusedWithWhatToWrite(arguments: [String], message: String) throws {
    let result = try FaultSimProcess.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").first.map(String.init) == message, "\(result.stderr)")
    #expect(result.stderr.contains("Usage: faultsim demo [--seed-count <n>] [--orders <n>]"))
  }

  /// Help, the manual and the completions name only `--seed-count`.
  @Test func helpNamesOnlySeedCount() throws {
    let help = try FaultSimProcess.run(["demo", "--help"])
    #expect(help.stdout.contains("--seed-count <n>"))
    #expect(!help.stdout.contains("--seeds"), "\(help.stdout)")
  }
}
