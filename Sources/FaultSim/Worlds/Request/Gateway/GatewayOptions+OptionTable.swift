/// The `gateway` section of a request scenario: absent, clients talk to
/// the server directly.
extension GatewayOptions {
  /// The most upstream tries per client request: each try is a copy of the
  /// client's message, and a message counts its copies in seven bits.
  static let attemptLimit = 1...100

  /// The section's keys, in reading order. A `preset` replaces the whole
  /// section first, so keys given explicitly override it.
  static let optionTable = OptionTable<GatewayOptions>([
    .whenPresent(
      OptionField<GatewayPreset>.choice(
        "preset",
        "sets the gateway's timeouts, tries and retry rules to a product's documented defaults: `nginx`, "
          + "`envoy`, `haproxy` or `alb` (docs/duplicates/gateway.md); keys given explicitly override it"),
      absent: "none"
    ) { gateway, preset in gateway = preset.options },
    .option(
      .duration(
        "timeout", in: 1...ScenarioLimits.span.upperBound,
        "how long the gateway waits for the server's answer to one try; then it retries or answers 504 "
          + "(the server may still apply the abandoned try)"),
      \.timeout),
    .option(
      .integer("attempts", in: attemptLimit, "upstream tries per client request, the first included (1: no retry)"),
      \.attempts),
    .custom(keys: { gateway in [retryOnDescription(gateway.retryOn)] }) { gateway, reader throws(ScenarioError) in
      guard let values = try reader.array("retryOn") else { return }
      var read: [RetryCondition] = []
      for value in values {
        let condition = try value.choice(RetryCondition.self)
        guard !read.contains(condition) else {
          throw value.error("\"\(condition.rawValue)\" is listed twice in retryOn")
        }
        read.append(condition)
      }
      gateway.retryOn = RetryCondition.allCases.filter(read.contains)
    },
    .option(
      .choice(
        "methods",
        "which requests the gateway tries again: `idempotent` (reads and PUTs), `idempotent-or-keyed` (also a "
          + "POST with an Idempotency-Key), `all` (POST too: Aspire's default)"),
      \.methods),
    .option(
      .bool(
        "forwardsKey", "whether the Idempotency-Key header reaches the server (false: every keyed try is a new write)"),
      \.forwardsKey),
    .option(.distribution("latency", "one-way latency between the gateway and the server"), \.latency),
    .option(
      .probability(
        "connectionReset",
        "the upstream connection is reset after the server took a try: the server processes it, the gateway sees "
          + "a reset"),
      \.connectionReset),
    .option(
      .duration(
        "backoff", in: ScenarioLimits.delay,
        "the wait before each upstream retry (with `backoffShape: exponential-full-jitter`, its base)"),
      \.backoff),
    .option(
      .choice(
        "backoffShape",
        "`fixed` (`backoff` before every retry) or `exponential-full-jitter` (Envoy: retry N waits a uniform "
          + "draw below (2^N − 1) × `backoff`, at most `backoffMax`)"),
      \.backoffShape),
    .optional(
      .duration("backoffMax", in: ScenarioLimits.delay, "the longest jittered wait before a retry"),
      \.backoffMax, absent: "10 × backoff"),
    .optional(
      .duration(
        "deadline", in: 1...ScenarioLimits.span.upperBound,
        "how long the gateway spends on one client request, every try and wait included, before it answers 504 "
          + "(Envoy's route timeout); a try still out is abandoned"),
      \.deadline, absent: "none"),
    .option(
      .choice(
        "retryTarget",
        "which server a retry goes to: `any` (tries bounded by `attempts` alone) or `next-server` (nginx: only a "
          + "server not tried yet, so at most `servers` tries)"),
      \.retryTarget),
    .option(
      .integer(
        "servers", in: attemptLimit,
        "upstream servers behind the gateway, one application and one ledger (bounds the tries with "
          + "`retryTarget: next-server`)"),
      \.servers),
  ])

  /// `gateway.retryOn`: a list of condition names.
  static func retryOnDescription(_ defaults: [RetryCondition]) -> OptionDescription {
    OptionDescription(
      key: "retryOn",
      summary: "what makes the gateway try again: `timeout` (its own), `connection-reset` (upstream), `500`, "
        + "`502`, `503`, `504` (the server's status)",
      type: .array(
        .choice(RetryCondition.allCases.map(\.rawValue)), count: 0...RetryCondition.allCases.count),
      defaultValue: .value(.array(defaults.map { .string($0.rawValue) })))
  }
}
