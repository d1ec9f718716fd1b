/// `--shard auto`: the shard of an array job, read from the variables its
/// batch scheduler sets in each task's environment.
extension SweepShard {
  /// The batch schedulers `--shard auto` knows, in the order the help text
  /// names them: each with the variables it reads. Declared once; the
  /// `--shard` help and the error for an environment without any of them
  /// are made from it.
  package static let schedulers: [(name: String, variables: [String])] = [
    ("a Kubernetes Indexed Job", ["JOB_COMPLETION_INDEX", "FAULTSIM_SHARD_COUNT"]),
    (
      "a Slurm array",
      [
        "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_MAX",
      ]
    ),
    ("an AWS Batch array job", ["AWS_BATCH_JOB_ARRAY_INDEX", "AWS_BATCH_JOB_ARRAY_SIZE"]),
  ]

  /// The shard of the array task whose environment this is:
  ///
  /// - Kubernetes Indexed Job: `JOB_COMPLETION_INDEX` (0-based) + 1 of
  ///   `FAULTSIM_SHARD_COUNT` (the Job's `completions`, which Kubernetes
  ///   does not pass to the pod).
  /// - Slurm array `--array=MIN-MAX[:STEP][%LIMIT]`: task
  ///   `(SLURM_ARRAY_TASK_ID − MIN) / STEP + 1` of `SLURM_ARRAY_TASK_COUNT`
  ///   (or, without it, `(MAX − MIN) / STEP + 1`). `%LIMIT` only throttles
  ///   how many run at once and changes no number. A task whose ID is off
  ///   the step, or an array given as a list (`--array=1,4,9`) whose count
  ///   does not fit a range, is refused: its tasks cannot be numbered
  ///   1…N without gaps.
  /// - AWS Batch array job: `AWS_BATCH_JOB_ARRAY_INDEX` (0-based) + 1 of
  ///   `AWS_BATCH_JOB_ARRAY_SIZE`.
  ///
  /// Every number is checked before it is used: a value no 64-bit integer
  /// holds, an index outside its array, a count outside 1…1000000 or a
  /// Slurm range wider than that is refused naming the variable and its
  /// value, never wrapped or trapped on.
  ///
  /// - Throws: ``SweepShardError`` naming the variable when one is not an
  ///   integer, is out of range, is missing, or contradicts another; when
  ///   no scheduler's variables are set; when two schedulers' are (which
  ///   one is meant cannot be known).
  package init(environment: [String: String]) throws(SweepShardError) {
    func number(_ name: String) throws(SweepShardError) -> Int? {
      guard let value = environment[name] else { return nil }
      let text = value.trimmingSpacesAndTabs
      guard let number = Int(text) else {
        let digits = text.drop { $0 == "-" || $0 == "+" }
        let isNumeral =
          !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber } && text.count - digits.count <= 1
        throw SweepShardError(
          isNumeral
            ? "\(name)='\(value)' is out of range: a 64-bit integer is \(Int.min)…\(Int.max)"
            : "\(name)='\(value)' is not an integer")
      }
      return number
    }
    let markers = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "AWS_BATCH_JOB_ARRAY_INDEX"]
    let present = markers.filter { environment[$0] != nil }
    guard present.count <= 1 else {
      throw SweepShardError(
        "found \(present.joined(separator: " and ")) both set, so which scheduler's task this is "
          + "cannot be told; unset one, or give the shard as K/N")
    }
    if let completion = try number("JOB_COMPLETION_INDEX") {
      guard let count = try number("FAULTSIM_SHARD_COUNT") else {
        throw SweepShardError(
          "JOB_COMPLETION_INDEX is set but FAULTSIM_SHARD_COUNT is not; set it to the Job's completions")
      }
      try self.init(zeroBased: completion, "JOB_COMPLETION_INDEX", of: count, "FAULTSIM_SHARD_COUNT")
      return
    }
    if let task = try number("SLURM_ARRAY_TASK_ID") {
      try self.init(slurmTask: task, number)
      return
    }
    if let index = try number("AWS_BATCH_JOB_ARRAY_INDEX") {
      guard let size = try number("AWS_BATCH_JOB_ARRAY_SIZE") else {
        throw SweepShardError("AWS_BATCH_JOB_ARRAY_INDEX is set but AWS_BATCH_JOB_ARRAY_SIZE is not")
      }
      try self.init(zeroBased: index, "AWS_BATCH_JOB_ARRAY_INDEX", of: size, "AWS_BATCH_JOB_ARRAY_SIZE")
      return
    }
    let names = Self.schedulers.map { "\($0.name) (\($0.variables.joined(separator: ", ")))" }
    throw SweepShardError(
      "no batch scheduler's variables are set; set those of " + names.joined(separator: ", or ")
        + ", or give the shard as K/N")
  }

  /// The most shards a sweep is cut into, as ``init(index:count:)`` allows.
  private static let largestCount = 1_000_000

  /// Checks a scheduler's count variable: `count` shards must be possible.
  private static func checkedCount(_ count: Int, _ name: String) throws(SweepShardError) -> Int {
    guard (1...largestCount).contains(count) else {
      throw SweepShardError("\(name)=\(count) is not a shard count; it must be 1…\(largestCount)")
    }
    return count
  }

  /// Task `index` (0-based, from variable `indexName`) of `count` (from
  /// `countName`), both checked before the index is made 1-based.
  private init(
    zeroBased index: Int, _ indexName: String, of count: Int, _ countName: String
  ) throws(SweepShardError) {
    let count = try Self.checkedCount(count, countName)
    guard (0..<count).contains(index) else {
      throw SweepShardError(
        "\(indexName)=\(index) is not a task of \(countName)=\(count); it must be 0…\(count - 1)")
    }
    try self.init(index: index + 1, count: count)
  }

  /// The shard of Slurm array task `task`; `number` reads the other
  /// `SLURM_ARRAY_TASK_*` variables.
  ///
  /// Differences of two variables are taken as magnitudes in `UInt64`,
  /// where any two `Int`s' difference fits, so MIN = −2⁶³ with MAX or ID
  /// = 2⁶³−1 is refused by its size rather than trapped on.
  private init(
    slurmTask task: Int, _ number: (String) throws(SweepShardError) -> Int?
  ) throws(SweepShardError) {
    let minimum = try number("SLURM_ARRAY_TASK_MIN") ?? 0
    let step = try number("SLURM_ARRAY_TASK_STEP") ?? 1
    let maximum = try number("SLURM_ARRAY_TASK_MAX")
    guard step >= 1 else { throw SweepShardError("SLURM_ARRAY_TASK_STEP=\(step) must be at least 1") }
    // `to − from` for `from ≤ to`, exactly.
    func distance(from: Int, to: Int) -> UInt64 { UInt64(bitPattern: Int64(to &- from)) }
    let steps = UInt64(step)
    guard task >= minimum, distance(from: minimum, to: task) % steps == 0 else {
      throw SweepShardError(
        "SLURM_ARRAY_TASK_ID=\(task) is not MIN + k·STEP (SLURM_ARRAY_TASK_MIN=\(minimum), "
          + "SLURM_ARRAY_TASK_STEP=\(step)): the array is not a range MIN-MAX:STEP; use one, or give the shard as K/N")
    }
    let position = distance(from: minimum, to: task) / steps
    var ranged: Int?
    if let maximum {
      guard maximum >= minimum else {
        throw SweepShardError(
          "SLURM_ARRAY_TASK_MAX=\(maximum) is below SLURM_ARRAY_TASK_MIN=\(minimum); the array has no tasks")
      }
      guard task <= maximum else {
        throw SweepShardError(
          "SLURM_ARRAY_TASK_ID=\(task) is past SLURM_ARRAY_TASK_MAX=\(maximum); it must be "
            + "\(minimum)…\(maximum)")
      }
      let tasks = distance(from: minimum, to: maximum) / steps
      guard tasks < UInt64(Self.largestCount) else {
        throw SweepShardError(
          "SLURM_ARRAY_TASK_MAX=\(maximum) with SLURM_ARRAY_TASK_MIN=\(minimum) and SLURM_ARRAY_TASK_STEP=\(step) "
            + "makes more than \(Self.largestCount) tasks, the most shards a sweep is cut into")
      }
      ranged = Int(tasks) + 1
    }
    guard let given = try number("SLURM_ARRAY_TASK_COUNT") ?? ranged else {
      throw SweepShardError(
        "SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX is")
    }
    let count = try Self.checkedCount(given, "SLURM_ARRAY_TASK_COUNT")
    if let ranged, ranged != count {
      throw SweepShardError(
        "SLURM_ARRAY_TASK_COUNT=\(count) but MIN-MAX:STEP (\(minimum)-\(maximum ?? 0):\(step)) has \(ranged) tasks: "
          + "an array given as a list (--array=1,4,9) cannot be numbered 1…N; use a range MIN-MAX[:STEP], "
          + "or give the shard as K/N")
    }
    guard position < UInt64(count) else {
      throw SweepShardError(
        "SLURM_ARRAY_TASK_ID=\(task) is task number \(position) (counting from 0) of the array from "
          + "SLURM_ARRAY_TASK_MIN=\(minimum) by SLURM_ARRAY_TASK_STEP=\(step), but SLURM_ARRAY_TASK_COUNT=\(count) "
          + "has tasks 0…\(count - 1)")
    }
    try self.init(index: Int(position) + 1, count: count)
  }
}
