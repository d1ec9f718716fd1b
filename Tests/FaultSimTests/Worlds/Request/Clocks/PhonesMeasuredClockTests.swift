import Testing

@testable import FaultSim

/// `client.clock.preset: phones-measured` (docs/duplicates/clocks.md): the
/// mixture's documented shares and ranges, checked against a sample, and
/// the duplicate rate it gives the shipped scenario, against its closed
/// form.
@Suite struct PhonesMeasuredClockTests {
  static let second: Int64 = 1_000_000_000

  /// SplitMix64 (Steele, Lea and Flood 2014), written here so the sample
  /// does not come from the simulator's own randomness.
  struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// The documented table: 90% within ±15 s, 6.5% between 15 s and 1 h
  /// off, 3.5% more than 1 h off (the study's figure) and at most 1 h 15 s,
  /// each outer row split evenly by sign. Every share within 5 binomial
  /// standard errors over 1,000,000 devices.
  @Test func theSharesAndRangesAreTheDocumentedOnes() {
    var random = SplitMix64(state: 0x5EED)
    let devices = 1_000_000
    var core = 0
    var middle = 0
    var tail = 0
    var behind = 0
    var outer = 0
    for _ in 0..<devices {
      let offset = ClockOptions.PhonesMeasured.offset(component: random.next(), position: random.next())
      let magnitude = offset.magnitude
      #expect(magnitude <= UInt64(3_615 * Self.second), "offset \(offset)")
      if magnitude <= UInt64(15 * Self.second) {
        core += 1
      } else {
        outer += 1
        if offset < 0 { behind += 1 }
        if magnitude <= UInt64(3_600 * Self.second) { middle += 1 } else { tail += 1 }
      }
    }
    func near(_ count: Int, _ share: Double, of total: Int) -> Bool {
      let error = (share * (1 - share) / Double(total)).squareRoot()
      return abs(Double(count) / Double(total) - share) <= 5 * error
    }
    #expect(near(core, 0.9, of: devices), "core \(core)")
    #expect(near(middle, 0.065, of: devices), "middle \(middle)")
    #expect(near(tail, 0.035, of: devices), "tail \(tail)")
    #expect(near(behind, 0.5, of: outer), "behind \(behind) of \(outer)")
  }

  /// The shipped scenario with phones-measured clocks: a write is recorded
  /// twice when it failed after its commit and its 503 arrived (0.2 · 0.98
  /// = 0.196) and its phone is more than x = 30 s + (the date's lost
  /// fraction, mean 0.5 s) − (the retry's latency, mean 0.05 s) behind.
  /// For x between 15 s and 1 h that is half the middle row's share times
  /// (3600 − x)/(3600 − 15), plus half the tail's, linear in x, so its
  /// mean is at x = 30.45 s. Over 100 seeds of 2,000 writes the rate is
  /// within 4 binomial standard errors.
  @Test func theDuplicateRateMatchesTheMixturesClosedForm() throws {
    let scenario = try Scenario.shipped(
      "clock-skew-retry-after",
      overrides: try ["client.clock.spread=0s", "client.clock.preset=phones-measured"].map {
        try ScenarioOverride(parsing: $0)
      })
    let options = try #require(RequestWorld.options(of: scenario.world))
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 100))
    let behind = 0.065 / 2 * (3_600 - 30.45) / (3_600 - 15) + 0.035 / 2
    let expected = 0.196 * behind
    let writes = Double(metrics.operations)
    let measured = Double(metrics.duplicated) / writes
    let error = (expected * (1 - expected) / writes).squareRoot()
    #expect(abs(measured - expected) <= 4 * error, "expected \(expected) ± \(4 * error), measured \(measured)")
  }
}
