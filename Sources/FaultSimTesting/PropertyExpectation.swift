public import FaultSim
public import Testing

extension ScenarioProperty {
  /// Checks the property over `seeds` of a scenario file and records a
  /// failure as an issue of the running test, at the line that called this:
  /// the failing seed, the command that replays it and the shrunk timeline
  /// in the message, the timeline as text and as a Mermaid diagram
  /// attached. A pass whose required kinds never fired, a run that is not a
  /// function of its seed, and a scenario or run that cannot be checked are
  /// issues too. A pass on a scenario with options that cannot affect its
  /// runs (``PropertyReport/warnings``) records each as a warning: the
  /// test passes, and says so.
  ///
  /// ```swift
  /// import FaultSim
  /// import FaultSimTesting
  /// import Testing
  ///
  /// @Test func keyedOrdersAreNeverRecordedTwice() throws {
  ///   let scenario = try Scenario.shipped("checkout-keyed", overrides: [try ScenarioOverride(parsing: "workload.operations=500")])
  ///   ScenarioProperty<RequestWorld>("no order is recorded twice") { $0.metrics.duplicated == 0 }
  ///     .expect(on: scenario, seeds: 0..<50, requiring: [.responseLoss])
  /// }
  /// ```
  ///
  /// `FAULTSIM_SEED=N` (or `FAULTSIM_SEEDS=A..<B`) in the environment of
  /// `swift test` checks only those seeds instead, without a change to the
  /// code: the way to rerun the failing seed of a report.
  ///
  /// - Returns: The report, or `nil` when the property could not be checked
  ///   (the issue says why).
  /// - Complexity: That of `ScenarioProperty.check(_:seeds:requiring:shrinking:)`.
  @discardableResult
  public func expect(
    on scenario: Scenario, seeds: Range<UInt64>, requiring required: [World.Draws] = [],
    shrinking budget: ShrinkBudget = ShrinkBudget(), sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> PropertyReport? {
    PropertyExpectation.record(seeds: seeds, sourceLocation: sourceLocation) {
      (seeds: Range<UInt64>) throws(PropertyError) in
      try check(scenario, seeds: seeds, requiring: required, shrinking: budget)
    }
  }

  /// Checks the property over `seeds` of a scenario with your decisions or
  /// code plugged in (`PluggedScenario`), recording a failure as
  /// `expect(on:seeds:…)` for a scenario file does.
  ///
  /// - Returns: The report, or `nil` when the property could not be checked.
  /// - Complexity: That of the check.
  @discardableResult
  public func expect(
    on world: PluggedScenario<World>, seeds: Range<UInt64>, requiring required: [World.Draws] = [],
    shrinking budget: ShrinkBudget = ShrinkBudget(), sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> PropertyReport? {
    PropertyExpectation.record(seeds: seeds, sourceLocation: sourceLocation) {
      (seeds: Range<UInt64>) throws(PropertyError) in
      try check(world, seeds: seeds, requiring: required, shrinking: budget)
    }
  }

  /// Checks the property over `seeds` of a world running your async code,
  /// requiring kinds of the world it runs in (`requiring: [.responseLoss]`).
  ///
  /// - Returns: The report, or `nil` when the property could not be checked.
  /// - Complexity: That of the check.
  @discardableResult
  public func expect<Base: DrawPurposeSet>(
    on world: PluggedScenario<World>, seeds: Range<UInt64>, requiring required: [Base],
    shrinking budget: ShrinkBudget = ShrinkBudget(), sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> PropertyReport? where World.Draws == UserCodeDraw<Base> {
    expect(
      on: world, seeds: seeds, requiring: required.map { UserCodeDraw($0) }, shrinking: budget,
      sourceLocation: sourceLocation)
  }
}

/// What both `expect` forms share: the seeds the environment chooses, the
/// check, and the issue and attachments of a report that does not hold.
enum PropertyExpectation {
  /// Runs `check` on the seeds to check and records what does not hold.
  static func record(
    seeds: Range<UInt64>, sourceLocation: Testing.SourceLocation,
    _ check: (Range<UInt64>) throws(PropertyError) -> PropertyReport
  ) -> PropertyReport? {
    let chosen: Range<UInt64>
    do throws(SeedRangeError) {
      chosen = try PropertySeeds.chosen(seeds)
    } catch {
      Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
      return nil
    }
    let report: PropertyReport
    do {
      report = try check(chosen)
    } catch {
      Issue.record(Comment(rawValue: "the property could not be checked: \(error)"), sourceLocation: sourceLocation)
      return nil
    }
    guard !report.holds else {
      // A pass still says which options did nothing, without failing.
      for warning in report.warnings {
        Issue.record(Comment(rawValue: "warning: \(warning)"), severity: .warning, sourceLocation: sourceLocation)
      }
      return report
    }
    Issue.record(Comment(rawValue: "\(report)"), sourceLocation: sourceLocation)
    if let failure = report.failure, !failure.counterexample.timeline.isEmpty {
      let timeline = failure.counterexample.timeline
      Attachment.record(
        TraceFormat.text.render(timeline), named: "seed-\(failure.seed)-timeline.txt", sourceLocation: sourceLocation)
      Attachment.record(
        TraceFormat.mermaid.render(timeline), named: "seed-\(failure.seed)-timeline.mmd",
        sourceLocation: sourceLocation)
    }
    return report
  }
}
