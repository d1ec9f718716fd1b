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

  /// A durable store: today's behaviour.
  @usableFromInline package init() {}
}
