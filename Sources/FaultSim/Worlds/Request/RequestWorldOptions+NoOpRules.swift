/// The request world's no-op checks (docs/no-op-checks.md), in the order of
/// the scenario's sections. Each states, in `why`, the model fact that makes
/// its keys unable to matter; the code that fact rests on is named in
/// brackets.
extension RequestWorldOptions {
  static let noOpRules: [NoOpRule<RequestWorldOptions>] = [
    NoOpRule(
      "body-size-without-bandwidth", keys: ["workload.requestBytes", "workload.responseBytes"],
      why:
        "bandwidth is unlimited, so a body takes no time to send; set network.bandwidthBytesPerSecond "
        + "(or a network.preset with a bandwidth) to make it matter",
      // [NetworkOptions.transmissionNanoseconds: 0 without a rate]
      when: { $0.network.bandwidthBytesPerSecond == nil }),
    NoOpRule(
      "contention-resources-single-operation", keys: ["workload.contention.resources"],
      why: "with one operation every write goes to record 0, whatever the number of records; "
        + "raise workload.operations to make it matter",
      // [RequestWorld.serve: resource = operation % resources]
      when: { $0.workload.operations == 1 }),
    NoOpRule(
      "backoff-without-retries", keys: ["client.backoff"],
      why: "client.attempts is 1 and no conditional write backs off after a 412 (no workload.contention, "
        + "or client.conflictRetry immediate), so no wait is ever taken; raise client.attempts to make it matter",
      // [RequestWorld.retry: the attempt budget is checked before the backoff; rereadAfterBackoff]
      when: {
        $0.client.attempts == 1 && ($0.workload.contention == nil || $0.client.conflictRetry == .immediate)
      }),
    NoOpRule(
      "backoff-zero-base", keys: ["client.backoff"],
      why: "base is 0, so every wait is 0 whatever the growth, jitter and cap (the same as no backoff); "
        + "give base a positive duration to make it matter",
      // [Backoff.delay: every formula scales base, and decorrelated starts at base]
      when: { $0.client.backoff.growth != .none && $0.client.backoff.base == .zero }),
    NoOpRule(
      "backoff-growth-none", keys: ["client.backoff.jitter", "client.backoff.base", "client.backoff.cap"],
      why: "growth none retries at once, so jitter, base and cap are not used; "
        + "choose constant or exponential growth to make them matter",
      // [Backoff.delay: 0 when growth is none]
      when: { $0.client.backoff.growth == .none }),
    NoOpRule(
      "backoff-first-retry-unused", keys: ["client.backoff.firstRetry"],
      why: "firstRetry numbers the exponent of base·2ⁿ, which only exponential growth without decorrelated "
        + "jitter uses",
      // [Backoff.ceiling(retry:); Backoff.delay: decorrelated does not use the ceiling]
      when: { $0.client.backoff.growth != .exponential || $0.client.backoff.jitter == .decorrelated }),
    NoOpRule(
      "backoff-cap-constant", keys: ["client.backoff.cap"],
      why: "constant growth waits base before every retry; cap bounds only exponential growth",
      // [Backoff.init: cap = base for constant growth]
      when: { $0.client.backoff.growth == .constant }),
    NoOpRule(
      "retry-budget-without-retries", keys: ["client.retryBudget"],
      why: "client.attempts is 1, so no retry is ever asked for and the shared budget never refuses one "
        + "(re-reads after a 412 do not use it); raise client.attempts to make it matter",
      // [RequestWorld.retry: the attempt budget is checked before the retry budget; rereadAfterBackoff]
      when: { $0.client.attempts == 1 }),
    NoOpRule(
      "token-bucket-refill-below-one-token", keys: ["client.retryBudget.refillPerSuccess"],
      why: "capacity is below 1, so the bucket never holds a whole token and every retry is refused "
        + "whatever the refill; raise capacity to 1 or more to make it matter",
      // [RetryBudgetState.allowRetry, recordSuccess: tokens ≤ capacity < 1]
      when: { options in
        if case .tokenBucket(let capacity, _) = options.client.retryBudget { return capacity < 1 }
        return false
      }),
    NoOpRule(
      "safety-without-keyless-writes", keys: ["client.safety"],
      why: "safety decides only what happens after an ambiguous failure of a keyless write, "
        + "and workload.kind is not keyless-write",
      // [RequestWorld.handleFailure]
      when: { $0.workload.kind != .keylessWrite }),
    NoOpRule(
      "offline-behaviour-without-offline-windows", keys: ["client.offline"],
      why: "network.offline has no windows, so the device is never offline; add one to make it matter",
      // [RequestWorld.sendAttempt]
      when: { $0.network.offline.isEmpty }),
    NoOpRule(
      "retry-after-without-retries", keys: ["client.honoursRetryAfter"],
      why: "client.attempts is 1, and a Retry-After is read only before a retry; "
        + "raise client.attempts to make it matter",
      // [RequestWorld.retry: the attempt budget is checked before the Retry-After]
      when: { $0.client.attempts == 1 }),
    NoOpRule(
      "retry-after-without-senders", keys: ["client.honoursRetryAfter"],
      why: "nothing sends a Retry-After: there is no server.capacity (503), no server.throttling "
        + "of writes (429) and no server.failureRetryAfter on injected 503s; add one to make it matter",
      // [RequestWorld.retryAfter(for:), serve: reads are never throttled]
      when: {
        $0.server.capacity == nil && ($0.server.throttling == 0 || $0.workload.kind == .read)
          && !sendsFailureRetryAfter($0)
      }),
    NoOpRule(
      "payload-change-without-keys", keys: ["client.payloadChangesOnRetry"],
      why: "only a server that honours idempotency keys compares a retry's payload with the first (422), "
        + "and the workload is not keyed writes to such a server",
      // [RequestWorld.serve: the payload is compared in the keyed branch only]
      when: { $0.workload.kind != .keyedWrite || $0.server.keys == .ignore }),
    NoOpRule(
      "payload-change-without-retries", keys: ["client.payloadChangesOnRetry"],
      why: "client.attempts is 1, so no write is retried and no payload can change; "
        + "raise client.attempts to make it matter",
      // [RequestWorld.sendAttempt: only a write's second try in a row may change]
      when: { $0.client.attempts == 1 }),
    NoOpRule(
      "conflict-retry-without-contention", keys: ["client.conflictRetry"],
      why: "conflictRetry decides what a conditional write does after a 412, and there is no workload.contention",
      // [RequestWorld.handleFailure]
      when: { $0.workload.contention == nil }),
    NoOpRule(
      "conflict-retry-without-backoff", keys: ["client.conflictRetry"],
      why: "client.backoff waits nothing (no backoff, growth none, or base 0), so re-reading after it is "
        + "re-reading at once; give the backoff a wait to make it matter",
      // [RequestWorld.rereadAfterBackoff: a zero wait reads at once]
      when: { $0.client.backoff.growth == .none || $0.client.backoff.base == .zero }),
    NoOpRule(
      "conflict-limit-without-contention", keys: ["client.conflictLimit"],
      why: "conflictLimit counts 412 conflicts of conditional writes, and there is no workload.contention",
      // [RequestWorld.handleFailure]
      when: { $0.workload.contention == nil }),
    NoOpRule(
      "preset-overridden", keys: ["network.preset"],
      why: "every value the preset sets that can matter here (latency, requestLoss, responseLoss, and "
        + "bandwidthBytesPerSecond when a body has a size) is given explicitly; drop one of them or the preset",
      holds: { options, keys in presetIsOverridden(options, keys) }),
    NoOpRule(
      "burst-loss-without-loss", keys: ["network.burstLoss"],
      why: "lossGood and lossBad are 0, so bursts lose nothing; give lossBad a probability to make it matter",
      // [RequestWorld.messageLost]
      when: { ($0.network.burstLoss.map { $0.lossGood == 0 && $0.lossBad == 0 }) ?? false }),
    NoOpRule(
      "burst-loss-states-alike", keys: ["network.burstLoss.meanGood", "network.burstLoss.meanBad"],
      why: "lossGood equals lossBad, so both states lose alike and how long each lasts cannot matter",
      // [BurstLossTimeline.lossProbability]
      when: { ($0.network.burstLoss.map { $0.lossGood == $0.lossBad }) ?? false }),
    NoOpRule(
      "bandwidth-without-bodies", keys: ["network.bandwidthBytesPerSecond"],
      why: "workload.requestBytes and workload.responseBytes are 0, so there is nothing to send; "
        + "give a body size to make it matter",
      // [NetworkOptions.transmissionNanoseconds: 0 for 0 bytes]
      when: { $0.workload.requestBytes == 0 && $0.workload.responseBytes == 0 }),
    NoOpRule(
      "server-faults-on-reads",
      keys: [
        "server.failureBeforeCommit", "server.failureAfterCommit", "server.failureStatus", "server.rejection",
        "server.rejectionStatus", "server.throttling", "server.throttleRetryAfter",
      ],
      why: "the server injects failures, rejections and throttling into writes only, and workload.kind is read",
      // [RequestWorld.serve: reads are answered before any injection]
      when: { $0.workload.kind == .read }),
    NoOpRule(
      "failure-status-without-failures", keys: ["server.failureStatus"],
      why: "failureBeforeCommit and failureAfterCommit are 0, so no failure carries the status",
      // [RequestWorld.serve]
      when: { $0.server.failureBeforeCommit == 0 && $0.server.failureAfterCommit == 0 }),
    NoOpRule(
      "rejection-status-without-rejections", keys: ["server.rejectionStatus"],
      why: "server.rejection is 0, so no rejection carries the status",
      // [RequestWorld.serve]
      when: { $0.server.rejection == 0 }),
    NoOpRule(
      "throttle-retry-after-without-throttling", keys: ["server.throttleRetryAfter"],
      why: "server.throttling is 0, so no 429 carries the Retry-After",
      // [RequestWorld.retryAfter(for:): only 429s carry it]
      when: { $0.server.throttling == 0 }),
    NoOpRule(
      "keys-without-keyed-writes",
      keys: ["server.keys", "server.keyTTL", "server.inFlightKey", "server.storesErrors", "server.preset"],
      why: "the server reads idempotency keys only on keyed writes, and workload.kind is not keyed-write",
      // [RequestWorld.serve, serverReceive]
      when: { $0.workload.kind != .keyedWrite }),
    NoOpRule(
      "key-options-with-ignored-keys",
      keys: ["server.keyTTL", "server.inFlightKey", "server.storesErrors", "server.preset"],
      why: "server.keys is ignore, so no key is remembered and its lifetime, in-flight handling and "
        + "stored errors cannot matter",
      // [RequestWorld.serve, serverReceive: keyed means keys honoured]
      when: { $0.server.keys == .ignore }),
    NoOpRule(
      "stores-errors-without-failures", keys: ["server.storesErrors"],
      why: "failureBeforeCommit and failureAfterCommit are 0, so there is no error to store",
      // [RequestWorld.serve]
      when: { $0.server.failureBeforeCommit == 0 && $0.server.failureAfterCommit == 0 }),
    NoOpRule(
      "in-flight-key-without-processing-time", keys: ["server.inFlightKey"],
      why: "server.processing is 0, so a request is never still in flight when another arrives; "
        + "give processing a duration to make it matter",
      // [RequestWorld.beginProcessing: a zero fixed time completes at once]
      when: { $0.server.processing == .fixed(.zero) }),
    NoOpRule(
      "race-window-without-races", keys: ["races.window"],
      why: "no events can race: every response arrives more than the window before its timeout (bounded "
        + "latency and processing, no server.capacity queue), and no keyed write with server.keyTTL or an "
        + "in-flight 409 is repeated",
      // [RequestWorld.canMeetRace]
      when: { !RequestWorld.canMeetRace($0) }),
    // The network duplicates, reorders and partitions:
    NoOpRule(
      "duplicate-delay-without-duplication", keys: ["network.duplicateDelay"],
      why: "network.requestDuplication and network.responseDuplication are 0, so no message has a copy to "
        + "delay; give either a probability to make it matter",
      // [RequestNetwork.duplicate: the delay is drawn only for a duplicated message]
      when: { $0.network.requestDuplication == 0 && $0.network.responseDuplication == 0 }),
    NoOpRule(
      "reorder-delay-without-reordering", keys: ["network.reorderDelay"],
      why: "network.requestReordering and network.responseReordering are 0, so no message is held back; "
        + "give either a probability to make it matter",
      // [RequestNetwork.heldBack: the delay is drawn only for a held-back message]
      when: { $0.network.requestReordering == 0 && $0.network.responseReordering == 0 }),
    NoOpRule(
      "partition-semantics-without-partitions", keys: ["network.partitionSemantics"],
      why: "network.partitions is empty, so no message is sent into a partition to be retransmitted or "
        + "dropped; add a partition to make it matter",
      // [RequestNetwork.heldByPartition: asked only for a message sent into a partition]
      when: { $0.network.partitions.isEmpty }),
    NoOpRule(
      "reordering-without-delay", keys: ["network.requestReordering", "network.responseReordering"],
      why: "network.reorderDelay is 0, so a held-back message arrives when it would have anyway and nothing "
        + "overtakes it; give reorderDelay a duration to make it matter",
      // [RequestNetwork.heldBack: the extra delay is reorderDelay's]
      when: { $0.network.reorderDelay == .fixed(.zero) }),
    // Apps killed mid-request:
    NoOpRule(
      "app-termination-without-writes",
      keys: [
        "client.app.termination", "client.app.relaunchAfter", "client.app.outbox", "client.app.marksSent",
        "client.app.maxResends",
      ],
      why: "workload.kind is read, so no write attempt is ever in flight to be killed and no outbox row exists",
      // [RequestClient.killTime: only write attempts are killed]
      when: { $0.workload.kind == .read }),
    NoOpRule(
      "outbox-without-termination",
      keys: ["client.app.relaunchAfter", "client.app.outbox", "client.app.marksSent", "client.app.maxResends"],
      why: "client.app.termination is 0, so the app is never killed and never relaunched; "
        + "give termination a probability to make them matter",
      // [RequestWorldModel.scheduleKill]
      when: { $0.client.app.termination == 0 }),
    NoOpRule(
      "outbox-none-relaunch", keys: ["client.app.relaunchAfter", "client.app.marksSent", "client.app.maxResends"],
      why: "client.app.outbox is none, so a killed write is abandoned: nothing is resent at a relaunch",
      // [RequestClient.terminate]
      when: { $0.client.app.outbox == .none }),
    NoOpRule(
      "marks-sent-without-error-answers", keys: ["client.app.marksSent"],
      why: "no write can get an HTTP answer other than 2xx and still be retried (no server failures, rejections, "
        + "throttling or capacity, no contention, no keyed 409/422; or client.attempts is 1 without contention), "
        + "so on-any-response marks a row sent exactly when on-2xx does",
      // [RequestClient.receive: a 2xx ends the write; only a non-2xx answer followed by a retry can differ]
      when: { options in
        let server = options.server
        let noErrorAnswers =
          server.failureBeforeCommit == 0 && server.failureAfterCommit == 0 && server.rejection == 0
          && server.throttling == 0 && server.capacity == nil && options.workload.contention == nil
          && options.workload.kind != .keyedWrite
        return noErrorAnswers || (options.client.attempts == 1 && options.workload.contention == nil)
      }),
    // Intermediaries that retry:
    NoOpRule(
      "gateway-without-retries",
      keys: ["gateway.retryOn", "gateway.methods", "gateway.backoff", "gateway.backoffShape", "gateway.retryTarget"],
      why: "gateway.attempts is 1, so the gateway never sends a request again; raise gateway.attempts to make "
        + "them matter",
      // [RequestGateway.afterFailure: the next try must be below attempts]
      when: { ($0.gateway?.attempts ?? 2) == 1 }),
    NoOpRule(
      "gateway-retry-on-nothing",
      keys: ["gateway.attempts", "gateway.methods", "gateway.backoff", "gateway.backoffShape", "gateway.retryTarget"],
      why: "gateway.retryOn is empty, so no outcome makes the gateway try again; name a condition in it to make "
        + "them matter",
      // [RequestGateway.afterFailure: the condition must be in retryOn]
      when: { $0.gateway?.retryOn.isEmpty ?? false }),
    NoOpRule(
      "gateway-single-next-server", keys: ["gateway.retryOn", "gateway.methods", "gateway.backoff"],
      why: "gateway.retryTarget is next-server and gateway.servers is 1, so there is no other server to pass a "
        + "request to (nginx with one upstream server); raise gateway.servers to make them matter",
      // [GatewayOptions.tryLimit: next-server allows at most one try per server]
      when: { gateway in
        guard let options = gateway.gateway else { return false }
        return options.retryTarget == .nextServer && options.servers == 1 && options.attempts > 1
      }),
    NoOpRule(
      "gateway-servers-without-next-server", keys: ["gateway.servers"],
      why: "gateway.retryTarget is any, so a retry may go to any server and their number bounds nothing; set "
        + "gateway.retryTarget to next-server to make it matter",
      // [GatewayOptions.tryLimit: servers counts only for next-server]
      when: { $0.gateway?.retryTarget == .any }),
    NoOpRule(
      "gateway-backoff-max-without-jitter", keys: ["gateway.backoffMax"],
      why: "gateway.backoffShape is fixed, so every retry waits gateway.backoff and no jittered wait is capped; "
        + "set gateway.backoffShape to exponential-full-jitter to make it matter",
      // [GatewayOptions.retryWait: the cap applies to the jittered shape only]
      when: { $0.gateway?.backoffShape == .fixed }),
    NoOpRule(
      "gateway-methods-all-idempotent", keys: ["gateway.methods"],
      why: "every request of this workload is a read or a PUT, which every methods setting retries",
      // [RequestGateway.mayRetry: reads and idempotent writes are always allowed]
      when: { $0.gateway != nil && ($0.workload.kind == .read || $0.workload.kind == .idempotentWrite) }),
    NoOpRule(
      "gateway-forwards-key-without-keys", keys: ["gateway.forwardsKey"],
      why: "workload.kind is not keyed-write, so no request carries an Idempotency-Key to forward or strip",
      // [RequestGateway.upstream: only the key is stripped]
      when: { $0.gateway != nil && $0.workload.kind != .keyedWrite }),
    // Stores that forget:
    NoOpRule(
      "key-store-without-keyed-writes", keys: ["server.keyStore"],
      why: "the key store holds idempotency keys, which only keyed writes carry, and workload.kind is not "
        + "keyed-write",
      // [BuiltInRequestHandler.serve: the store is consulted only for a keyed request]
      when: { $0.workload.kind != .keyedWrite }),
    NoOpRule(
      "key-store-with-ignored-keys", keys: ["server.keyStore"],
      why: "server.keys is ignore, so no key is stored and where the store keeps keys cannot matter",
      // [BuiltInRequestHandler.serve: keyed means keys honoured]
      when: { $0.server.keys == .ignore }),
    NoOpRule(
      "key-store-capacity-without-lru", keys: ["server.keyStore.capacity"],
      why: "only an lru key store has a capacity; set server.keyStore.kind to lru to make it matter",
      // [BuiltInRequestHandler.init: RecentKeys only for lru]
      when: { $0.server.keyStore.kind != .lru }),
    // Key stores like the ones users run:
    NoOpRule(
      "key-store-eviction-without-lru",
      keys: [
        "server.keyStore.eviction", "server.keyStore.samples", "server.keyStore.maxMemory",
        "server.keyStore.entryBytes",
      ],
      why: "only an lru key store evicts; set server.keyStore.kind to lru to make it matter",
      // [BuiltInRequestHandler.init: SampledKeys and RecentKeys only for lru]
      when: { $0.server.keyStore.kind != .lru }),
    NoOpRule(
      "key-store-samples-with-exact-eviction", keys: ["server.keyStore.samples"],
      why: "server.keyStore.eviction is exact, which evicts the least recently used key without sampling; "
        + "set eviction to sampled to make it matter",
      // [BuiltInRequestHandler.init: RecentKeys for exact]
      when: { $0.server.keyStore.kind == .lru && $0.server.keyStore.eviction == .exact }),
    NoOpRule(
      "key-store-entry-bytes-without-memory-limit", keys: ["server.keyStore.entryBytes"],
      why: "server.keyStore.maxMemory is not set, so the store holds capacity keys whatever their size; set "
        + "maxMemory to make it matter",
      // [KeyStoreOptions.keyLimit: capacity without maxMemory]
      when: { $0.server.keyStore.kind == .lru && $0.server.keyStore.maxMemory == nil }),
    NoOpRule(
      "key-store-capacity-under-memory-limit", keys: ["server.keyStore.capacity"],
      why: "server.keyStore.maxMemory is set, so the store holds maxMemory / entryBytes keys and capacity "
        + "cannot matter; drop maxMemory to make it matter",
      // [KeyStoreOptions.keyLimit: maxMemory first]
      when: { $0.server.keyStore.kind == .lru && $0.server.keyStore.maxMemory != nil }),
    NoOpRule(
      "key-store-unique-constraint-never-reached", keys: ["server.keyStore.uniqueConstraint"],
      why: "the key store is durable and keys never expire (no server.keyTTL), so no applied write reaches the "
        + "insert again; use a store that forgets or a key lifetime to make it matter",
      // [BuiltInRequestHandler.serve: a stored key is replayed before the insert]
      when: { $0.server.keyStore.kind == .durable && $0.server.keyTTL == nil }),
    NoOpRule(
      "key-store-replication-without-replicas",
      keys: [
        "server.keyStore.replicas", "server.keyStore.readFromReplica", "server.keyStore.replicationLag",
        "server.keyStore.lagSpikes",
      ],
      why: "only a replicated key store has replicas; set server.keyStore.kind to replicated to make them matter",
      // [BuiltInRequestHandler.storeForgot, noteStored: replicas only for replicated]
      when: { $0.server.keyStore.kind != .replicated }),
    NoOpRule(
      "key-store-replicas-never-read", keys: ["server.keyStore.replicas"],
      why: "server.keyStore.readFromReplica is 0, so no lookup goes to a replica and their number cannot "
        + "matter (a failover promotes replica 0)",
      // [BuiltInRequestHandler.storeForgot: the replica is chosen only to be read]
      when: { $0.server.keyStore.kind == .replicated && $0.server.keyStore.readFromReplica == 0 }),
    NoOpRule(
      "key-store-replication-lag-unused", keys: ["server.keyStore.replicationLag", "server.keyStore.lagSpikes"],
      why: "server.keyStore.readFromReplica is 0 and the server never restarts, so no lookup and no failover "
        + "waits for a replica; give readFromReplica a probability or add server.restarts to make it matter",
      // [BuiltInRequestHandler.storeForgot, noteStored: the lag is read by a replica lookup or a failover]
      when: {
        $0.server.keyStore.kind == .replicated && $0.server.keyStore.readFromReplica == 0
          && $0.server.restarts == nil
      }),
    NoOpRule(
      "restarts-without-effect", keys: ["server.restarts.at", "server.restarts.meanInterval"],
      why: "restarts.downtime is 0, server.processing is 0 (no request is ever being processed at a restart) "
        + "and no keyed write meets a key store that a restart empties (durable, keys ignored or not keyed), so "
        + "a restart changes nothing; give downtime or processing a duration, or use a memory, lru or "
        + "replicated key store, to make it matter",
      // [RequestServer.refusesWhileDown, restartCuts; BuiltInRequestHandler.storeForgot]
      when: { options in
        guard let restarts = options.server.restarts else { return false }
        let forgets =
          options.workload.kind == .keyedWrite && options.server.keys == .honour
          && options.server.keyStore.kind != .durable
        return !forgets && restarts.downtime == .zero && options.server.processing == .fixed(.zero)
      }),
    NoOpRule(
      "restarts-without-instants", keys: ["server.restarts.downtime"],
      why: "server.restarts has neither at nor meanInterval, so the server never restarts; "
        + "give restart times or a mean interval to make it matter",
      // [RestartSchedule.upcoming: nil without listed or random instants]
      when: { $0.server.restarts.map { $0.at.isEmpty && $0.meanInterval == nil } ?? false }),
    // Clocks that disagree:
    NoOpRule(
      "failure-retry-after-without-503s", keys: ["server.failureRetryAfter"],
      why: "only an injected failure with server.failureStatus 503 carries it, and no write fails with 503 "
        + "(failureBeforeCommit and failureAfterCommit are 0, failureStatus is not 503, or the workload reads)",
      // [BuiltInRequestHandler.reply: 503 without capacity]
      when: { !sendsFailureRetryAfter($0) }),
    NoOpRule(
      "retry-after-format-without-retry-after", keys: ["server.retryAfterFormat"],
      why: "no client reads a Retry-After (nothing sends one, client.attempts is 1, or client.honoursRetryAfter "
        + "is false), so how it is written cannot matter",
      // [RetryAfterDating.dated; BuiltInClientPolicy.retry: honoursRetryAfter]
      when: { !readsRetryAfter($0) }),
    NoOpRule(
      "server-clock-offset-without-dates", keys: ["server.clock.ahead", "server.clock.behind"],
      why: "the server reads its clock's offset only to write a Retry-After date; a key lifetime is stored and "
        + "checked on the same clock, so the offset cancels (only driftPPM stretches it); set "
        + "server.retryAfterFormat http-date to make it matter",
      // [BuiltInRequestHandler.keyStillValid: realDuration(ttl); RetryAfterDating]
      when: { $0.server.retryAfterFormat == .seconds || !readsRetryAfter($0) }),
    NoOpRule(
      "client-clock-offset-without-dates",
      keys: ["client.clock.ahead", "client.clock.behind", "client.clock.spread", "client.clock.preset"],
      why: "the client reads its clock's offset only to compare a Retry-After date with it; timeouts and waits "
        + "are durations, in which the offset cancels (only driftPPM stretches them); set "
        + "server.retryAfterFormat http-date to make it matter",
      // [ClientClocks.wait(until:), realWait]
      when: { $0.server.retryAfterFormat == .seconds || !readsRetryAfter($0) }),
    NoOpRule(
      "retry-after-basis-without-dates", keys: ["client.clock.retryAfterBasis"],
      why: "the basis is what the client subtracts from a Retry-After date, and no date is read; set "
        + "server.retryAfterFormat http-date to make it matter",
      // [ClientClocks.wait(until:)]
      when: { $0.server.retryAfterFormat == .seconds || !readsRetryAfter($0) }),
    NoOpRule(
      "client-clock-offset-under-date-header",
      keys: ["client.clock.ahead", "client.clock.behind", "client.clock.spread", "client.clock.preset"],
      why: "client.clock.retryAfterBasis is date-header: the wait is the Retry-After date minus the response's "
        + "Date header, both on the server's clock, so the client's offset never enters; use own-clock to make "
        + "it matter",
      // [ClientClocks.wait(until:): dateHeader]
      when: {
        $0.client.clock.retryAfterBasis == .dateHeader && $0.server.retryAfterFormat == .httpDate
          && readsRetryAfter($0)
      }),
    NoOpRule(
      "server-clock-drift-without-ttl-or-dates", keys: ["server.clock.driftPPM"],
      why: "the server measures nothing on its clock: there is no server.keyTTL on keyed writes and no "
        + "Retry-After date is read",
      // [BuiltInRequestHandler.keyStillValid; RetryAfterDating]
      when: {
        ($0.server.keyTTL == nil || $0.workload.kind != .keyedWrite || $0.server.keys == .ignore)
          && ($0.server.retryAfterFormat == .seconds || !readsRetryAfter($0))
      }),
    NoOpRule(
      "routes-without-code", keys: ["server.routes"],
      why: "only your code's requests are routed (Scenario.requestWorld(running:)); the built-in client and a "
        + "ClientPolicy send the operation's order alone, which the server answers as without routes",
      // [CodeClient.routing: the only client that matches routes]
      when: { !$0.server.routes.isEmpty }),
  ]

  /// Whether an injected failure can carry `server.failureRetryAfter`: a
  /// write failing with 503 and no capacity (clocks that disagree).
  static func sendsFailureRetryAfter(_ options: RequestWorldOptions) -> Bool {
    options.server.failureRetryAfter != nil && options.server.failureStatus == 503 && options.server.capacity == nil
      && options.server.failureBeforeCommit + options.server.failureAfterCommit > 0
      && options.workload.kind != .read
  }

  /// Whether a client can read a Retry-After: one is sent, a retry can
  /// follow, and the client honours it.
  static func readsRetryAfter(_ options: RequestWorldOptions) -> Bool {
    let sent =
      options.server.capacity != nil || (options.server.throttling > 0 && options.workload.kind != .read)
      || sendsFailureRetryAfter(options)
    return sent && options.client.attempts > 1 && options.client.honoursRetryAfter
  }

  /// Whether every value `network.preset` sets that can matter is also
  /// written: the options are then the same with or without the preset
  /// (bandwidth counts only when a body has a size).
  static func presetIsOverridden(_ options: RequestWorldOptions, _ keys: WrittenKeys) -> Bool {
    guard keys.string("network.preset").flatMap(NetworkPreset.init(rawValue:)) != nil else { return false }
    let defaults = NetworkOptions()
    var withoutPreset = options.network
    if !keys.contains("network.latency") { withoutPreset.latency = defaults.latency }
    if !keys.contains("network.requestLoss") { withoutPreset.requestLoss = defaults.requestLoss }
    if !keys.contains("network.responseLoss") { withoutPreset.responseLoss = defaults.responseLoss }
    if !keys.contains("network.bandwidthBytesPerSecond") {
      withoutPreset.bandwidthBytesPerSecond = defaults.bandwidthBytesPerSecond
    }
    if options.workload.requestBytes == 0 && options.workload.responseBytes == 0 {
      withoutPreset.bandwidthBytesPerSecond = options.network.bandwidthBytesPerSecond
    }
    return withoutPreset == options.network
  }
}
