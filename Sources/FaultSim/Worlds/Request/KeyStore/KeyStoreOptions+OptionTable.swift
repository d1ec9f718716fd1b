/// The `server.keyStore` section of a request scenario.
extension KeyStoreOptions {
  /// The keys sampled per eviction (Redis's `maxmemory-samples` range).
  static let sampleRange = 1...64
  /// The bytes a memory limit may be.
  static let memoryRange: ClosedRange<UInt64> = 1...(1 << 50)
  /// The bytes one entry may be.
  static let entryRange: ClosedRange<UInt64> = 1...(1 << 30)

  /// The section's keys, in reading order. A `preset` replaces the whole
  /// section first, so keys given explicitly override it.
  static let optionTable = OptionTable<KeyStoreOptions>([
    .whenPresent(
      OptionField<KeyStorePreset>.choice(
        "preset",
        "sets the store to a product's documented behaviour: `redis-allkeys-lru` (an `lru` store evicting by "
          + "sampling 5 keys, docs/duplicates/stores.md); keys given explicitly override it"),
      absent: "none"
    ) { store, preset in store = preset.options },
    .option(
      .choice(
        "kind",
        "`durable`: keys survive restarts; `memory`: every key is lost at each restart; `lru`: at most "
          + "`capacity` keys, the least recently used evicted; `replicated`: a retry may read a replica that "
          + "has not received the key yet"),
      \.kind),
    .option(
      .integer(
        "capacity", in: ScenarioLimits.keyStoreCapacity,
        "the keys an `lru` store holds (without `maxMemory`: a memory limit of capacity × entryBytes)"),
      \.capacity),
    // How a real cache evicts, and the primary's guarantees:
    .option(
      .choice(
        "eviction",
        "how an `lru` store picks the key to evict: `sampled` (Redis allkeys-lru: the least recently used of "
          + "`samples` random keys and a pool of 16 candidates, access times in whole seconds) or `exact` (the "
          + "least recently used key)"),
      \.eviction),
    .option(
      .integer("samples", in: sampleRange, "the keys a `sampled` eviction samples (Redis maxmemory-samples)"),
      \.samples),
    .optional(
      .unsigned(
        "maxMemory", in: memoryRange,
        "the `lru` store's memory limit in bytes (Redis maxmemory); it holds maxMemory / entryBytes keys"),
      \.maxMemory, absent: "capacity × entryBytes"),
    .option(
      .unsigned(
        "entryBytes", in: entryRange,
        "the bytes one key takes in the store, its stored response included (an assumption: 1 KiB)"),
      \.entryBytes),
    .check(("maxMemory", "maxMemory ≥ entryBytes")) { store, reader throws(ScenarioError) in
      guard let memory = store.maxMemory, memory < store.entryBytes else { return }
      throw reader.error(
        "maxMemory \(memory) holds no key of entryBytes \(store.entryBytes); raise it to at least \(store.entryBytes)",
        key: "maxMemory")
    },
    .option(.integer("replicas", in: ScenarioLimits.replicas, "the read replicas of a `replicated` store"), \.replicas),
    .option(
      .probability("readFromReplica", "a retry's key lookup goes to a replica (chosen uniformly), not the primary"),
      \.readFromReplica),
    .option(
      .distribution("replicationLag", "how long after a key is stored a replica receives it (per key and replica)"),
      \.replicationLag),
    .optionalSection(
      "lagSpikes", \.lagSpikes, start: LagSpikeOptions(), LagSpikeOptions.optionTable,
      "replication stalls of a `replicated` store: `rate` per minute, each lasting `duration`; every key "
        + "stored during one reaches the replicas only when it ends",
      absent: "none"),
    .option(
      .bool(
        "uniqueConstraint",
        "the primary refuses a second insert of an order already applied (409), however its key was forgotten"),
      \.uniqueConstraint),
  ])
}
