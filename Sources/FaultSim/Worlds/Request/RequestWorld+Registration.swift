/// The request world in the registry: scenario files with
/// `"world": "request"` (or none) read its options and run it.
extension RequestWorld: RegisteredWorld {
  static func summary(of options: RequestWorldOptions) -> String {
    "\(worldName) world, \(options.workload.operations) \(options.workload.kind.rawValue) operations"
  }
}

extension RequestWorldOptions: ScenarioOptions {}
