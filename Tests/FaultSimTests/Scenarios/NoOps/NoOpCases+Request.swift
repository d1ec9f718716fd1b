/// The request world's no-op cases: one per key of each rule.
extension NoOpCheckTests {
  static let keyed = "workload.kind=keyed-write"
  static let oneAttempt = "client.attempts=1"
  static let contention = #"workload.contention={"resources": 1}"#
  static let simultaneous = #"workload.arrival={"distribution": "simultaneous"}"#
  static let backoff = #"client.backoff={"growth": "exponential", "jitter": "full", "base": "50ms", "cap": "1s"}"#

  static var requestCases: [NoOpCase] {
    [
      NoOpCase(
        "body-size-without-bandwidth", .request, key: "workload.requestBytes", values: ["1000", "1000000"],
        control: ["network.bandwidthBytesPerSecond=100000"]),
      NoOpCase(
        "body-size-without-bandwidth", .request, key: "workload.responseBytes", values: ["1000", "1000000"],
        control: ["network.bandwidthBytesPerSecond=100000"]),
      NoOpCase(
        "contention-resources-single-operation", .request,
        setup: ["workload.operations=1", "workload.arrival={\"distribution\": \"simultaneous\"}"],
        key: "workload.contention.resources", values: ["1", "20"], control: ["workload.operations=20"]),
      NoOpCase(
        "backoff-without-retries", .request, setup: [oneAttempt], key: "client.backoff",
        values: [
          #"{"growth": "exponential", "jitter": "full", "base": "100ms", "cap": "1s"}"#,
          #"{"growth": "constant", "base": "500ms"}"#,
        ], control: ["client.attempts=3"]),
      NoOpCase(
        "backoff-without-retries", .request,
        setup: [oneAttempt, contention, simultaneous, "client.conflictRetry=immediate"], key: "client.backoff",
        values: [
          #"{"growth": "exponential", "jitter": "full", "base": "100ms", "cap": "1s"}"#,
          #"{"growth": "constant", "base": "500ms"}"#,
        ], control: ["client.conflictRetry=after-backoff"]),
      NoOpCase(
        "backoff-first-retry-unused", .request, setup: [#"client.backoff={"growth": "constant", "base": "100ms"}"#],
        key: "client.backoff.firstRetry", values: ["0", "3"],
        control: ["client.backoff.growth=exponential", "client.backoff.cap=10s", "client.attempts=5"]),
      NoOpCase(
        "backoff-first-retry-unused", .request,
        setup: [#"client.backoff={"growth": "exponential", "jitter": "decorrelated", "base": "50ms", "cap": "5s"}"#],
        key: "client.backoff.firstRetry", values: ["0", "3"], control: ["client.backoff.jitter=full"]),
      NoOpCase(
        "backoff-zero-base", .request, key: "client.backoff",
        values: [
          #"{"growth": "exponential", "jitter": "full", "base": "0s", "cap": "1s"}"#,
          #"{"growth": "constant", "jitter": "equal", "base": "0s"}"#,
          #"{"growth": "exponential", "jitter": "decorrelated", "base": "0s", "cap": "2s"}"#,
        ], control: ["client.backoff.base=100ms"]),
      NoOpCase(
        "backoff-growth-none", .request, setup: [#"client.backoff={"growth": "none"}"#],
        key: "client.backoff.jitter", values: ["full", "decorrelated"],
        control: ["client.backoff.growth=exponential", "client.backoff.base=100ms", "client.backoff.cap=1s"]),
      NoOpCase(
        "backoff-growth-none", .request, setup: [#"client.backoff={"growth": "none"}"#],
        key: "client.backoff.base", values: ["100ms", "1s"], control: ["client.backoff.growth=constant"]),
      NoOpCase(
        "backoff-growth-none", .request, setup: [#"client.backoff={"growth": "none", "base": "10ms"}"#],
        key: "client.backoff.cap", values: ["10ms", "1s"],
        control: ["client.backoff.growth=exponential", "client.backoff.jitter=none"]),
      NoOpCase(
        "backoff-cap-constant", .request, setup: [#"client.backoff={"growth": "constant", "base": "100ms"}"#],
        key: "client.backoff.cap", values: ["100ms", "5s"],
        control: ["client.backoff.growth=exponential", "client.attempts=5"]),
      NoOpCase(
        "retry-budget-without-retries", .request, setup: [oneAttempt], key: "client.retryBudget",
        values: [#"{"kind": "token-bucket", "capacity": 0, "refillPerSuccess": 0}"#, #"{"kind": "unlimited"}"#],
        control: ["client.attempts=3"]),
      NoOpCase(
        "retry-budget-without-retries", .request, setup: [oneAttempt, contention, simultaneous, backoff],
        key: "client.retryBudget",
        values: [#"{"kind": "token-bucket", "capacity": 0, "refillPerSuccess": 0}"#, #"{"kind": "unlimited"}"#],
        control: ["client.attempts=3"]),
      NoOpCase(
        "token-bucket-refill-below-one-token", .request,
        setup: [#"client.retryBudget={"kind": "token-bucket", "capacity": 0.5, "refillPerSuccess": 0}"#],
        key: "client.retryBudget.refillPerSuccess", values: ["0", "10"],
        control: ["client.retryBudget.capacity=2"]),
      NoOpCase(
        "safety-without-keyless-writes", .request, setup: [keyed], key: "client.safety",
        values: ["naive", "careful", "query"], control: ["workload.kind=keyless-write"]),
      NoOpCase(
        "offline-behaviour-without-offline-windows", .request, key: "client.offline", values: ["wait", "spend"],
        control: [#"network.offline=[{"from": "100ms", "until": "500ms"}]"#]),
      NoOpCase(
        "retry-after-without-retries", .request, setup: [oneAttempt, "server.throttling=0.3"],
        key: "client.honoursRetryAfter", values: ["true", "false"], control: ["client.attempts=3"]),
      NoOpCase(
        "retry-after-without-senders", .request, key: "client.honoursRetryAfter", values: ["true", "false"],
        control: ["server.throttling=0.3"]),
      NoOpCase(
        "payload-change-without-keys", .request, key: "client.payloadChangesOnRetry", values: ["0", "1"],
        control: [keyed]),
      NoOpCase(
        "payload-change-without-retries", .request, setup: [keyed, oneAttempt],
        key: "client.payloadChangesOnRetry", values: ["0", "1"], control: ["client.attempts=3"]),
      NoOpCase(
        "conflict-retry-without-contention", .request, setup: [simultaneous, backoff], key: "client.conflictRetry",
        values: ["immediate", "after-backoff"], control: [contention]),
      NoOpCase(
        "conflict-retry-without-backoff", .request, setup: [contention, simultaneous], key: "client.conflictRetry",
        values: ["immediate", "after-backoff"], control: [backoff]),
      NoOpCase(
        "conflict-retry-without-backoff", .request,
        setup: [contention, simultaneous, #"client.backoff={"growth": "exponential", "base": "0s", "cap": "1s"}"#],
        key: "client.conflictRetry", values: ["immediate", "after-backoff"], control: ["client.backoff.base=20ms"]),
      NoOpCase(
        "conflict-limit-without-contention", .request,
        setup: ["workload.arrival={\"distribution\": \"simultaneous\"}"], key: "client.conflictLimit",
        values: ["0", "100"], control: [#"workload.contention={"resources": 1}"#]),
      NoOpCase(
        "preset-overridden", .request,
        setup: [#"network={"latency": "20ms", "requestLoss": 0.1, "responseLoss": 0.1}"#],
        key: "network.preset", values: ["3g", "wifi"], control: ["workload.requestBytes=100000"]),
      NoOpCase(
        "burst-loss-without-loss", .request, key: "network.burstLoss",
        values: [
          #"{"meanGood": "1s", "meanBad": "100ms", "lossGood": 0, "lossBad": 0}"#,
          #"{"meanGood": "5s", "meanBad": "1s", "lossBad": 0}"#,
        ], control: ["network.burstLoss.lossBad=0.8"]),
      NoOpCase(
        "burst-loss-states-alike", .request,
        setup: [#"network.burstLoss={"meanGood": "300ms", "meanBad": "100ms", "lossGood": 0.2, "lossBad": 0.2}"#],
        key: "network.burstLoss.meanGood", values: ["300ms", "20ms"], control: ["network.burstLoss.lossBad=0.9"]),
      NoOpCase(
        "burst-loss-states-alike", .request,
        setup: [#"network.burstLoss={"meanGood": "300ms", "meanBad": "100ms", "lossGood": 0.2, "lossBad": 0.2}"#],
        key: "network.burstLoss.meanBad", values: ["100ms", "2s"], control: ["network.burstLoss.lossBad=0.9"]),
      NoOpCase(
        "bandwidth-without-bodies", .request, key: "network.bandwidthBytesPerSecond", values: ["1000", "1000000"],
        control: ["workload.requestBytes=10000"]),
    ] + serverFaultsOnReads + keyCases + keyStoreCases + clockCases + routeCases + [
      NoOpCase(
        "failure-status-without-failures", .request, key: "server.failureStatus", values: ["500", "502"],
        control: ["server.failureAfterCommit=0.3"]),
      NoOpCase(
        "rejection-status-without-rejections", .request, key: "server.rejectionStatus", values: ["413", "401"],
        control: ["server.rejection=0.3"]),
      NoOpCase(
        "throttle-retry-after-without-throttling", .request, key: "server.throttleRetryAfter",
        values: ["1s", "5s"], control: ["server.throttling=0.3"]),
      NoOpCase(
        "stores-errors-without-failures", .request, setup: [keyed], key: "server.storesErrors",
        values: ["true", "false"], control: ["server.failureBeforeCommit=0.3"]),
      NoOpCase(
        "in-flight-key-without-processing-time", .request, setup: [keyed, "client.timeout=100ms"],
        key: "server.inFlightKey", values: ["conflict", "process"], control: ["server.processing=150ms"]),
      NoOpCase(
        "race-window-without-races", .request, setup: [keyed, "client.timeout=1s"], key: "races.window",
        values: ["0s", "100ms"], control: ["client.timeout=90ms"]),
      // Issue 13, the network duplicates, reorders and partitions:
      NoOpCase(
        "duplicate-delay-without-duplication", .request, key: "network.duplicateDelay", values: ["0s", "300ms"],
        control: ["network.requestDuplication=0.5"]),
      NoOpCase(
        "reorder-delay-without-reordering", .request, key: "network.reorderDelay", values: ["0s", "300ms"],
        control: ["network.requestReordering=0.5"]),
      NoOpCase(
        "partition-semantics-without-partitions", .request, key: "network.partitionSemantics",
        values: ["connection", "drop"],
        control: [#"network.partitions=[{"from": "100ms", "until": "2s", "direction": "responses"}]"#]),
      NoOpCase(
        "reordering-without-delay", .request, key: "network.requestReordering", values: ["0", "0.5"],
        control: ["network.reorderDelay=300ms"]),
      NoOpCase(
        "reordering-without-delay", .request, key: "network.responseReordering", values: ["0", "0.5"],
        control: ["network.reorderDelay=300ms"]),
    ]
  }

  /// Every server fault key against a read workload; the control turns it
  /// into writes, with the fault its key qualifies switched on.
  static var serverFaultsOnReads: [NoOpCase] {
    let cases: [(String, [String], [String])] = [
      ("server.failureBeforeCommit", ["0", "0.5"], []),
      ("server.failureAfterCommit", ["0", "0.5"], []),
      ("server.failureStatus", ["500", "502"], ["server.failureAfterCommit=0.3"]),
      ("server.rejection", ["0", "0.5"], []),
      ("server.rejectionStatus", ["413", "401"], ["server.rejection=0.3"]),
      ("server.throttling", ["0", "0.5"], []),
      ("server.throttleRetryAfter", ["1s", "5s"], ["server.throttling=0.3"]),
    ]
    return cases.map { key, values, fault in
      NoOpCase(
        "server-faults-on-reads", .request, setup: ["workload.kind=read"] + fault, key: key, values: values,
        control: ["workload.kind=keyless-write"])
    }
  }

  /// The key-handling options: not keyed, keys ignored.
  static var keyCases: [NoOpCase] {
    let keys: [(String, [String], [String])] = [
      ("server.keys", ["honour", "ignore"], []),
      ("server.keyTTL", ["1ms", "1h"], []),
      ("server.inFlightKey", ["conflict", "process"], ["server.processing=150ms", "client.timeout=100ms"]),
      ("server.storesErrors", ["true", "false"], ["server.failureBeforeCommit=0.3"]),
      // One preset: compared with none; it matters through the errors it
      // stores (Stripe replays a stored 5xx) once writes fail.
      ("server.preset", [NoOpCase.absent, "stripe"], ["server.failureBeforeCommit=0.3"]),
    ]
    var cases: [NoOpCase] = []
    for (key, values, makesItMatter) in keys {
      cases.append(
        NoOpCase(
          "keys-without-keyed-writes", .request, setup: makesItMatter, key: key, values: values, control: [keyed]))
      if key != "server.keys" {
        cases.append(
          NoOpCase(
            "key-options-with-ignored-keys", .request, setup: [keyed, "server.keys=ignore"] + makesItMatter,
            key: key, values: values, control: ["server.keys=honour"]))
      }
    }
    return cases
  }

  // Issue 13, stores that forget:
  /// The key store and restart options: not keyed, keys ignored, a
  /// capacity or replicas of another kind, restarts that change nothing.
  static var keyStoreCases: [NoOpCase] {
    let stores = [#"{"kind": "memory"}"#, #"{"kind": "lru", "capacity": 1}"#]
    let slowLag = #"server.keyStore.replicationLag={"distribution": "uniform", "min": "500ms", "max": "2s"}"#
    let lags = [
      #"{"distribution": "uniform", "min": "1ms", "max": "2ms"}"#,
      #"{"distribution": "uniform", "min": "1s", "max": "2s"}"#,
    ]
    let replicated = "server.keyStore.kind=replicated"
    let unread = "server.keyStore.readFromReplica=0"
    return [
      NoOpCase(
        "key-store-without-keyed-writes", .request, key: "server.keyStore", values: stores, control: [keyed]),
      NoOpCase(
        "key-store-with-ignored-keys", .request, setup: [keyed, "server.keys=ignore"], key: "server.keyStore",
        values: stores, control: ["server.keys=honour"]),
      NoOpCase(
        "key-store-capacity-without-lru", .request, setup: [keyed], key: "server.keyStore.capacity",
        values: ["1", "1000"], control: ["server.keyStore.kind=lru"]),
      NoOpCase(
        "key-store-eviction-without-lru", .request, setup: [keyed, "server.keyStore.capacity=2"],
        key: "server.keyStore.samples", values: ["1", "5"], control: ["server.keyStore.kind=lru"]),
      NoOpCase(
        "key-store-eviction-without-lru", .request, setup: [keyed], key: "server.keyStore.maxMemory",
        values: ["1024", "1000000"], control: ["server.keyStore.kind=lru"]),
      NoOpCase(
        "key-store-eviction-without-lru", .request, setup: [keyed, "server.keyStore.capacity=2"],
        key: "server.keyStore.eviction", values: ["sampled", "exact"], control: ["server.keyStore.kind=lru"]),
      NoOpCase(
        "key-store-eviction-without-lru", .request, setup: [keyed, "server.keyStore.maxMemory=2048"],
        key: "server.keyStore.entryBytes", values: ["1024", "2048"], control: ["server.keyStore.kind=lru"]),
      NoOpCase(
        "key-store-samples-with-exact-eviction", .request,
        setup: [keyed, "server.keyStore.kind=lru", "server.keyStore.capacity=2", "server.keyStore.eviction=exact"],
        key: "server.keyStore.samples", values: ["1", "5"], control: ["server.keyStore.eviction=sampled"]),
      NoOpCase(
        "key-store-entry-bytes-without-memory-limit", .request,
        setup: [keyed, "server.keyStore.kind=lru", "server.keyStore.capacity=2"], key: "server.keyStore.entryBytes",
        values: ["1024", "100000"], control: ["server.keyStore.maxMemory=200000"]),
      NoOpCase(
        "key-store-capacity-under-memory-limit", .request,
        setup: [keyed, "server.keyStore.kind=lru", "server.keyStore.maxMemory=2048"], key: "server.keyStore.capacity",
        values: ["1", "1000"], control: nil),
      NoOpCase(
        "key-store-unique-constraint-never-reached", .request, setup: [keyed], key: "server.keyStore.uniqueConstraint",
        values: ["false", "true"], control: ["server.keyTTL=1ms"]),
      NoOpCase(
        "key-store-replication-without-replicas", .request, setup: [keyed],
        key: "server.keyStore.lagSpikes",
        values: [#"{"rate": 0}"#, #"{"rate": 60, "duration": {"distribution": "fixed", "value": "2s"}}"#],
        control: [
          replicated, "server.keyStore.readFromReplica=1",
          #"server.keyStore.replicationLag={"distribution": "fixed", "value": "0ms"}"#,
        ]),
      NoOpCase(
        "key-store-replication-without-replicas", .request, setup: [keyed, slowLag], key: "server.keyStore.replicas",
        values: ["1", "3"], control: [replicated]),
      NoOpCase(
        "key-store-replication-without-replicas", .request, setup: [keyed, slowLag],
        key: "server.keyStore.readFromReplica", values: ["0", "1"], control: [replicated]),
      NoOpCase(
        "key-store-replication-without-replicas", .request, setup: [keyed], key: "server.keyStore.replicationLag",
        values: lags, control: [replicated]),
      NoOpCase(
        "key-store-replicas-never-read", .request, setup: [keyed, replicated, unread, slowLag],
        key: "server.keyStore.replicas", values: ["1", "3"], control: ["server.keyStore.readFromReplica=1"]),
      NoOpCase(
        "key-store-replication-lag-unused", .request, setup: [keyed, replicated, unread],
        key: "server.keyStore.lagSpikes",
        values: [#"{"rate": 0}"#, #"{"rate": 60, "duration": {"distribution": "fixed", "value": "2s"}}"#],
        control: ["server.keyStore.readFromReplica=1"]),
      NoOpCase(
        "key-store-replication-lag-unused", .request, setup: [keyed, replicated, unread],
        key: "server.keyStore.replicationLag", values: lags, control: ["server.keyStore.readFromReplica=1"]),
      NoOpCase(
        "restarts-without-effect", .request, setup: [keyed], key: "server.restarts.at",
        values: [#"["300ms"]"#, #"["100ms", "600ms"]"#], control: ["server.keyStore.kind=memory"]),
      NoOpCase(
        "restarts-without-effect", .request, setup: [keyed], key: "server.restarts.meanInterval",
        values: ["200ms", "5s"], control: ["server.restarts.downtime=100ms"]),
      NoOpCase(
        "restarts-without-instants", .request, setup: [keyed, "server.keyStore.kind=memory"],
        key: "server.restarts.downtime", values: ["0s", "300ms"], control: [#"server.restarts.at=["300ms"]"#]),
    ]
  }

  /// Routes answer your code's requests only: the built-in client sends
  /// the operation's order alone, whatever the routes.
  static var routeCases: [NoOpCase] {
    [
      NoOpCase(
        "routes-without-code", .request, key: "server.routes",
        values: [
          #"[{"method": "POST", "path": "/orders", "behaviour": "order"}]"#,
          #"[{"method": "GET", "path": "/x", "behaviour": "read", "body": "x"}]"#,
        ],
        control: nil)
    ]
  }

  /// Issue 13, clocks that disagree: the clock keys matter only where a
  /// clock is read.
  static var clockCases: [NoOpCase] {
    let dates = ["server.throttling=0.3", "server.retryAfterFormat=http-date"]
    var cases = [
      NoOpCase(
        "failure-retry-after-without-503s", .request, key: "server.failureRetryAfter", values: ["1s", "5s"],
        control: ["server.failureAfterCommit=0.3", "server.failureStatus=503"]),
      NoOpCase(
        "retry-after-format-without-retry-after", .request, key: "server.retryAfterFormat",
        values: ["seconds", "http-date"], control: ["server.throttling=0.3"]),
      NoOpCase(
        "server-clock-drift-without-ttl-or-dates", .request, key: "server.clock.driftPPM", values: ["0", "-400000"],
        control: [keyed, "server.keyTTL=200ms"]),
    ]
    for key in ["server.clock.ahead", "server.clock.behind"] {
      cases.append(
        NoOpCase("server-clock-offset-without-dates", .request, key: key, values: ["0s", "10s"], control: dates))
    }
    for key in ["client.clock.ahead", "client.clock.behind", "client.clock.spread"] {
      cases.append(
        NoOpCase("client-clock-offset-without-dates", .request, key: key, values: ["0s", "10s"], control: dates))
    }
    cases.append(
      NoOpCase(
        "client-clock-offset-without-dates", .request, key: "client.clock.preset",
        values: ["uniform", "phones-measured"], control: dates))
    cases.append(
      NoOpCase(
        "retry-after-basis-without-dates", .request, setup: ["client.clock.behind=10s"],
        key: "client.clock.retryAfterBasis", values: ["own-clock", "date-header"], control: dates))
    let dateHeader = dates + ["client.clock.retryAfterBasis=date-header"]
    for key in ["client.clock.ahead", "client.clock.behind", "client.clock.spread"] {
      cases.append(
        NoOpCase(
          "client-clock-offset-under-date-header", .request, setup: dateHeader, key: key, values: ["0s", "10s"],
          control: ["client.clock.retryAfterBasis=own-clock"]))
    }
    cases.append(
      NoOpCase(
        "client-clock-offset-under-date-header", .request, setup: dateHeader, key: "client.clock.preset",
        values: ["uniform", "phones-measured"], control: ["client.clock.retryAfterBasis=own-clock"]))
    return cases
  }
}
