/// The result of checking a property over a seed range.
public struct PropertyReport: Sendable, CustomStringConvertible {
  /// A failure: the seed, how to replay it, and its shrunk form.
  public struct Failure: Sendable {
    /// The first seed for which the property does not hold.
    public var seed: UInt64
    /// The command that replays that seed with its timeline.
    public var replay: String
    /// The smallest set of faults found that still breaks the property.
    public var counterexample: Counterexample
  }

  public var property: String
  public var scenario: String
  public var seeds: Range<UInt64>
  /// Seeds run, the failing one included.
  public var seedsChecked: UInt64
  public var failure: Failure?

  /// Whether the property held for every seed.
  public var holds: Bool { failure == nil }

  public var description: String {
    guard let failure else {
      return
        "property \"\(property)\" holds for all \(seedsChecked) seeds \(seeds.lowerBound)..<\(seeds.upperBound) of \(scenario)"
    }
    return """
      property "\(property)" fails for seed \(failure.seed) of \(scenario) (after \(seedsChecked) of \(seeds.count) seeds)
      replay: \(failure.replay)
      \(failure.counterexample)
      """
  }
}
