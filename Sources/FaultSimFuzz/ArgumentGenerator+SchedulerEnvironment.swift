import FaultSim

/// `sweep --shard auto` under made-up batch-scheduler environments: the
/// variables of one scheduler (sometimes of two, or none), each holding an
/// ordinary index, the ends of 64 bits, a numeral no 64-bit integer holds,
/// or something that is no integer at all — every one must give a shard or
/// a usage error naming the variable, never a trap.
extension ArgumentGenerator {
  /// Values a scheduler's variable may hold: a few small ones (so some
  /// environments are valid shards), then hostile ones.
  static let schedulerValues: [String] = [
    "0", "1", "2", "3", "4", "-1", "-2", "1000000", "1000001", "\(Int.max)", "\(Int.max - 1)", "\(Int.min)",
    "\(Int.min + 1)", "\(Int.max / 2)", "\(Int.min / 2)", "9223372036854775808", "-9223372036854775809",
    "18446744073709551616", "", " ", " 3\t", "+2", "0x10", "1e3", "3.0", "２", "abc", "1 2",
  ]

  /// A `--shard auto` sweep and the scheduler environment it runs under.
  func shardAutoCase(_ random: inout FuzzRandom) -> CommandCase {
    let scenario = scenarios.first { $0.hasSuffix("checkout-reference.json") } ?? random.pick(scenarios)
    var arguments =
      ["sweep", scenario, "--seeds", random.pick(Self.seedRanges), "--shard", "auto", "--quiet"]
      + Self.sizes(of: shippedBytes(scenario))
    if random.chance(0.3) { arguments += ["--out", random.pick(Self.outputs)] }
    return CommandCase(arguments: arguments, environment: Self.schedulerEnvironment(&random))
  }

  /// One scheduler's variables most of the time, two schedulers' or none
  /// now and then; each variable set or not, to a small or a hostile value.
  static func schedulerEnvironment(_ random: inout FuzzRandom) -> [String: String] {
    let schedulers = SweepShard.schedulers
    let count = random.chance(0.85) ? 1 : random.pick([0, 2, 3])
    var chosen: [Int] = []
    while chosen.count < count {
      let index = random.below(schedulers.count)
      if !chosen.contains(index) { chosen.append(index) }
    }
    var environment: [String: String] = [:]
    for index in chosen {
      for (position, variable) in schedulers[index].variables.enumerated() {
        // The scheduler's first variable (its task's index) is there most
        // of the time: without it, the others are not read at all.
        guard random.chance(position == 0 ? 0.9 : 0.6) else { continue }
        environment[variable] =
          random.chance(0.4)
          ? "\(random.below(6) - 1)" : random.pick(Self.schedulerValues)
      }
    }
    return environment
  }
}
