import Podcasts
import Testing

/// A store in memory, as a test of the app's registry would use.
final class MemoryStore: KeyValueStore, @unchecked Sendable {
  var values: [String: String] = [:]

  subscript(key: String) -> String? {
    get { values[key] }
    set { values[key] = newValue }
  }

  func keys(withPrefix prefix: String) -> [String] {
    values.keys.filter { $0.hasPrefix(prefix) }.sorted()
  }
}

@Suite struct EpisodeRegistryTests {
  @Test func rowsSurviveTheStoreInEveryState() {
    let store = MemoryStore()
    let registry = EpisodeRegistry(store: store)
    let rows = [
      EpisodeRow(id: "u0/f0"),
      EpisodeRow(id: "u0/f1", state: .downloading(task: 17), attempts: 2, lastError: "checksum mismatch"),
      EpisodeRow(id: "u0/f2", state: .done, attempts: 1),
      EpisodeRow(id: "u0/f3", state: .failed, attempts: 5, lastError: "failed (resume data: 12 bytes)"),
    ]
    for row in rows { registry.save(row) }
    #expect(EpisodeRegistry(store: store).rows == rows, "a new process reads what the last one wrote")
    #expect(store.values["episode/u0/f1"] == "downloading|17|2|checksum mismatch")
    #expect("\(rows[1])" == "u0/f1 downloading (task 17), 2 attempts, last error: checksum mismatch")
  }

  @Test func registeringKeepsARowThatExists() {
    let registry = EpisodeRegistry(store: MemoryStore())
    registry.save(EpisodeRow(id: "u0/f0", state: .done, attempts: 1))
    registry.register(Episode(id: "u0/f0", url: "https://media.example/u0/f0"))
    registry.register(Episode(id: "u0/f1", url: "https://media.example/u0/f1"))
    #expect(registry.row("u0/f0")?.state == .done)
    #expect(registry.row("u0/f1") == EpisodeRow(id: "u0/f1"))
  }

  @Test func whatIsNotARowReadsAsNone() {
    let store = MemoryStore()
    for value in ["", "done", "done|0|1", "paused|0|1|", "done|x|1|", "done|0|-1|"] {
      store.values["episode/a"] = value
      #expect(EpisodeRegistry(store: store).row("a") == nil, "\(value)")
    }
  }
}
