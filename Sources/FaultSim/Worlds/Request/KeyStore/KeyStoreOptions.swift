/// Where the server keeps its idempotency keys, and so how it can forget
/// one before its lifetime (`server.keyTTL`) is up: lost at a restart
/// (`memory`), evicted by newer keys (`lru`), or not yet copied to the
/// replica a retry is read from (`replicated`). See docs/duplicates/stores.md.
@usableFromInline package struct KeyStoreOptions: Hashable, Sendable {
  /// The kind of store.
  @usableFromInline package enum Kind: String, CaseIterable, Hashable, Sendable {
    /// Survives restarts and never evicts: the keys are forgotten only by
    /// their lifetime (the model before key stores).
    case durable
    /// The server process's memory: every key is lost at each restart.
    case memory
    /// An in-memory cache holding at most `capacity` keys: storing one
    /// more evicts the least recently used; lost at each restart too.
    case lru
    /// A primary with `replicas` read replicas that receive each key
    /// `replicationLag` after it was stored; a retry's key lookup goes to
    /// a replica with probability `readFromReplica`. A restart is a
    /// failover: the new primary (replica 0) has only what it had received.
    case replicated
  }

  /// How an `lru` store chooses the key to evict.
  @usableFromInline package enum Eviction: String, CaseIterable, Hashable, Sendable {
    /// Redis's `allkeys-lru`: sample `samples` keys, evict the least
    /// recently used of them and of the eviction pool (``SampledKeys``).
    case sampled
    /// The exact least recently used key (``RecentKeys``), counted in
    /// keys: sharper than any real cache's edge.
    case exact
  }

  /// The kind of store (default `durable`).
  @usableFromInline package var kind: Kind = .durable
  /// The keys an `lru` store holds.
  @usableFromInline package var capacity = 1000
  /// The read replicas of a `replicated` store.
  @usableFromInline package var replicas = 1
  /// The probability that a retry's key lookup goes to a replica (chosen
  /// uniformly) instead of the primary.
  @usableFromInline package var readFromReplica: Double = 0.5
  /// How long after a key is stored a replica receives it; drawn per key
  /// and replica.
  @usableFromInline package var replicationLag: LatencyDistribution = .fixed(.milliseconds(100))

  // How a real cache evicts, and the primary's guarantees:
  /// How an `lru` store evicts (default `sampled`, as Redis does).
  @usableFromInline package var eviction: Eviction = .sampled
  /// The keys sampled per eviction (Redis `maxmemory-samples`, default 5).
  @usableFromInline package var samples = 5
  /// The store's memory limit in bytes (Redis `maxmemory`); `nil`:
  /// `capacity` × `entryBytes`.
  @usableFromInline package var maxMemory: UInt64?
  /// The bytes one key takes in the store: an assumption (a key, its
  /// stored response and the store's per-entry overhead), 1 KiB.
  @usableFromInline package var entryBytes: UInt64 = 1024
  /// Correlated replication stalls of a `replicated` store; `nil`: none.
  @usableFromInline package var lagSpikes: LagSpikeOptions?
  /// Whether the primary has a unique constraint on the order: a second
  /// insert of an applied keyed write is refused (409) however its key was
  /// forgotten.
  @usableFromInline package var uniqueConstraint = false

  /// The keys an `lru` store holds: `maxMemory` / `entryBytes` when a
  /// memory limit is set, else `capacity`.
  @usableFromInline package var keyLimit: Int {
    guard let maxMemory else { return capacity }
    return Int(clamping: maxMemory / Swift.max(entryBytes, 1))
  }

  /// A durable store: today's behaviour.
  @usableFromInline package init() {}
}
