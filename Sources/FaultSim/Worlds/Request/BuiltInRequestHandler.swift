/// The server of scenario files (SPEC §4.1): a ledger per operation that
/// honours or ignores idempotency keys, remembers each key's result (for a
/// while, with a key lifetime), answers 409 to a retry of a key still in
/// flight, 422 to a different body under a stored key, 412 to a stale
/// `If-Match`, and injects failures (before or after the commit,
/// rejections, throttling); its key store may forget a key early — lost at
/// a restart, evicted, not yet replicated (`KeyStoreOptions`); all of it
/// set by `ServerOptions`. See
/// ``RequestHandler`` for what a handler decides.
///
/// It is the server of whichever scenario it runs in: the world calls
/// `prepared(for:)` with the scenario's options before a run. You name it
/// (`UserCodeRequestWorld<BuiltInRequestHandler>`) but never make one:
/// ``Scenario/requestWorld(client:handler:)`` and the user-code worlds use
/// it when you give no handler.
public struct BuiltInRequestHandler: RequestHandler, ScenarioConfigured {
  /// The options the handler follows. A `var` that nothing changes: a
  /// debug build copies all of a `let` to read one of its fields.
  private(set) var options: ServerOptions
  /// The shared records conditional writes update, if any.
  let contention: WorkloadOptions.Contention?
  /// A retry this close to its key's expiry races it.
  let raceWindow: VirtualDuration
  /// The current version of each contended record (conditional writes).
  var versions: [UInt32]
  // Stores that forget:
  /// Whether the key store can forget a key before its lifetime is up
  /// (any kind but `durable`).
  let storeForgets: Bool
  /// The server's restarts, walked by the handler to know which keys a
  /// restart lost; `nil` without restarts.
  var restarts: RestartSchedule?
  /// The keys an exact `lru` store holds; `nil` for other kinds.
  var recentKeys: RecentKeys?
  // Key stores like the ones users run:
  /// The keys a sampled `lru` store holds; `nil` for other kinds.
  var sampledKeys: SampledKeys?
  /// When a `replicated` store's replication stalls; `nil` without
  /// `lagSpikes`.
  let lagSpikes: LagSpikeSchedule?

  /// The bytes the handler holds besides its entries: the contended
  /// records' versions and an `lru` store's keys, which outlive their
  /// operations.
  public var liveBytes: Int {
    versions.capacity &* MemoryLayout<UInt32>.stride &+ (recentKeys?.allocatedBytes ?? 0)
      &+ (sampledKeys?.allocatedBytes ?? 0)
  }

  /// The server of the scenario it runs in (`server.*`), read from the
  /// scenario's options by `prepared(for:)`.
  @usableFromInline package init() {
    self.init(ServerOptions(), contention: nil, raceWindow: .zero)
  }

  /// The server the scenario's `server.*` options describe.
  @usableFromInline package func prepared(for options: RequestWorldOptions) -> BuiltInRequestHandler {
    BuiltInRequestHandler(options.server, contention: options.workload.contention, raceWindow: options.races.window)
  }

  /// The handler of `options`.
  init(_ options: ServerOptions, contention: WorkloadOptions.Contention?, raceWindow: VirtualDuration) {
    self.options = options
    self.contention = contention
    self.raceWindow = raceWindow
    versions = Array(repeating: 0, count: contention?.resources ?? 0)
    storeForgets = options.keyStore.kind != .durable
    restarts = options.restarts.map(RestartSchedule.init)
    let store = options.keyStore
    let lru = store.kind == .lru
    recentKeys = lru && store.eviction == .exact ? RecentKeys(capacity: store.keyLimit) : nil
    sampledKeys = lru && store.eviction == .sampled ? SampledKeys(limit: store.keyLimit, samples: store.samples) : nil
    lagSpikes = store.kind == .replicated ? store.lagSpikes.map(LagSpikeSchedule.init) : nil
  }

  /// An operation's ledger entry before anything was applied.
  public var emptyEntry: LedgerEntry { LedgerEntry() }

  /// Resets the records' versions, keeping the storage.
  ///
  /// - Complexity: O(records).
  public mutating func reset() {
    for index in versions.indices { versions[index] = 0 }
    restarts?.rewind()
    recentKeys?.removeAll()
    sampledKeys?.removeAll()
  }

  /// Times the ledger applied the operation's write.
  public func applied(_ entry: LedgerEntry) -> Int { Int(entry.applied) }

  /// A keyed write is refused while its key is in flight, when keys are
  /// honoured and `ServerOptions.inFlightKey` is `conflict`.
  @inline(__always)
  public func refusesWhileInFlight(_ request: RequestMessage) -> Bool {
    // One condition after another, not `&&`: a debug build copies the
    // handler into each closure that `&&` makes of its right side.
    guard request.carriesKey, options.keys == .honour else { return false }
    return options.inFlightKey == .conflict
  }

  /// 409 Conflict: the key is still being processed; the client may retry
  /// later.
  public mutating func refuseWhileInFlight(
    _ request: RequestMessage, _ context: inout DecisionContext
  ) -> ResponseMessage {
    context.trace(RequestActor.server, "409: key in flight", "op=\(request.operation) seq=\(request.sequence)")
    return reply(to: request, 409)
  }

  /// The ledger's answer to one request at its commit point.
  public mutating func serve(
    _ request: RequestMessage, _ entry: inout LedgerEntry, _ context: inout DecisionContext
  ) -> ResponseMessage {
    let operation = Int(request.operation)
    let resource = contention.map { operation % $0.resources }
    switch request.kind {
    case .read:
      return reply(to: request, 200, content: resource.map { .version(versions[$0]) } ?? .none)
    case .query:
      return reply(to: request, 200, content: .writeApplied(entry.applied > 0))
    case .write:
      break
    }
    if context.fault(options.rejection, RequestDraw.rejection.key(request.delivery)) {
      context.trace(RequestActor.server, "reject \(options.rejectionStatus)", "op=\(operation)")
      return reply(to: request, UInt16(options.rejectionStatus))
    }
    if context.fault(options.throttling, RequestDraw.throttling.key(request.delivery)) {
      context.trace(RequestActor.server, "429: throttled", "op=\(operation)")
      return reply(to: request, 429)
    }
    // No `&&` here either (see ``refusesWhileInFlight(_:)``).
    let keyed = request.carriesKey ? options.keys == .honour : false
    if keyed, let stored = entry.storedStatus {
      if storeForgets, storeForgot(entry, request, &context) {
        entry.storedStatus = nil
      } else if keyStillValid(entry, request.delivery, &context) {
        if request.payload != entry.storedPayload {
          context.trace(RequestActor.server, "422: same key, different payload", "op=\(operation)")
          return reply(to: request, 422)
        }
        context.trace(RequestActor.server, "replay stored \(stored) for the key", "op=\(operation)")
        return reply(to: request, stored)
      } else {
        if options.clock.driftPPM == 0 {
          context.trace(RequestActor.server, "key expired: apply again", "op=\(operation)")
        } else {
          // Clocks that disagree: the lifetime in both clocks.
          let ttl = options.keyTTL ?? .zero
          context.trace(
            RequestActor.server,
            "key expired: apply again (\(ttl) on the server clock lasts \(options.clock.realDuration(ttl)))",
            "op=\(operation)")
        }
        entry.storedStatus = nil
      }
    }
    if let resource, request.ifMatch != versions[resource] {
      context.trace(RequestActor.server, "412: stale version", "op=\(operation) resource=\(resource)")
      return reply(to: request, 412)
    }
    let failureStatus = UInt16(options.failureStatus)
    if context.fault(options.failureBeforeCommit, RequestDraw.failureBeforeCommit.key(request.delivery)) {
      context.trace(RequestActor.server, "\(failureStatus) before commit", "op=\(operation)")
      if keyed, options.storesErrors { storeKey(&entry, failureStatus, request, &context) }
      return reply(to: request, failureStatus)
    }
    if keyed, let refusal = refuseByUniqueConstraint(request, entry, &context) { return refusal }
    entry.applied &+= 1
    if let resource { versions[resource] &+= 1 }
    context.trace(RequestActor.server, "apply", "op=\(operation) applied=\(entry.applied)")
    if context.fault(options.failureAfterCommit, RequestDraw.failureAfterCommit.key(request.delivery)) {
      context.trace(RequestActor.server, "\(failureStatus) after commit", "op=\(operation)")
      if keyed { storeKey(&entry, options.storesErrors ? failureStatus : 200, request, &context) }
      return reply(to: request, failureStatus)
    }
    if keyed { storeKey(&entry, 200, request, &context) }
    return reply(to: request, 200)
  }

  /// Stores a result under the operation's key (and in the key store, when
  /// it can forget).
  mutating func storeKey(
    _ entry: inout LedgerEntry, _ status: UInt16, _ request: RequestMessage,
    _ context: inout DecisionContext
  ) {
    entry.storedStatus = status
    entry.storedPayload = request.payload
    entry.keyStoredAt = context.now
    if storeForgets { noteStored(&entry, request, &context) }
  }

  /// Whether the operation's stored key is still remembered now; a request
  /// close to the expiry instant races with it. (`mutating`, as ``reply(to:_:content:)``
  /// is.)
  mutating func keyStillValid(
    _ entry: LedgerEntry, _ delivery: DeliveryIdentity, _ context: inout DecisionContext
  ) -> Bool {
    // A lifetime past the clock's end never expires.
    // The lifetime runs on the server's clock (clocks that
    // disagree): stored and checked on the same clock, only its drift
    // matters.
    guard let ttl = options.keyTTL, let expiry = try? entry.keyStoredAt + options.clock.realDuration(ttl) else {
      return true
    }
    let now = context.now
    let valid = now < expiry
    guard now.distance(to: expiry) <= raceWindow else { return valid }
    let flipped =
      context.choose(
        race: RequestDraw.retryVsKeyExpiry.key(delivery), label: RequestDraw.retryVsKeyExpiry.name,
        alternatives: valid
          ? ["retry first (key valid)", "expiry first"] : ["expiry first", "retry first (key valid)"]
      ) == 1
    return flipped ? !valid : valid
  }

  /// A response to `request` with an HTTP status, carrying the Retry-After
  /// this server sends with it: every 429 carries
  /// ``ServerOptions/throttleRetryAfter``, and with a capacity every 503
  /// carries ``ServerOptions/Capacity/retryAfter``; without one, an
  /// injected 503 carries ``ServerOptions/failureRetryAfter`` if set.
  ///
  /// `mutating` although it changes nothing: the handler's mutating
  /// methods call it, and in a debug build a non-mutating call copies the
  /// whole handler first (its key stores included), at every answer.
  @inline(__always)
  mutating func reply(
    to request: RequestMessage, _ status: UInt16, content: ResponseMessage.Content = .none
  ) -> ResponseMessage {
    var content = content
    switch status {
    case 429: content = .retryAfter(options.throttleRetryAfter)
    case 503:
      if let capacity = options.capacity {
        content = .retryAfter(capacity.retryAfter)
      } else if let delay = options.failureRetryAfter {
        // Clocks that disagree: an injected 503 with Retry-After.
        content = .retryAfter(delay)
      }
    default: break
    }
    return ResponseMessage(answering: request, status: status, content: content)
  }
}
