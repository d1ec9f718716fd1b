import Foundation
import Testing

/// The memory budget: 2 GiB unless `--memory-budget` or
/// `FAULTSIM_MEMORY_BUDGET` says otherwise, checked before anything runs,
/// and `explore` bounded in memory and time by what one order measures.
@Suite struct MemoryBudgetTests {
  static let checkout = RequestCommandTests.scenario("checkout-reference.json")

  /// The environment of this process without the budget variable.
  static var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["FAULTSIM_MEMORY_BUDGET"] = nil
    return environment
  }

  @Test func theDefaultBudgetIsTwoGibibytes() throws {
    // Twenty million operations started within 10 s may all be in flight at
    // once (the estimate's bound on how long one stays open is far longer
    // than 10 s): estimated 6.9 GiB from the records' layouts, within 80%
    // of this machine's memory, but not within 2 GiB. (Measured: a million
    // operations all in flight peak at 191 MiB, the estimate says 379 MiB;
    // scripts/measure-memory-estimates.sh.)
    let ran = try InputFileTests.run(
      ["run", Self.checkout, "--set", "workload.operations=20000000"], within: 60, environment: Self.environment)
    let result = try #require(ran, "twenty million operations ran instead of being refused")
    #expect(result.status == 65)
    #expect(result.stderr.contains("one simulation needs about 6.9 GiB"), "\(result.stderr)")
    #expect(result.stderr.contains("more than the memory budget of 2.0 GiB (the default)"), "\(result.stderr)")
    #expect(result.stderr.contains("lower workload.operations"), "\(result.stderr)")
    #expect(result.stderr.contains("--memory-budget or FAULTSIM_MEMORY_BUDGET"), "\(result.stderr)")
  }

  @Test func theOptionAndTheEnvironmentSetTheBudgetAndTheOptionWins() throws {
    // 100,000 operations are estimated at about 61 MiB.
    let arguments = ["run", Self.checkout, "--set", "workload.operations=100000"]
    var small = Self.environment
    small["FAULTSIM_MEMORY_BUDGET"] = "32MiB"
    let byEnvironment = try FaultSimProcess.run(arguments, environment: small)
    #expect(byEnvironment.status == 65)
    #expect(byEnvironment.stderr.contains("memory budget of 32.0 MiB (FAULTSIM_MEMORY_BUDGET=32MiB)"))
    let byOption = try FaultSimProcess.run(arguments + ["--memory-budget", "40M"], environment: Self.environment)
    #expect(byOption.status == 65)
    #expect(byOption.stderr.contains("memory budget of 40.0 MiB (--memory-budget 40M)"), "\(byOption.stderr)")
    let optionWins = try FaultSimProcess.run(arguments + ["--memory-budget=1GiB"], environment: small)
    #expect(optionWins.status == 0, "\(optionWins.stderr)")
  }

  @Test func sweepCountsEveryWorkerAndEveryCell() throws {
    let arguments = [
      "sweep", Self.checkout, "--seeds", "0..<2", "--set", "workload.operations=200000", "--memory-budget", "120MiB",
    ]
    let one = try FaultSimProcess.run(arguments + ["--jobs", "1"], environment: Self.environment)
    #expect(one.status == 0, "\(one.stderr)")
    let two = try FaultSimProcess.run(arguments + ["--jobs", "2"], environment: Self.environment)
    #expect(two.status == 65)
    #expect(two.stderr.contains("2 simulations side by side (--jobs 2)"), "\(two.stderr)")
    #expect(two.stderr.contains("lower workload.operations or --jobs"), "\(two.stderr)")
  }

  @Test(arguments: ["", "lots", "2XB", "-1GiB", "1.2.3M", "1e3M"])
  func anUnreadableBudgetIsAUsageError(text: String) throws {
    let option = try FaultSimProcess.run(
      ["run", Self.checkout, "--memory-budget", text], environment: Self.environment)
    #expect(option.status == 64, "\(text): \(option.stderr)")
    #expect(option.stderr.contains("--memory-budget '\(text)' is not a size"), "\(option.stderr)")
    #expect(option.stderr.contains("at least 1MiB"), "\(option.stderr)")
    var environment = Self.environment
    environment["FAULTSIM_MEMORY_BUDGET"] = text
    let variable = try FaultSimProcess.run(["run", Self.checkout], environment: environment)
    #expect(variable.status == 64, "\(text): \(variable.stderr)")
    #expect(variable.stderr.contains("FAULTSIM_MEMORY_BUDGET='\(text)' is not a size"), "\(variable.stderr)")
  }

  @Test func theBudgetIsInTheHelpOfEveryCommandThatChecksIt() throws {
    for command in ["run", "sweep", "explore"] {
      let help = try FaultSimProcess.run([command, "--help"])
      #expect(help.stdout.contains("--memory-budget <size>"), "\(command)")
      #expect(help.stdout.contains("$FAULTSIM_MEMORY_BUDGET"), "\(command)")
    }
  }

  // MARK: - explore

  @Test func exploreRefusesALimitWhoseOrdersWouldNotFitNamingTheLimitThatFits() throws {
    let result = try InputFileTests.run(
      [
        "explore", Self.checkout, "--seed", "3", "--set", "workload.operations=20", "--set", "races.window=1s",
        "--limit", "1000000",
      ], within: 60, environment: Self.environment)
    let refused = try #require(result, "explore --limit 1000000 ran instead of being refused")
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("exploring up to 1000000 orders"), "\(refused.stderr)")
    #expect(refused.stderr.contains("20 choice points"), "\(refused.stderr)")
    #expect(refused.stderr.contains("lower --limit to "), "\(refused.stderr)")
  }

  @Test func exploreRefusesMoreThanMinutesOfWork() throws {
    let result = try InputFileTests.run(
      [
        "explore", Self.checkout, "--seed", "3", "--set", "workload.operations=2000", "--set", "races.window=1s",
        "--limit", "1000000", "--memory-budget", "1000TiB",
      ], within: 60, environment: Self.environment)
    let refused = try #require(result, "explore ran instead of being refused")
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("more than 500,000,000 (minutes of work)"), "\(refused.stderr)")
    #expect(refused.stderr.contains("lower --limit to "), "\(refused.stderr)")
  }

  @Test func aLargeLimitWithoutRacesIsOneOrder() throws {
    let result = try FaultSimProcess.run(
      ["explore", Self.checkout, "--set", "workload.operations=5", "--limit", "1000000"], environment: Self.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("1 of 1 (complete)"), "\(result.stdout)")
  }
}
