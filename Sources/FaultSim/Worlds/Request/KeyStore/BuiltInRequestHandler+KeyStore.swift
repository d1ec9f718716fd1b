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
      guard recentKeys?.contains(request.operation) == false else {
        recentKeys?.use(request.operation)
        return false
      }
      guard context.fault(1, RequestDraw.keyEvicted.key(request.delivery)) else { return false }
      context.trace(
        RequestActor.server, "key evicted (lru, capacity \(options.keyStore.capacity))", "op=\(operation)")
      return true
    case .replicated:
      let store = options.keyStore
      let replica =
        store.replicas == 1
        ? 0 : Int(context.random.index(below: UInt64(store.replicas), RequestDraw.replicaChoice.key(request.delivery)))
      let lag = replicationLag(operation, replica, &context)
      guard context.now < RestartSchedule.saturating(entry.keyStoredAt, lag),
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
      recentKeys?.use(request.operation)
    case .replicated:
      entry.keyMissesFailover = false
      if let failover = restarts?.upcoming {
        let reached = RestartSchedule.saturating(
          context.now, replicationLag(Int(request.operation), 0, &context))
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

  /// Walks the restarts up to now; an `lru` cache passing a restart starts
  /// empty.
  mutating func catchUpWithRestarts(_ context: inout DecisionContext) {
    guard restarts != nil else { return }
    let before = restarts?.latest
    restarts?.advance(to: context.now, context.random)
    if restarts?.latest != before { recentKeys?.removeAll() }
  }
}
