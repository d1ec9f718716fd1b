/// The `server.keyStore` section of a request scenario.
extension KeyStoreOptions {
  /// The section's keys, in reading order.
  static let optionTable = OptionTable<KeyStoreOptions>([
    .option(
      .choice(
        "kind",
        "`durable`: keys survive restarts; `memory`: every key is lost at each restart; `lru`: at most "
          + "`capacity` keys, the least recently used evicted; `replicated`: a retry may read a replica that "
          + "has not received the key yet"),
      \.kind),
    .option(
      .integer("capacity", in: ScenarioLimits.keyStoreCapacity, "the keys an `lru` store holds"), \.capacity),
    .option(.integer("replicas", in: ScenarioLimits.replicas, "the read replicas of a `replicated` store"), \.replicas),
    .option(
      .probability("readFromReplica", "a retry's key lookup goes to a replica (chosen uniformly), not the primary"),
      \.readFromReplica),
    .option(
      .distribution("replicationLag", "how long after a key is stored a replica receives it (per key and replica)"),
      \.replicationLag),
  ])
}
