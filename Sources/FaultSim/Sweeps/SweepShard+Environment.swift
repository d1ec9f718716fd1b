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
  /// - Throws: ``SweepShardError`` naming the variable when one is not an
  ///   integer, is missing, or contradicts another; when no scheduler's
  ///   variables are set; when two schedulers' are (which one is meant
  ///   cannot be known).
  package init(environment: [String: String]) throws(SweepShardError) {
    func number(_ name: String) throws(SweepShardError) -> Int? {
      guard let value = environment[name] else { return nil }
      guard let number = Int(value.trimmingSpacesAndTabs) else {
        throw SweepShardError("\(name)='\(value)' is not an integer")
      }
      return number
    }
    let markers = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "AWS_BATCH_JOB_ARRAY_INDEX"]
    let present = markers.filter { environment[$0] != nil }
    guard present.count <= 1 else {
      throw SweepShardError(
        "--shard auto found \(present.joined(separator: " and ")) both set, so which scheduler's task this is "
          + "cannot be told; unset one, or give the shard as K/N")
    }
    if let completion = try number("JOB_COMPLETION_INDEX") {
      guard let count = try number("FAULTSIM_SHARD_COUNT") else {
        throw SweepShardError(
          "JOB_COMPLETION_INDEX is set but FAULTSIM_SHARD_COUNT is not; set it to the Job's completions")
      }
      try self.init(index: completion + 1, count: count)
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
      try self.init(index: index + 1, count: size)
      return
    }
    let names = Self.schedulers.map { "\($0.name) (\($0.variables.joined(separator: ", ")))" }
    throw SweepShardError("--shard auto needs " + names.joined(separator: ", or "))
  }

  /// The shard of Slurm array task `task`; `number` reads the other
  /// `SLURM_ARRAY_TASK_*` variables.
  private init(
    slurmTask task: Int, _ number: (String) throws(SweepShardError) -> Int?
  ) throws(SweepShardError) {
    let minimum = try number("SLURM_ARRAY_TASK_MIN") ?? 0
    let step = try number("SLURM_ARRAY_TASK_STEP") ?? 1
    let maximum = try number("SLURM_ARRAY_TASK_MAX")
    guard step >= 1 else { throw SweepShardError("SLURM_ARRAY_TASK_STEP=\(step) must be at least 1") }
    guard task >= minimum, (task - minimum) % step == 0 else {
      throw SweepShardError(
        "SLURM_ARRAY_TASK_ID=\(task) is not MIN + k·STEP (SLURM_ARRAY_TASK_MIN=\(minimum), "
          + "SLURM_ARRAY_TASK_STEP=\(step)): the array is not a range MIN-MAX:STEP; use one, or give the shard as K/N")
    }
    let ranged = maximum.map { maximum in maximum >= minimum ? (maximum - minimum) / step + 1 : 0 }
    guard let count = try number("SLURM_ARRAY_TASK_COUNT") ?? ranged else {
      throw SweepShardError(
        "SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX is")
    }
    if let ranged, ranged != count {
      throw SweepShardError(
        "SLURM_ARRAY_TASK_COUNT=\(count) but MIN-MAX:STEP (\(minimum)-\(maximum ?? 0):\(step)) has \(ranged) tasks: "
          + "an array given as a list (--array=1,4,9) cannot be numbered 1…N; use a range MIN-MAX[:STEP], "
          + "or give the shard as K/N")
    }
    try self.init(index: (task - minimum) / step + 1, count: count)
  }
}
