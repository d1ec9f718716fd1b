/// The request world's checks for options with which its operations
/// cannot complete (docs/no-op-checks.md, "Runs that cannot complete").
/// Each run still ends — the outbox gives a row up, the attempt budget runs
/// out — but the work the scenario describes cannot get done, which is
/// rarely what was meant; `check --strict` refuses it. Like the no-op
/// checks, only keys the scenario writes are reported.
extension RequestWorldOptions {
  static let completionRules: [NoOpRule<RequestWorldOptions>] = [
    NoOpRule(
      "writes-killed-before-any-answer", keys: ["client.app.termination", "network.responseLoss"],
      why: "client.app.termination is 1 and network.responseLoss is 1, so every write attempt is killed before an "
        + "answer that never comes and no write completes: each ends uncertain, at the first kill without an "
        + "outbox or once the outbox gives it up after client.app.maxResends resends; lower termination or the "
        + "loss to let writes complete",
      // [RequestClient.killTime: the kill comes within the timeout, before the answer]
      when: { $0.workload.kind != .read && $0.client.app.termination >= 1 && $0.network.responseLoss >= 1 }),
    NoOpRule(
      "writes-killed-before-any-arrival", keys: ["client.app.termination", "network.requestLoss"],
      why: "client.app.termination is 1 and network.requestLoss is 1, so every write attempt is lost and killed "
        + "before its timeout and no write completes: each ends uncertain, at the first kill without an outbox or "
        + "once the outbox gives it up after client.app.maxResends resends; lower termination or the loss to let "
        + "writes complete",
      // [RequestClient.killTime: the kill comes within the timeout, before the timeout fires]
      when: { $0.workload.kind != .read && $0.client.app.termination >= 1 && $0.network.requestLoss >= 1 }),
    NoOpRule(
      "restarts-faster-than-processing", keys: ["server.restarts.meanInterval", "server.processing"],
      why: "server.restarts.meanInterval is not longer than the mean of server.processing, so a restart cuts "
        + "most requests before their commit and most writes can never be applied; lengthen meanInterval or "
        + "shorten processing to let them complete",
      // [RequestServer.restartCuts: a restart before the commit loses the request]
      when: { options in
        guard let mean = options.server.restarts?.meanInterval else { return false }
        return options.server.processing.mean >= Double(mean.nanoseconds)
      }),
    NoOpRule(
      "restarts-down-most-of-the-time", keys: ["server.restarts.meanInterval", "server.restarts.downtime"],
      why: "server.restarts.downtime is not shorter than meanInterval, so the server is down most of the time "
        + "and refuses most requests; lengthen meanInterval or shorten downtime to let them through",
      // [RequestServer.refusesWhileDown]
      when: { options in
        guard let restarts = options.server.restarts, let mean = restarts.meanInterval else { return false }
        return restarts.downtime >= mean
      }),
  ]
}
