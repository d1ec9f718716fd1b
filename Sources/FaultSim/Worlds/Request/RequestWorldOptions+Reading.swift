/// Reading a request world from a scenario file. The format is documented in
/// docs/scenario-format.md; every key is optional and defaults to the
/// value of the corresponding option struct.
extension RequestWorldOptions {
  /// Reads the world's sections from a scenario's top-level object.
  init(reading root: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    if let section = try root.object("workload") { workload = try WorkloadOptions(reading: section) }
    if let section = try root.object("client") { client = try ClientOptions(reading: section) }
    if let section = try root.object("network") { network = try NetworkOptions(reading: section) }
    if let section = try root.object("server") { server = try ServerOptions(reading: section) }
    if let section = try root.object("races") {
      races = try RaceOptions(reading: section)
    }
  }
}

extension WorkloadOptions {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    operations = try reader.integer("operations", default: operations, in: ScenarioLimits.operations)
    kind = try reader.choice("kind", default: kind)
    if let arrival = try reader.object("arrival") {
      switch try arrival.choice("distribution", among: ["simultaneous", "uniform", "poisson"]) {
      case "simultaneous":
        self.arrival = .simultaneous(at: .nanoseconds(try arrival.duration("at", default: 0, in: ScenarioLimits.span)))
      case "uniform":
        self.arrival = .uniform(over: .nanoseconds(try arrival.duration("over", in: ScenarioLimits.span)))
      default:
        self.arrival = .poisson(meanGap: .nanoseconds(try arrival.duration("meanGap", in: ScenarioLimits.delay)))
      }
    }
    requestBytes = try reader.unsigned64("requestBytes", default: 0, in: ScenarioLimits.bodyBytes)
    responseBytes = try reader.unsigned64("responseBytes", default: 0, in: ScenarioLimits.bodyBytes)
    submissions = try reader.integer("submissions", default: 1, in: 1...10)
    if let section = try reader.object("contention") {
      contention = Contention(resources: try section.integer("resources", in: ScenarioLimits.resources))
      guard kind.isWrite else {
        throw reader.error("conditional writes need a write kind, not \(kind.rawValue)", key: "kind")
      }
    }
  }
}

extension ClientOptions {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    timeout = .nanoseconds(try reader.duration("timeout", default: timeout.nanoseconds, in: ScenarioLimits.timeout))
    attempts = try reader.integer("attempts", default: attempts, in: ScenarioLimits.attempts)
    if let section = try reader.object("backoff") {
      let growth: Backoff.Growth = try section.choice("growth")
      let jitter: Backoff.Jitter = try section.choice("jitter", default: Backoff.Jitter.none)
      let base = try section.duration("base", default: growth == .none ? 0 : nil, in: ScenarioLimits.delay)
      let cap = try section.duration("cap", default: growth == .exponential ? nil : base, in: ScenarioLimits.delay)
      guard cap >= base else {
        throw section.error("cap is below base; allowed cap ≥ base", key: "cap")
      }
      let firstRetry = try section.integer("firstRetry", default: 0, in: ScenarioLimits.firstRetry)
      backoff = Backoff(
        growth: growth, jitter: jitter, base: .nanoseconds(base), cap: .nanoseconds(cap), firstRetry: firstRetry)
    }
    if let section = try reader.object("retryBudget") {
      switch try section.choice("kind", among: ["unlimited", "token-bucket", "ratio"]) {
      case "unlimited":
        retryBudget = .unlimited
      case "token-bucket":
        retryBudget = .tokenBucket(
          capacity: try section.double("capacity", in: ScenarioLimits.tokens),
          refillPerSuccess: try section.double("refillPerSuccess", in: ScenarioLimits.tokens))
      default:
        retryBudget = .ratio(
          ratio: try section.double("ratio", in: ScenarioLimits.ratio),
          minimumRetries: try section.integer("minimumRetries", default: 0, in: 0...Int(Int32.max)))
      }
    }
    safety = try reader.choice("safety", default: safety)
    offline = try reader.choice("offline", default: offline)
    honoursRetryAfter = try reader.bool("honoursRetryAfter", default: honoursRetryAfter)
    payloadChangesOnRetry = try reader.probability("payloadChangesOnRetry", default: 0)
    conflictRetry = try reader.choice("conflictRetry", default: conflictRetry)
    if let value = reader.value("conflictLimit") { conflictLimit = try ConflictLimit(reading: value) }
  }
}

extension ClientOptions.ConflictLimit {
  /// Reads a limit: a whole number in ``ScenarioLimits/conflictLimit`` or
  /// the string `"unlimited"`.
  init(reading value: ScenarioValue) throws(ScenarioError) {
    let range = ScenarioLimits.conflictLimit
    let allowed =
      "expected an integer (\(range.lowerBound)...\(range.upperBound)) or \(JSONValue.quoted(Self.unlimitedText))"
    switch value.node.value {
    case .string(let text):
      guard text == Self.unlimitedText else {
        var message = "\(JSONValue.quoted(text, limit: 40)) is not allowed; \(allowed)"
        if SpellingSuggestion.closest(to: text, among: [Self.unlimitedText]) != nil {
          message += "; did you mean \(JSONValue.quoted(Self.unlimitedText))?"
        }
        throw value.error(message)
      }
      self = .unlimited
    case .number:
      self = .atMost(try value.integer(in: range))
    default:
      throw value.error("\(allowed), got \(value.node.value.briefDescription)")
    }
  }
}

extension NetworkOptions {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    let preset: NetworkPreset? =
      reader.contains("preset") ? try reader.choice("preset", default: nil) as NetworkPreset : nil
    self = preset?.options ?? NetworkOptions()
    if let value = reader.value("latency") { latency = try LatencyDistribution.read(value) }
    requestLoss = try reader.probability("requestLoss", default: requestLoss)
    responseLoss = try reader.probability("responseLoss", default: responseLoss)
    if let section = try reader.object("burstLoss") {
      burstLoss = BurstLoss(
        meanGood: .nanoseconds(try section.duration("meanGood", in: 1...ScenarioLimits.span.upperBound)),
        meanBad: .nanoseconds(try section.duration("meanBad", in: 1...ScenarioLimits.span.upperBound)),
        lossGood: try section.probability("lossGood", default: 0),
        lossBad: try section.probability("lossBad"))
    }
    if let windows = try reader.array("offline") {
      guard ScenarioLimits.offlineWindows.contains(windows.count) else {
        throw reader.error(
          "\(windows.count) offline windows; allowed at most \(ScenarioLimits.offlineWindows.upperBound)",
          key: "offline")
      }
      var read: [OfflineWindow] = []
      for value in windows {
        let window = try value.object()
        let start = try window.duration("from", in: ScenarioLimits.span)
        let end = try window.duration("until", in: ScenarioLimits.span)
        guard start < end else { throw window.error("'from' must be before 'until'", key: "until") }
        read.append(OfflineWindow(start: VirtualTime(nanoseconds: start), end: VirtualTime(nanoseconds: end)))
      }
      read.sort { $0.start < $1.start }
      for (earlier, later) in zip(read, read.dropFirst()) where later.start < earlier.end {
        throw reader.error(
          "offline windows overlap (\(earlier.start)–\(earlier.end) and \(later.start)–\(later.end)); merge them",
          key: "offline")
      }
      offline = read
    }
    if reader.contains("bandwidthBytesPerSecond") {
      bandwidthBytesPerSecond = try reader.unsigned64("bandwidthBytesPerSecond", in: ScenarioLimits.bandwidth)
    }
    cannotConnect = try reader.probability("cannotConnect", default: 0)
    dnsFailure = try reader.probability("dnsFailure", default: 0)
    connectionLost = try reader.probability("connectionLost", default: 0)
  }
}

extension ServerOptions {
  init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    keys = try reader.choice("keys", default: keys)
    if reader.contains("keyTTL") {
      keyTTL = .nanoseconds(try reader.duration("keyTTL", in: ScenarioLimits.span))
    }
    inFlightKey = try reader.choice("inFlightKey", default: inFlightKey)
    storesErrors = try reader.bool("storesErrors", default: storesErrors)
    failureBeforeCommit = try reader.probability("failureBeforeCommit", default: 0)
    failureAfterCommit = try reader.probability("failureAfterCommit", default: 0)
    failureStatus = try reader.integer("failureStatus", default: failureStatus, in: ScenarioLimits.failureStatus)
    rejection = try reader.probability("rejection", default: 0)
    rejectionStatus = try reader.integer(
      "rejectionStatus", default: rejectionStatus, in: ScenarioLimits.rejectionStatus)
    if [409, 412, 429].contains(rejectionStatus) {
      throw reader.error(
        "\(rejectionStatus) has its own meaning in FaultSim (409 key in flight, 412 stale version, 429 throttling); "
          + "use another 4xx",
        key: "rejectionStatus")
    }
    throttling = try reader.probability("throttling", default: 0)
    throttleRetryAfter = .nanoseconds(
      try reader.duration("throttleRetryAfter", default: throttleRetryAfter.nanoseconds, in: ScenarioLimits.delay))
    if let value = reader.value("processing") { processing = try LatencyDistribution.read(value) }
    if let section = try reader.object("capacity") {
      capacity = Capacity(
        workers: try section.integer("workers", in: ScenarioLimits.workers),
        queueLimit: try section.integer("queueLimit", default: 0, in: ScenarioLimits.queueLimit),
        retryAfter: .nanoseconds(try section.duration("retryAfter", default: 1_000_000_000, in: ScenarioLimits.delay)))
      // With a capacity every 503 carries Retry-After, and a client reads it
      // as "refused before processing": an injected failure after the commit
      // must not look like that.
      if failureStatus == 503 && failureBeforeCommit + failureAfterCommit > 0 {
        throw reader.error(
          "503 is the overload answer when capacity is set (clients read it as throttling); use another 5xx",
          key: "failureStatus")
      }
    }
  }
}
