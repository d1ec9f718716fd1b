/// The background fetch world in the registry: scenario files with
/// `"world": "background-fetch"` read its options and run it.
extension BackgroundFetchWorld: RegisteredWorld {
  static func summary(of options: BackgroundFetchWorldOptions) -> String {
    "\(worldName) world, \(options.population.users) users"
  }
}

extension BackgroundFetchWorldOptions: ScenarioOptions {}
