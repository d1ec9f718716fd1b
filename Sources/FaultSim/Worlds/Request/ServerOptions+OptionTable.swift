/// The `server` section of a request scenario.
extension ServerOptions {
  /// The section's keys, in reading order. A `preset` replaces the whole
  /// section first, so keys given explicitly override it.
  static let optionTable = OptionTable<ServerOptions>([
    // Servers like the ones users call:
    .whenPresent(
      OptionField<ServerPreset>.choice(
        "preset",
        "sets the key handling to a product's documented behaviour: `stripe` (keys kept 24 h, stored 5xx "
          + "replayed, 409 while in flight; docs/duplicates/stores.md); keys given explicitly override it"),
      absent: "none"
    ) { server, preset in server = preset.options },
    .option(
      .choice(
        "keys", "`honour`: remember each key's result and replay it; `ignore`: the key header is ignored (seed AG7)"),
      \.keys),
    .optional(
      .duration(
        "keyTTL", in: ScenarioLimits.span,
        "a key is forgotten this long after its request completed; a later retry is applied again"),
      \.keyTTL, absent: "forever"),
    .option(
      .choice(
        "inFlightKey",
        "a repeated key while the first request is still processing: `conflict` (409, retry later) or "
          + "`process` (processed too; the key is checked at the commit, so it replays the first one's result)"),
      \.inFlightKey),
    .option(
      .bool("storesErrors", "replay a stored 5xx for a repeated key instead of processing it again"), \.storesErrors),
    .option(.probability("failureBeforeCommit", "fail with `failureStatus` before applying"), \.failureBeforeCommit),
    .option(
      .probability(
        "failureAfterCommit", "apply, then fail with `failureStatus`: the client sees an error for an applied write"),
      \.failureAfterCommit),
    .option(
      .integer("failureStatus", in: ScenarioLimits.failureStatus, "the status of injected failures"), \.failureStatus),
    .option(.probability("rejection", "a request is rejected permanently with `rejectionStatus`"), \.rejection),
    .option(
      .integer("rejectionStatus", in: ScenarioLimits.rejectionStatus, "the status of a rejection (e.g. 413, 401)"),
      \.rejectionStatus),
    .check(("rejectionStatus", "not 409, 412 or 429, which have their own meaning")) {
      server, reader throws(ScenarioError) in
      guard ![409, 412, 429].contains(server.rejectionStatus) else {
        throw reader.error(
          "\(server.rejectionStatus) has its own meaning in FaultSim (409 key in flight, 412 stale version, "
            + "429 throttling); use another 4xx",
          key: "rejectionStatus")
      }
    },
    .option(.probability("throttling", "answer 429 with Retry-After `throttleRetryAfter`"), \.throttling),
    .option(
      .duration("throttleRetryAfter", in: ScenarioLimits.delay, "the Retry-After of a 429"), \.throttleRetryAfter),
    .option(.distribution("processing", "time to process one request"), \.processing),
    .optionalSection(
      "capacity", \.capacity, start: Capacity(workers: 1),
      OptionTable<Capacity>([
        .required(.integer("workers", in: ScenarioLimits.workers, "requests processed at once"), \.workers),
        .option(.integer("queueLimit", in: ScenarioLimits.queueLimit, "requests that may wait"), \.queueLimit),
        .option(.duration("retryAfter", in: ScenarioLimits.delay, "the Retry-After of the 503"), \.retryAfter),
      ]),
      "at most `workers` requests are processed at once, `queueLimit` wait, the rest get 503 with Retry-After",
      absent: "unlimited"),
    // With a capacity every 503 carries Retry-After, and a client reads it
    // as "refused before processing": an injected failure after the commit
    // must not look like that.
    .check(("failureStatus", "not 503 when `capacity` is set")) { server, reader throws(ScenarioError) in
      guard
        server.capacity == nil || server.failureStatus != 503
          || server.failureBeforeCommit + server.failureAfterCommit <= 0
      else {
        throw reader.error(
          "503 is the overload answer when capacity is set (clients read it as throttling); use another 5xx",
          key: "failureStatus")
      }
    },
    // Stores that forget:
    .section(
      "keyStore", \.keyStore, KeyStoreOptions.optionTable,
      "where the idempotency keys are kept: `durable`, `memory` (lost at restarts), `lru` (evicted), "
        + "`replicated` (a replica may not have received the key yet)"),
    .optionalSection(
      "restarts", \.restarts, start: RestartOptions(), RestartOptions.optionTable,
      "the server restarts at `at` times and/or at random (`meanInterval`), down for `downtime` each time; "
        + "the requests being processed and, with `capacity`, those queued then are lost (connection reset)",
      absent: "never"),
    // Clocks that disagree:
    .optional(
      .duration(
        "failureRetryAfter", in: ScenarioLimits.delay,
        "the Retry-After an injected 503 carries (`failureStatus` 503); the client reads it as throttling"),
      \.failureRetryAfter, absent: "none"),
    .option(
      .choice(
        "retryAfterFormat",
        "how Retry-After is written: `seconds` (a delay, skew-free) or `http-date` (the server clock's now + "
          + "the delay; the client waits until its own clock reads it)"),
      \.retryAfterFormat),
    .section(
      "clock", \.clock, ClockOptions.serverTable,
      "the server's clock: key lifetimes run on it, HTTP dates are read from it", absent: "true time"),
    .custom(keys: { _ in [ServerRoute.optionDescription] }) { server, reader throws(ScenarioError) in
      if let routes = try reader.array("routes") { server.routes = try ServerRoute.read(routes, in: reader) }
    },
  ])
}
