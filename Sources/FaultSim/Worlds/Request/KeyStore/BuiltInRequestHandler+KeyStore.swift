/// The built-in handler's key store (``KeyStoreOptions``): how a stored key
/// is forgotten before its lifetime is up. Each forgetting is a keyed fault
/// under its own purpose, keyed by the retry's delivery — with probability
/// 1 for a restart or an eviction, `readFromReplica` for a replica read —
/// so coverage counts it and shrinking can suppress it (the key is then
/// remembered).
extension BuiltInRequestHandler {
  /// Whether the store has forgotten the key `request` repeats; traced
  /// when it has.
  ///
  /// - Complexity: O(1) amortised.
  mutating func storeForgot(
    _ entry: LedgerEntry, _ request: RequestMessage, _ context: inout DecisionContext
  ) -> Bool {
    catchUpWithRestarts(&context)
    let operation = Int(request.operation)
    // A restart since the key was stored: memory (and an lru cache) is
    // gone; a failover keeps what replica 0 had received.
    if let restart = restarts?.latest, restart > entry.keyStoredAt,
      options.keyStore.kind != .replicated || entry.keyMissesFailover
    {
      if context.fault(1, RequestDraw.keyLostToRestart.key(request.delivery)) {
        context.trace(
          RequestActor.server, "key forgotten: server restarted at \(restart)",
          "op=\(operation) stored=\(entry.keyStoredAt)")
        return true
      }
      // Kept by the shrinker: remembered, whatever the cache held.
      return false
    }
    switch options.keyStore.kind {
    case .durable, .memory:
      return false
    case .lru:
      if let sampled = sampledKeys {
        guard !sampled.contains(request.operation) else {
          sampledKeys?.touch(request.operation, at: context.now)
          return false
        }
      } else {
        guard recentKeys?.contains(request.operation) == false else {
          recentKeys?.use(request.operation)
          return false
        }
      }
      guard context.fault(1, RequestDraw.keyEvicted.key(request.delivery)) else { return false }
      let store = options.keyStore
      context.trace(
        RequestActor.server, "key evicted (lru \(store.eviction.rawValue), \(store.keyLimit) keys)",
        "op=\(operation)")
      return true
    case .replicated:
      let store = options.keyStore
      let replica =
        store.replicas == 1
        ? 0 : Int(context.random.index(below: UInt64(store.replicas), RequestDraw.replicaChoice.key(request.delivery)))
      let lag = replicationLag(operation, replica, &context)
      guard context.now < replicaReceives(entry.keyStoredAt, lag, context.random),
        context.fault(store.readFromReplica, RequestDraw.keyNotReplicated.key(request.delivery))
      else { return false }
      context.trace(
        RequestActor.server, "replica has not seen the key (lag \(lag))", "op=\(operation) replica=\(replica)")
      return true
    }
  }

  /// Notes a key just stored: an `lru` store holds it (evicting the least
  /// recently used), and a `replicated` store decides whether the next
  /// restart comes before the key reaches replica 0.
  ///
  /// - Complexity: O(1) amortised.
  mutating func noteStored(
    _ entry: inout LedgerEntry, _ request: RequestMessage, _ context: inout DecisionContext
  ) {
    catchUpWithRestarts(&context)
    switch options.keyStore.kind {
    case .durable, .memory:
      break
    case .lru:
      if sampledKeys != nil {
        let delivery = request.delivery
        let random = context.random
        sampledKeys?.store(request.operation, at: context.now) { sample, count in
          let key = DrawKey(KeySampleIdentity(delivery: delivery, sample: sample), RequestDraw.keySample.purpose)
          return Int(random.index(below: UInt64(count), key))
        }
      } else {
        recentKeys?.use(request.operation)
      }
    case .replicated:
      entry.keyMissesFailover = false
      if let failover = restarts?.upcoming {
        let reached = replicaReceives(
          context.now, replicationLag(Int(request.operation), 0, &context), context.random)
        entry.keyMissesFailover = failover < reached
      }
    }
  }

  /// How long `operation`'s key takes to reach `replica`: a value draw by
  /// operation and replica, so a key stored again after being forgotten
  /// takes as long as the first time.
  func replicationLag(
    _ operation: Int, _ replica: Int, _ context: inout DecisionContext
  ) -> VirtualDuration {
    let key = DrawKey(ReplicaIdentity(operation: operation, replica: replica), RequestDraw.replicationLag.purpose)
    return options.keyStore.replicationLag.delay(word: context.valueWord(key))
  }

  /// When a replica receives a key stored at `stored` whose own lag is
  /// `lag`: that long after, or when the replication stall under way at
  /// `stored` ends, whichever is later (``LagSpikeSchedule``).
  ///
  /// - Complexity: O(1) without `lagSpikes`; the schedule's look-up with.
  func replicaReceives(_ stored: VirtualTime, _ lag: VirtualDuration, _ random: KeyedRandom) -> VirtualTime {
    let own = RestartSchedule.saturating(stored, lag)
    guard let stall = lagSpikes?.stallEnd(at: stored, random) else { return own }
    return Swift.max(own, stall)
  }

  /// The primary's unique constraint (`uniqueConstraint`): a keyed write
  /// whose order was already applied, reaching the insert again because
  /// its key was forgotten (evicted, not replicated, lost, expired), is
  /// refused with 409 instead of applied a second time.
  ///
  /// - Complexity: O(1).
  mutating func refuseByUniqueConstraint(
    _ request: RequestMessage, _ entry: LedgerEntry, _ context: inout DecisionContext
  ) -> ResponseMessage? {
    guard options.keyStore.uniqueConstraint, entry.applied > 0 else { return nil }
    context.trace(
      RequestActor.server, "409: the primary's unique constraint refuses a second insert",
      "op=\(request.operation) applied=\(entry.applied)")
    return reply(to: request, 409)
  }

  /// Walks the restarts up to now; an `lru` cache passing a restart starts
  /// empty.
  mutating func catchUpWithRestarts(_ context: inout DecisionContext) {
    guard restarts != nil else { return }
    let before = restarts?.latest
    restarts?.advance(to: context.now, context.random)
    if restarts?.latest != before {
      recentKeys?.removeAll()
      sampledKeys?.removeAll()
    }
  }
}
