import FaultSim
import Testing

/// Issue 13's sources of duplicates all at once — a gateway that retries,
/// a network that duplicates responses, holds requests back and cuts the
/// responses for a while, a server that restarts, apps killed mid-request
/// with an outbox, phones whose clocks disagree with the server's — each
/// with the setting its page documents as the prevention. The preventions
/// must hold together, not only one at a time: no order is recorded twice,
/// for a thousand seeds, with every source's fault having fired. Taking
/// one prevention away brings the duplicates back, so the property is not
/// passing because the faults never meet.
@Suite struct DuplicateSourcesTogetherTests {
  /// The combined scenario: the gateway scenario with keyed writes that
  /// the gateway forwards to a server that honours them, and the other
  /// sources switched on, each prevented.
  static let prevented = [
    "workload.operations=30", "workload.kind=keyed-write", "client.attempts=4", "client.timeout=40s",
    // The gateway retries its timeouts; a 503 (with its Retry-After) goes back to the client.
    #"gateway.retryOn=["timeout", "connection-reset", "502", "504"]"#,
    // The network: duplicated responses, held-back requests, a responses partition.
    "network.responseLoss=0.05", "network.responseDuplication=0.2", "network.requestReordering=0.2",
    #"network.reorderDelay={"distribution": "fixed", "value": "3s"}"#,
    #"network.partitions=[{"from": "2s", "until": "4s", "direction": "responses"}]"#,
    // A deploy: the server restarts, its keys durable.
    #"server.restarts={"at": ["5s"], "downtime": "1s"}"#, "server.keyStore.kind=durable",
    // Apps killed mid-request; the outbox keeps the key with its row.
    "client.app.termination=0.3", "client.app.outbox=resend-with-stored-key",
    // Skewed phones reading an HTTP-date Retry-After; keys kept forever.
    "server.failureAfterCommit=0.1", "server.failureStatus=503", "server.failureRetryAfter=5s",
    "server.retryAfterFormat=http-date", "client.clock.spread=30s",
  ]

  static func scenario(_ overrides: [String]) throws -> Scenario {
    try Scenario.shipped(
      "gateway-retries-post", overrides: try overrides.map { try ScenarioOverride(parsing: $0) })
  }

  @Test func everyPreventionHoldsWithEverySourceAtOnce() throws {
    let report = try ScenarioProperty<RequestWorld>("no order is recorded twice") { run in
      run.metrics.duplicated == 0
    }.check(
      try Self.scenario(Self.prevented), seeds: 0..<1_000,
      requiring: [
        .gatewayRetry, .responseDuplication, .requestReordering, .partitionResponseLoss, .appTermination,
        .skewedRetryAfter, .failureAfterCommit,
      ])
    #expect(report.holds, "\(report)")
  }

  /// Each prevention taken away alone: the duplicates come back.
  @Test(
    arguments: [
      ["gateway.forwardsKey=false"],
      ["client.app.outbox=resend-with-new-key"],
      ["server.keyTTL=6s"],
      ["server.keyStore.kind=memory", #"server.restarts={"at": ["500ms", "1s", "1.5s", "2s"], "downtime": "0s"}"#],
    ])
  func takingOnePreventionAwayBringsDuplicatesBack(overrides: [String]) throws {
    let options = try #require(RequestWorld.options(of: try Self.scenario(Self.prevented + overrides).world))
    let metrics = try RequestWorld.measure(options, seeds: SeedRange(0, 300))
    #expect(metrics.duplicated > 0, "\(overrides)")
  }
}
