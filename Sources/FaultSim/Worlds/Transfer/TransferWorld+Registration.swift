/// The transfer world in the registry: scenario files with
/// `"world": "transfer"` read its options and run it.
extension TransferWorld: RegisteredWorld {
  static func summary(of options: TransferWorldOptions) -> String {
    let workload = options.workload
    return "\(worldName) world, \(workload.users) users × \(workload.filesPerUser) \(workload.kind.rawValue)s"
  }
}

extension TransferWorldOptions: ScenarioOptions {}
