import FaultSim
import PodcastSimulation
import Podcasts

/// A shipped download scenario whose app is the podcast app with reconcile
/// `R`.
typealias PodcastWorld<R: AppReconcile> = PluggedScenario<UserCodeTransferWorld<PodcastApp<R>>>

extension Scenario {
  /// The shipped scenario `name` with `settings` (`key.path=value`) on top.
  static func shipped(_ name: String, _ settings: String...) throws -> Scenario {
    try Scenario.shipped(name, overrides: settings.map { try ScenarioOverride(parsing: $0) })
  }

  /// This scenario's transfer world with the podcast app of reconcile `R`.
  func podcasts<R: AppReconcile>(_ reconcile: R.Type) throws -> PodcastWorld<R> {
    try transferWorld(app: PodcastApp<R>.self)
  }
}

/// "No episode is downloaded twice": the property every version is checked
/// against. (A function: a `ScenarioProperty` is not `Sendable`, so it
/// cannot be a global constant.)
func noEpisodeIsDownloadedTwice<R: AppReconcile>(
  _ reconcile: R.Type
) -> ScenarioProperty<UserCodeTransferWorld<PodcastApp<R>>> {
  ScenarioProperty("no episode is downloaded twice") { run in
    run.metrics.duplicated == 0
  }
}
