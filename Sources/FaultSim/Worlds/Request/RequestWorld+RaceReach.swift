/// Which of the request world's races a run can meet at all, decided from
/// the options before anything runs: for the race-window check and for
/// `--order` and `--interleavings`, which cannot matter without a race.
///
/// Each answer is `true` unless the options rule the race out, so a `false`
/// is a proof and a `true` only a possibility.
extension RequestWorld {
  /// Whether a run of `options` can meet any race (a choice point).
  @usableFromInline package static func canMeetRace(_ options: RequestWorldOptions) -> Bool {
    responseCanRaceTimeout(options) || retryCanRaceCommit(options) || retryCanRaceKeyExpiry(options)
      || appKillCanRaceResponse(options)
  }

  /// Whether the app's kill can race the answer to the write it was
  /// sending: whenever the app can be killed during a write.
  static func appKillCanRaceResponse(_ options: RequestWorldOptions) -> Bool {
    options.client.app.isKilled && options.workload.kind != .read
  }

  /// Whether a response can arrive within the race window of its attempt's
  /// timeout: always, unless every round trip is bounded — bounded latency
  /// and processing, no capacity queue — and ends more than the window
  /// before the timeout. (A retry deferred past a commit is the
  /// retry-vs-commit race, counted there.)
  static func responseCanRaceTimeout(_ options: RequestWorldOptions) -> Bool {
    // A gateway's tries and backoffs are not bounded here: assume a race.
    guard options.gateway == nil, options.server.capacity == nil, let latency = options.network.latency.upperBound,
      let processing = options.server.processing.upperBound
    else { return true }
    // The latest a response can arrive after its request was sent.
    var roundTrip = VirtualDuration.zero
    var parts: [VirtualDuration] = [
      .nanoseconds(latency), .nanoseconds(latency), .nanoseconds(processing),
      options.network.transmissionTime(bytes: options.workload.requestBytes),
      options.network.transmissionTime(bytes: options.workload.responseBytes), options.races.window,
    ]
    // A held-back message and a request's copy arrive later (a
    // duplicated response races nothing: its copy follows the original).
    let network = options.network
    // A message retransmitted after a partition's heal arrives at any time.
    if !network.partitions.isEmpty && network.partitionSemantics == .connection { return true }
    for (held, delay) in [
      (network.requestReordering > 0, network.reorderDelay), (network.responseReordering > 0, network.reorderDelay),
      (network.requestDuplication > 0, network.duplicateDelay),
    ] where held {
      guard let bound = delay.upperBound else { return true }
      parts.append(.nanoseconds(bound))
    }
    for part in parts {
      guard let sum = try? roundTrip + part else { return true }
      roundTrip = sum
    }
    // The timeout runs on the client's clock (clocks that disagree).
    return roundTrip >= options.client.clock.realDuration(options.client.timeout)
  }

  /// Whether a retried keyed write can reach the server while the attempt
  /// it repeats is being processed (409 or commit first): only when the
  /// server honours keys with 409 for keys in flight, processing takes
  /// time, and an operation writes more than once.
  static func retryCanRaceCommit(_ options: RequestWorldOptions) -> Bool {
    writesKeyedRepeats(options) && options.server.inFlightKey == .conflict
      && options.server.processing != .fixed(.zero)
  }

  /// Whether a retried keyed write can arrive around its key's expiry: only
  /// with a key lifetime and an operation that writes more than once.
  static func retryCanRaceKeyExpiry(_ options: RequestWorldOptions) -> Bool {
    writesKeyedRepeats(options) && options.server.keyTTL != nil
  }

  /// Whether a keyed write can reach a server that honours keys more than
  /// once: a retry (attempts above 1), a second submission, or a copy the
  /// network delivers again.
  static func writesKeyedRepeats(_ options: RequestWorldOptions) -> Bool {
    options.workload.kind == .keyedWrite && options.server.keys == .honour
      && (options.client.attempts > 1 || options.workload.submissions > 1 || options.network.requestDuplication > 0
        || (options.gateway.map { $0.attempts > 1 && $0.forwardsKey } ?? false))
  }
}
