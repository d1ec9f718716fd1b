import FaultSim
import Foundation
import Testing

@testable import FaultSimCommandLine

/// Sizes for `--memory-budget` and `FAULTSIM_MEMORY_BUDGET`: fractions read
/// exactly, and a size below the smallest budget refused by the rule.
@Suite struct MemoryBudgetSizeTests {
  static let mebibyte: UInt64 = 1_048_576

  /// Sizes and the bytes they are, fractions included.
  static let exact: [(String, UInt64)] = [
    ("1MiB", mebibyte), ("1.5GiB", 1_610_612_736), ("0.75TiB", 824_633_720_832), ("1.1MiB", 1_153_433),
    ("1048576", mebibyte), ("2G", 2_147_483_648), (" 512 MiB ", 536_870_912), ("1.M", mebibyte),
    ("0.0009765625GiB", mebibyte), ("8388608TiB", 9_223_372_036_854_775_808), (".5GiB", 536_870_912),
    ("1.0000000000000000001M", mebibyte),
  ]

  @Test(arguments: exact)
  func aSizeIsReadExactly(text: String, bytes: UInt64) throws {
    #expect(try MemorySize.bytes(parsing: text) == bytes, "\(text)")
  }

  /// Sizes that are no budget, and why.
  static let refused: [(String, MemorySize.Problem)] = [
    ("0.5MiB", .belowMinimum(524_288)), ("1KiB", .belowMinimum(1_024)), ("0", .belowMinimum(0)),
    ("1048575", .belowMinimum(1_048_575)), ("8388608.0000001TiB", .aboveMaximum),
    ("9223372036854775809", .aboveMaximum), ("99999999999999999999999G", .aboveMaximum),
    ("1.00000000000000000001M", .unreadable), ("x", .unreadable), ("1,5G", .unreadable), ("+1G", .unreadable),
    (".", .unreadable),
  ]

  @Test(arguments: refused)
  func aSizeOutsideTheRuleSaysWhy(text: String, problem: MemorySize.Problem) {
    #expect(throws: problem, "\(text)") { try MemorySize.bytes(parsing: text) }
  }

  /// The refusal states the rule and the value, through the binary.
  @Test func halfAMebibyteIsRefusedByTheMinimum() throws {
    let checkout = RequestCommandTests.scenario("checkout-reference.json")
    let option = try FaultSimProcess.run(
      ["run", checkout, "--memory-budget", "0.5MiB"], environment: MemoryBudgetTests.environment)
    #expect(option.status == 64, "\(option.stderr)")
    #expect(
      option.stderr.hasPrefix(
        "Error: --memory-budget '0.5MiB' is 524288 bytes, below the smallest budget, 1MiB (1048576 bytes)"),
      "\(option.stderr)")
    var environment = MemoryBudgetTests.environment
    environment["FAULTSIM_MEMORY_BUDGET"] = "0.5MiB"
    let variable = try FaultSimProcess.run(["run", checkout], environment: environment)
    #expect(variable.status == 64, "\(variable.stderr)")
    #expect(variable.stderr.contains("FAULTSIM_MEMORY_BUDGET='0.5MiB' is 524288 bytes"), "\(variable.stderr)")
    #expect(variable.stderr.contains("or unset it"), "\(variable.stderr)")
    let fractional = try FaultSimProcess.run(
      ["run", checkout, "--memory-budget", "1.5GiB"], environment: MemoryBudgetTests.environment)
    #expect(fractional.status == 0, "\(fractional.stderr)")
  }
}
