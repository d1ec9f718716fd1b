/// The app's registry of episode downloads: one ``EpisodeRow`` per
/// episode, kept in a ``KeyValueStore`` that survives the process (the
/// `download_jobs` table of seed 001's design).
///
/// It is the app's copy, and it can be stale: a download the OS finished
/// while the app was terminated still reads `downloading` until its event
/// arrives. The reconcile compares it with what the OS reports.
public struct EpisodeRegistry: Sendable {
  /// Where the rows are.
  public let store: any KeyValueStore

  /// The registry in `store`.
  public init(store: any KeyValueStore) {
    self.store = store
  }

  /// The key of episode `id`'s row.
  private static func key(_ id: String) -> String { "episode/\(id)" }

  /// Episode `id`'s row; `nil` when the episode was never registered.
  ///
  /// - Complexity: One read of the store.
  public func row(_ id: String) -> EpisodeRow? {
    store[Self.key(id)].flatMap { EpisodeRow(id: id, stored: $0) }
  }

  /// Writes `row`, replacing the episode's previous one.
  ///
  /// - Complexity: One write to the store.
  public func save(_ row: EpisodeRow) {
    store[Self.key(row.id)] = row.stored
  }

  /// Adds a queued row for `episode` unless it has one.
  public func register(_ episode: Episode) {
    if store[Self.key(episode.id)] == nil { save(EpisodeRow(id: episode.id)) }
  }

  /// Every row, by episode identifier.
  ///
  /// - Complexity: O(n log n) in the store's keys.
  public var rows: [EpisodeRow] {
    let prefix = Self.key("")
    return store.keys(withPrefix: prefix).compactMap { row(String($0.dropFirst(prefix.count))) }
  }
}
