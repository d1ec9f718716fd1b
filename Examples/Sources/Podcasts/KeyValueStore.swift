/// Where the registry keeps its rows: storage that survives the app's
/// process. In the app that is `UserDefaults`, a file or an SQLite table
/// (`key TEXT PRIMARY KEY, value TEXT`); under simulation, the device's
/// `SimulatedDisk`. Anything held only in memory is gone after the system
/// terminates the app, and the relaunched process starts from what this
/// store says.
public protocol KeyValueStore: AnyObject, Sendable {
  /// The value stored under `key`; setting `nil` removes it.
  subscript(key: String) -> String? { get set }

  /// The keys that start with `prefix`, sorted.
  func keys(withPrefix prefix: String) -> [String]
}
