/// One operation's final state: what the ledger holds and what its client
/// concluded. (How many attempts it took is not part of it: two orders
/// that end with the same ledger and the same client belief end the same.)
public struct RequestOperationOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The operation's number, `0 ..< workload.operations`.
  public var operation: Int
  /// How many times the server applied its write.
  public var applied: Int
  /// How its client ended: `succeeded`, `failed`, `uncertain` (or `pending` if
  /// the run stopped first).
  public var outcome: String

  /// An operation's final state; see the properties for each argument.
  @inlinable
  package init(operation: Int, applied: Int, outcome: String) {
    self.operation = operation
    self.applied = applied
    self.outcome = outcome
  }

  /// `op#3: applied 2, client succeeded`.
  public var description: String {
    "op#\(operation): applied \(applied), client \(outcome)"
  }
}

extension RequestWorld: SimulatedWorld, WorldModel {
  /// Runs as a simulation of the world.
  public static var engine: WorldEngine<Self> { .simulating }
  /// The options a scenario file gives the world.
  public typealias Options = RequestWorldOptions
  /// What a run measures.
  public typealias Metrics = RequestMetrics
  /// Each entity's final state, in entity order.
  public typealias FinalState = EntityStates<RequestOperationOutcome>

  /// The world's draw purposes: its fault and race kinds.
  public typealias Draws = RequestDraw

  /// The name scenario files use in `"world"`.
  @usableFromInline package static var name: String { "request" }

  /// The world is the model its runs run (see the type's comment).
  @usableFromInline
  static func model(_ options: RequestWorldOptions) -> RequestWorld {
    RequestWorld(options)
  }

  /// Each operation's final state, in operation order.
  ///
  /// - Precondition: the final states were not dropped
  ///   (``dropFinalStates()``).
  @usableFromInline package func finalState() -> EntityStates<RequestOperationOutcome> {
    model.finalState()
  }

  /// Folds each operation into the metrics once nothing can change it and
  /// forgets it: memory grows with the operations in flight.
  @usableFromInline package mutating func dropFinalStates() {
    model.dropFinalStates()
  }

  /// A digest of the final state: a sum of one hash per operation, so that
  /// it can be computed as operations fold, in any order.
  @usableFromInline package func finalStateDigest() -> UInt64 {
    model.finalStateDigest()
  }
}

extension RequestWorld: ProbedWorld {
  @usableFromInline package static func repeating(_ options: RequestWorldOptions) -> RequestWorldOptions? {
    var repeated = options
    repeated.workload.submissions = options.workload.submissions * 2
    return repeated
  }

  @usableFromInline package static var repeatedOperation: String { "each operation submitted twice" }
}

extension RequestWorld: MemorySizedWorld {
  @usableFromInline package static func estimatedBytes(_ options: RequestWorldOptions) -> UInt64 {
    estimatedBytes(options, client: ClientRecord<RetryState>.self, server: ServerRecord<LedgerEntry>.self)
  }

  /// The bytes one simulation of `options` holds whose operations keep
  /// `client` and `server` records, counted from the records' layouts.
  ///
  /// The operations in flight hold a client and a server record each (in
  /// growing rings), and the pending events of their exchange — a message
  /// in flight and an armed timeout — plus any lingering ones; finished
  /// operations are folded into the metrics and forgotten, and explore
  /// counts the final states it keeps itself. A server with a capacity
  /// queue keeps each queued request until the queue drains, up to one per
  /// attempt. A uniform schedule keeps the running sums of its first
  /// 262,144 spacings; an `lru` key store up to `capacity` keys of finished
  /// operations too.
  @usableFromInline
  static func estimatedBytes<Client, Server>(
    _ options: RequestWorldOptions, client: Client.Type, server: Server.Type
  ) -> UInt64 {
    let operations = UInt64(options.workload.operations)
    let attempts = UInt64(min(max(options.client.attempts, 1), 32))
    let queued = options.server.capacity == nil ? 0 : MemoryFootprint.records(attempts, of: RequestMessage.self)
    let inFlight = min(operations, operationsInFlight(options))
    let records = MemoryFootprint.records(1, of: Client.self) + MemoryFootprint.records(1, of: Server.self)
    let events = (exchangeEvents + lingeringEvents(options)).multiplied(saturating: bytesPerPendingEvent)
    let sums = MemoryFootprint.records(min(operations, 1 << 18), of: Double.self)
    let store = options.server.keyStore
    let perKey = store.eviction == .exact ? RecentKeys.bytesPerKey : SampledKeys.bytesPerKey
    let recentKeys =
      store.kind == .lru ? min(operations, UInt64(max(store.keyLimit, 0))).multiplied(saturating: perKey) : 0
    return inFlight.multiplied(saturating: records + queued + events).adding(saturating: sums)
      .adding(saturating: recentKeys).adding(saturating: MemoryFootprint.process)
  }

  /// The pending events an operation's own exchange holds at once: a
  /// message in flight and its attempt's timeout.
  static var exchangeEvents: UInt64 { 2 }

  /// The bytes a pending event holds in the queue: its entry, and the room
  /// the queue's buckets keep as they grow and hand entries down (measured:
  /// about three entries' worth).
  static var bytesPerPendingEvent: UInt64 { UInt64(3 * MemoryLayout<EventQueueEntry<RequestEvent>>.stride) }

  /// Pending events an operation in flight holds besides the few of its
  /// own exchange: the tries a gateway gave up on that the server still
  /// processes (when processing can outlast the gateway's timeout, every
  /// try of every client attempt), and the network's duplicated copies
  /// (one per message sent, at the duplication rate).
  static func lingeringEvents(_ options: RequestWorldOptions) -> UInt64 {
    let attempts = Double(min(max(options.client.attempts, 1), 1_000))
    var events = 0.0
    if let gateway = options.gateway {
      if longest(options.server.processing) > Double(gateway.timeout.nanoseconds) {
        events += attempts * Double(min(max(gateway.attempts, 1), 100))
      }
    }
    let network = options.network
    let copies = min(1, network.requestDuplication) + min(1, network.responseDuplication)
    events += attempts * copies
    return UInt64(events.rounded(.up))
  }

  /// The longest delay `delay` can draw, in nanoseconds: its bound, or ten
  /// means when it has none. (`upperBound.map(Double.init)` would pick
  /// `Double(bitPattern:)`, a denormal near zero.)
  static func longest(_ delay: LatencyDistribution) -> Double {
    delay.upperBound.map { Double($0) } ?? 10 * delay.mean
  }

  /// A generous bound on the operations open at once: the arrival rate
  /// times how long an operation can stay open (twice its attempts' timeouts
  /// and longest backoffs, the offline windows, and a minute), or every
  /// operation when they start together, contend for shared records or
  /// queue for a server's capacity.
  static func operationsInFlight(_ options: RequestWorldOptions) -> UInt64 {
    let operations = UInt64(options.workload.operations)
    guard options.workload.contention == nil, options.server.capacity == nil else { return operations }
    let attempts = Double(min(max(options.client.attempts, 1), 1_000))
    let perAttempt = Double(options.client.timeout.nanoseconds) + Double(options.client.backoff.cap.nanoseconds) + 1e9
    let offline = options.network.offline.reduce(0.0) { $0 + Double($1.end.nanoseconds - $1.start.nanoseconds) }
    // A held-back message or a late copy keeps its operation
    // open for longer (a bounded delay's maximum, else ten times its mean).
    let network = options.network
    let held = network.requestReordering > 0 || network.responseReordering > 0 ? 2 * longest(network.reorderDelay) : 0
    let copied =
      network.requestDuplication > 0 || network.responseDuplication > 0 ? longest(network.duplicateDelay) : 0
    // A killed app's relaunch keeps its operation open until the user
    // opens the app again (twice the longest delay, or ten means).
    let app = options.client.app
    let relaunch =
      app.isKilled && app.outbox != .none
      ? 2 * longest(app.relaunchAfter) : 0
    // A gateway keeps a request open for its tries and backoffs, and the
    // operation stays open until the server finished every try, the ones
    // the gateway gave up on included.
    let gateway = options.gateway.map {
      Double(min($0.attempts, 100)) * (Double($0.timeout.nanoseconds) + Double($0.backoff.nanoseconds))
        + longest(options.server.processing)
    }
    let open = 2 * attempts * (perAttempt + (gateway ?? 0)) + offline + relaunch + 60e9 + held + copied
    let rate: Double  // operations per nanosecond
    switch options.workload.arrival {
    case .simultaneous: return operations
    case .uniform(let window): rate = Double(operations) / max(1, Double(window.nanoseconds))
    case .poisson(let meanGap): rate = 1 / max(1, Double(meanGap.nanoseconds))
    }
    let bound = (rate * open * Double(options.workload.submissions)).rounded(.up)
    return bound >= Double(operations) ? operations : UInt64(bound)
  }
}

extension RequestWorld: OptionSizedWorld {
  /// Runs are sized by their operations.
  @usableFromInline package static var sizeOption: WorldSizeOption<RequestWorldOptions> {
    WorldSizeOption("workload.operations", \.workload.operations)
  }
}

extension RequestWorld: ShrinkableWorld {
  @usableFromInline package static func describe(fault: DrawKey, options: RequestWorldOptions) -> String {
    let message = "message \(fault.ordinal)"
    let what: String
    switch RequestDraw(rawValue: fault.purpose.rawValue) {
    case .requestLoss: what = "\(message) is lost on the way to the server"
    case .responseLoss: what = "the response to \(message) is lost"
    case .burstRequestLoss: what = "\(message) is lost in a loss burst"
    case .burstResponseLoss: what = "the response to \(message) is lost in a loss burst"
    case .connectionLost: what = "the connection drops after \(message) arrived"
    case .cannotConnect: what = "\(message) cannot connect"
    case .dnsFailure: what = "the host name does not resolve for \(message)"
    case .failureBeforeCommit: what = "the server fails before committing \(message)"
    case .failureAfterCommit: what = "the server commits \(message), then fails"
    case .rejection: what = "the server rejects \(message) permanently"
    case .throttling: what = "the server throttles \(message) (429)"
    case .payloadChange: what = "the client changes the payload of \(message)"
    // The network duplicates, reorders and partitions (keyed by delivery):
    case .requestDuplication: what = "the network delivers \(delivery(fault)) twice"
    case .responseDuplication: what = "the network delivers the response to \(delivery(fault)) twice"
    case .requestReordering: what = "the network holds \(delivery(fault)) back (reordered)"
    case .responseReordering: what = "the network holds the response to \(delivery(fault)) back (reordered)"
    case .partitionRequestLoss: what = "\(delivery(fault)) is cut by a partition (held until the heal, or lost)"
    case .partitionResponseLoss:
      what = "the response to \(delivery(fault)) is cut by a partition (held until the heal, or lost)"
    case .appTermination: what = "the app is killed while \(message) is in flight"
    // Intermediaries that retry: keyed by delivery (try n is copy n).
    case .upstreamReset:
      what =
        "the upstream connection is reset after the server took try \((fault.ordinal >> 32) + 1) of message "
        + "\(fault.ordinal & 0xFFFF_FFFF)"
    case .gatewayRetry:
      what =
        "the gateway sends message \(fault.ordinal & 0xFFFF_FFFF) again after its try "
        + "\((fault.ordinal >> 32) + 1) failed"
    // Stores that forget:
    case .serverDown: what = "\(message) finds the server down after a restart (connection refused)"
    case .requestLostToRestart: what = "a server restart cuts \(message) before its commit"
    case .keyLostToRestart: what = "a server restart forgot the key \(message) repeats"
    case .keyEvicted: what = "the lru key store evicted the key \(message) repeats"
    case .keyNotReplicated: what = "\(message) reads its key from a replica that has not received it"
    // Clocks that disagree:
    case .skewedRetryAfter:
      what = "the client judges the Retry-After date of the response to \(message) by its own, skewed clock"
    default:
      if fault.purpose == RuntimeDraw.serverCrash.purpose {
        // Keyed by the delivery, shifted, and the point's number.
        let delivery = fault.ordinal >> 24
        let copy = delivery >> 32
        what =
          "your server's process crashes at crash point \(fault.ordinal & 0xFF_FFFF) of message "
          + "\(delivery & 0xFFFF_FFFF)\(copy == 0 ? "" : " (copy \(copy))")"
      } else {
        what = "fault \(fault.purpose) on \(message)"
      }
    }
    return "op#\(fault.entity): \(what)"
  }

  /// "message 2" for a delivery key's original, "message 2 (copy 1)" for a copy.
  static func delivery(_ fault: DrawKey) -> String {
    let copy = fault.ordinal >> 32
    let message = "message \(fault.ordinal & 0xFFFF_FFFF)"
    return copy == 0 ? message : "\(message) (copy \(copy))"
  }

  @usableFromInline package static func traceTags(for faults: [DrawKey], options: RequestWorldOptions) -> [String] {
    var tags: [String] = []
    for fault in faults where !tags.contains("client#\(fault.entity)") {
      tags += ["client#\(fault.entity)", "op=\(fault.entity)"]
    }
    return tags
  }

  @usableFromInline package static func minimumSize(keeping faults: [DrawKey], options: RequestWorldOptions) -> Int {
    Int(faults.map(\.entity).max() ?? 0) + 1
  }
}
