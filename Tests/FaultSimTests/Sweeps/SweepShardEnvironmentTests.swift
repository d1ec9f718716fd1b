import Testing

@testable import FaultSim

/// `--shard auto` on whatever integers a scheduler's environment can hold:
/// every value is refused or used, naming the variable, and none traps.
@Suite struct SweepShardEnvironmentTests {
  static let largest = "\(Int.max)"
  static let smallest = "\(Int.min)"

  /// The message `environment` is refused with, or `nil` when it is a shard.
  static func refusal(_ environment: [String: String]) -> String? {
    do {
      _ = try SweepShard(environment: environment)
      return nil
    } catch {
      return error.description
    }
  }

  /// Environments at the ends of 64 bits, each refused naming the variable
  /// and the value that is out of range.
  @Test(arguments: [
    (["JOB_COMPLETION_INDEX": largest, "FAULTSIM_SHARD_COUNT": "4"], "JOB_COMPLETION_INDEX=\(largest)"),
    (["JOB_COMPLETION_INDEX": "-1", "FAULTSIM_SHARD_COUNT": "4"], "JOB_COMPLETION_INDEX=-1"),
    (["JOB_COMPLETION_INDEX": "4", "FAULTSIM_SHARD_COUNT": "4"], "JOB_COMPLETION_INDEX=4"),
    (["JOB_COMPLETION_INDEX": "0", "FAULTSIM_SHARD_COUNT": smallest], "FAULTSIM_SHARD_COUNT=\(smallest)"),
    (["JOB_COMPLETION_INDEX": "0", "FAULTSIM_SHARD_COUNT": "0"], "FAULTSIM_SHARD_COUNT=0"),
    (["JOB_COMPLETION_INDEX": "0", "FAULTSIM_SHARD_COUNT": largest], "FAULTSIM_SHARD_COUNT=\(largest)"),
    (["AWS_BATCH_JOB_ARRAY_INDEX": largest, "AWS_BATCH_JOB_ARRAY_SIZE": "4"], "AWS_BATCH_JOB_ARRAY_INDEX=\(largest)"),
    (
      ["AWS_BATCH_JOB_ARRAY_INDEX": smallest, "AWS_BATCH_JOB_ARRAY_SIZE": "4"], "AWS_BATCH_JOB_ARRAY_INDEX=\(smallest)"
    ),
    (["AWS_BATCH_JOB_ARRAY_INDEX": "0", "AWS_BATCH_JOB_ARRAY_SIZE": "-4"], "AWS_BATCH_JOB_ARRAY_SIZE=-4"),
    (
      ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": largest],
      "SLURM_ARRAY_TASK_MAX=\(largest)"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": largest, "SLURM_ARRAY_TASK_MIN": "-1", "SLURM_ARRAY_TASK_COUNT": "4"],
      "SLURM_ARRAY_TASK_ID=\(largest)"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": smallest, "SLURM_ARRAY_TASK_MAX": largest],
      "SLURM_ARRAY_TASK_MAX=\(largest)"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": largest, "SLURM_ARRAY_TASK_MIN": smallest, "SLURM_ARRAY_TASK_COUNT": "4"],
      "SLURM_ARRAY_TASK_ID=\(largest)"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"],
      "SLURM_ARRAY_TASK_ID=0"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "2"],
      "SLURM_ARRAY_TASK_ID=3"
    ),
    (
      ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_MAX": "2"],
      "SLURM_ARRAY_TASK_MAX=2"
    ),
    (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_STEP": smallest], "SLURM_ARRAY_TASK_STEP=\(smallest)"),
    (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "-3"], "SLURM_ARRAY_TASK_COUNT=-3"),
    (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": smallest], "SLURM_ARRAY_TASK_COUNT=\(smallest)"),
    (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": largest], "SLURM_ARRAY_TASK_COUNT=\(largest)"),
    (["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_COUNT": "4"], "SLURM_ARRAY_TASK_ID=9"),
    (["SLURM_ARRAY_TASK_ID": "9223372036854775808"], "SLURM_ARRAY_TASK_ID='9223372036854775808' is out of range"),
    (["JOB_COMPLETION_INDEX": "-9223372036854775809"], "JOB_COMPLETION_INDEX='-9223372036854775809' is out of range"),
    (["AWS_BATCH_JOB_ARRAY_INDEX": "1e3"], "AWS_BATCH_JOB_ARRAY_INDEX='1e3' is not an integer"),
  ])
  func anOutOfRangeValueIsRefusedByName(environment: [String: String], phrase: String) {
    let message = Self.refusal(environment)
    #expect(message?.contains(phrase) == true, "\(environment): \(message ?? "accepted")")
  }

  /// The shard Slurm's variables give, computed in 128 bits where nothing
  /// can overflow: the model `init(environment:)` must agree with.
  static func expectedSlurm(id: Int, min: Int?, step: Int?, max: Int?, count: Int?) -> SweepShard? {
    let min = Int128(min ?? 0)
    let step = Int128(step ?? 1)
    let id = Int128(id)
    guard step >= 1, id >= min, (id - min) % step == 0 else { return nil }
    let position = (id - min) / step
    var ranged: Int128?
    if let max {
      let max = Int128(max)
      guard max >= min, id <= max else { return nil }
      ranged = (max - min) / step + 1
    }
    guard let count = count.map({ Int128($0) }) ?? ranged, (1...1_000_000).contains(count) else { return nil }
    if let ranged, ranged != count { return nil }
    guard position < count else { return nil }
    return SweepShard(uncheckedIndex: Int(position + 1), count: Int(count))
  }

  /// Every combination of extreme and ordinary values of Slurm's five
  /// variables: no trap, and each is a shard exactly when the 128-bit
  /// model says so.
  @Test func slurmValuesAtTheEndsOfSixtyFourBitsAgreeWithAWideModel() {
    let values: [Int] = [.min, .min + 1, -2, -1, 0, 1, 2, 3, 7, 1_000_000, .max - 1, .max]
    let absentOr: [Int?] = [nil] + values.map(Optional.some)
    var shards = 0
    var disagreements: [String] = []
    for id in values {
      for min in absentOr {
        for step in absentOr {
          for max in absentOr {
            for count in [nil, -1, 0, 1, 2, 4, 1_000_001, .max] as [Int?] {
              var environment = ["SLURM_ARRAY_TASK_ID": "\(id)"]
              environment["SLURM_ARRAY_TASK_MIN"] = min.map { "\($0)" }
              environment["SLURM_ARRAY_TASK_STEP"] = step.map { "\($0)" }
              environment["SLURM_ARRAY_TASK_MAX"] = max.map { "\($0)" }
              environment["SLURM_ARRAY_TASK_COUNT"] = count.map { "\($0)" }
              let expected = Self.expectedSlurm(id: id, min: min, step: step, max: max, count: count)
              let shard = try? SweepShard(environment: environment)
              if shard != expected { disagreements.append("\(environment): \(String(describing: shard))") }
              if shard != nil { shards += 1 }
            }
          }
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    #expect(shards > 100, "the values make some shards, not only refusals")
  }

  /// Kubernetes and AWS Batch: 0-based index of a count, over the same
  /// values.
  @Test func zeroBasedIndicesAtTheEndsOfSixtyFourBitsAreShardsOrRefusals() {
    let values: [Int] = [.min, .min + 1, -2, -1, 0, 1, 2, 3, 999_999, 1_000_000, 1_000_001, .max - 1, .max]
    for (indexName, countName) in [
      ("JOB_COMPLETION_INDEX", "FAULTSIM_SHARD_COUNT"), ("AWS_BATCH_JOB_ARRAY_INDEX", "AWS_BATCH_JOB_ARRAY_SIZE"),
    ] {
      for index in values {
        for count in values {
          let shard = try? SweepShard(environment: [indexName: "\(index)", countName: "\(count)"])
          let valid = (1...1_000_000).contains(count) && (0..<count).contains(index)
          #expect(
            shard == (valid ? SweepShard(uncheckedIndex: index + 1, count: count) : nil),
            "\(indexName)=\(index) \(countName)=\(count)")
        }
      }
    }
  }

  /// The messages do not start with `--shard auto`: the command that reads
  /// the option puts it in front of them once.
  @Test func messagesLeaveTheOptionToTheCommand() {
    let environments: [[String: String]] = [
      [:], ["JOB_COMPLETION_INDEX": "0", "AWS_BATCH_JOB_ARRAY_INDEX": "0"],
      ["JOB_COMPLETION_INDEX": "x"], ["SLURM_ARRAY_TASK_ID": "2"],
    ]
    for environment in environments {
      let message = Self.refusal(environment) ?? ""
      #expect(!message.isEmpty && !message.contains("--shard"), "\(environment): \(message)")
    }
  }
}
