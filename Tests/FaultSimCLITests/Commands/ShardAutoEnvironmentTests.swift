import Foundation
import Testing

/// `sweep --shard auto` under schedulers' environments holding the ends of
/// 64 bits: a usage error naming the variable, never a trap.
@Suite struct ShardAutoEnvironmentTests {
  static let arguments = [
    "sweep", RequestCommandTests.scenario("checkout-reference.json"), "--seeds", "0..<4", "--shard", "auto",
    "--quiet",
  ]

  @Test(arguments: [
    (
      ["JOB_COMPLETION_INDEX": "9223372036854775807", "FAULTSIM_SHARD_COUNT": "4"],
      "JOB_COMPLETION_INDEX=9223372036854775807"
    ),
    (
      ["AWS_BATCH_JOB_ARRAY_INDEX": "9223372036854775807", "AWS_BATCH_JOB_ARRAY_SIZE": "4"],
      "AWS_BATCH_JOB_ARRAY_INDEX=9223372036854775807"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "9223372036854775807"],
      "SLURM_ARRAY_TASK_MAX=9223372036854775807"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "9223372036854775807", "SLURM_ARRAY_TASK_MIN": "-1", "SLURM_ARRAY_TASK_COUNT": "4"],
      "SLURM_ARRAY_TASK_ID=9223372036854775807"
    ),
    (
      [
        "SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "-9223372036854775808",
        "SLURM_ARRAY_TASK_MAX": "9223372036854775807",
      ],
      "SLURM_ARRAY_TASK_MAX=9223372036854775807"
    ),
  ])
  func anExtremeSchedulerValueIsAUsageErrorNamingIt(environment: [String: String], phrase: String) throws {
    let result = try FaultSimProcess.run(Self.arguments, environment: environment)
    #expect(result.status == 64, "\(environment): \(result.status) \(result.stderr)")
    #expect(result.stderr.hasPrefix("Error: --shard auto: "), "\(result.stderr)")
    #expect(result.stderr.contains(phrase), "\(result.stderr)")
  }

  /// The option is named once at the front of the message, not again by
  /// what it reads.
  @Test func theErrorNamesTheOptionOnce() throws {
    for environment in [[:], ["JOB_COMPLETION_INDEX": "0", "SLURM_ARRAY_TASK_ID": "0"]] {
      let result = try FaultSimProcess.run(Self.arguments, environment: environment)
      #expect(result.status == 64, "\(result.stderr)")
      let firstLine = result.stderr.split(separator: "\n").first ?? ""
      #expect(firstLine.components(separatedBy: "--shard").count == 2, "\(firstLine)")
    }
  }
}
