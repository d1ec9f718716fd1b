/// Named key stores with their documented defaults, as starting points for
/// `server.keyStore.preset` (docs/duplicates/stores.md names the page and
/// the setting behind each number). A preset replaces the whole
/// `keyStore` section first; keys written beside it override it.
///
/// | preset              | kind | eviction | samples | memory limit                          |
/// |---------------------|------|----------|---------|---------------------------------------|
/// | `redis-allkeys-lru` | lru  | sampled  | 5       | `capacity` × `entryBytes` unless set |
@usableFromInline package enum KeyStorePreset: String, CaseIterable, Hashable, Sendable {
  /// Redis with `maxmemory-policy allkeys-lru` and the default
  /// `maxmemory-samples 5` (redis.conf); the eviction pool of 16
  /// candidates and the 1 s LRU clock are Redis's own (evict.c, server.h).
  /// Redis has no default memory limit worth modelling (0, unlimited, on
  /// 64-bit systems), so `maxMemory` is left to the scenario.
  case redisAllkeysLRU = "redis-allkeys-lru"

  /// The key store options this preset sets; other keys keep their
  /// defaults.
  @usableFromInline package var options: KeyStoreOptions {
    var options = KeyStoreOptions()
    switch self {
    case .redisAllkeysLRU:
      options.kind = .lru
      options.eviction = .sampled
      options.samples = 5
    }
    return options
  }
}
