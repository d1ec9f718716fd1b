/// A device's persistent storage under simulation: a key-value store that
/// survives the app's process — what `UserDefaults` or an SQLite file is to
/// the app. Everything else the app holds in memory dies with its process.
///
/// Keys come back in sorted order, never in a dictionary's.
public final class SimulatedDisk: @unchecked Sendable {
  /// The values, by key.
  private var values: [String: String] = [:]
  /// The runtime whose thread may use the disk.
  let runtime: TaskRuntime

  /// The bytes an empty disk holds: the object and its fields. (An empty
  /// dictionary allocates nothing.)
  static var emptyBytes: UInt64 {
    MemoryFootprint.object(payload: MemoryLayout<[String: String]>.stride + MemoryLayout<TaskRuntime>.stride)
  }

  /// An empty disk used from `runtime`'s thread.
  init(runtime: TaskRuntime) {
    self.runtime = runtime
  }

  /// The value stored under `key`; setting `nil` removes it.
  ///
  /// - Complexity: O(1) on average.
  public subscript(key: String) -> String? {
    get {
      check("read")
      return values[key]
    }
    set {
      check("write")
      values[key] = newValue
    }
  }

  /// The keys that start with `prefix`, sorted.
  ///
  /// - Complexity: O(n log n) in the keys stored.
  public func keys(withPrefix prefix: String = "") -> [String] {
    check("list")
    return values.keys.filter { $0.hasPrefix(prefix) }.sorted()
  }

  /// Everything stored, sorted by key (for tests and traces).
  public var contents: [(key: String, value: String)] {
    values.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
  }

  /// Forgets everything (a new run).
  func erase() {
    values.removeAll(keepingCapacity: true)
  }

  /// Records an escape when used from another thread.
  private func check(_ what: String) {
    if !runtime.isCurrent { runtime.recordForeign("a \(what) of a simulated disk from another thread") }
  }
}
