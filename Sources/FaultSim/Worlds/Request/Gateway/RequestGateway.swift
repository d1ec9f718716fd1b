/// The gateway between the request world's clients and its server
/// (``GatewayOptions``): it takes each request a client sends, sends it
/// upstream as one or more tries, and answers the client with the answer
/// to its latest try — or with 504 when that try timed out, 502 when its
/// connection was reset.
///
/// A try is a copy of the client's message (``RequestMessage/copy`` = the
/// try's index), so the server's draws and the upstream network's are its
/// own (``DeliveryIdentity``). The gateway keeps one ``Exchange`` per
/// request it received and has not answered yet, and only those: an answer
/// to a try it gave up on finds the exchange moved on (or gone) and is
/// dropped — though the server may have applied that try.
///
/// A copy of the client's request that the network delivered twice
/// (``RequestMessage/networkCopy``) is, to the gateway, another incoming
/// request — a reverse proxy sees a second TCP request — so it gets an
/// exchange of its own: its own tries, its own timeouts, its own answer to
/// the client (which the client drops if it has its answer already).
///
/// The gateway decides; the router (`RequestWorldModel+Gateway.swift`)
/// carries out its decisions and keeps the folding count.
@usableFromInline
struct RequestGateway {
  /// One client request the gateway has not answered yet.
  @usableFromInline
  struct Exchange {
    /// The request as the client sent it.
    @usableFromInline
    var request: RequestMessage
    /// The index of the latest try (its copy number).
    @usableFromInline
    var latest: UInt8
    /// Whether the latest try is out (false while waiting to retry).
    @usableFromInline
    var isOut: Bool
    /// Whether the latest try's timeout was moved by the race with its
    /// answer: the timer first scheduled is then stale.
    @usableFromInline
    var timerMoved = false
    /// When the latest try times out.
    @usableFromInline
    var deadline = VirtualTime.zero
    /// When the gateway gives up on the whole request
    /// (``GatewayOptions/deadline`` after it arrived); `nil`: never.
    @usableFromInline
    var expiry: VirtualTime?

    /// An exchange whose try `latest` is out or not.
    @inlinable
    init(request: RequestMessage, latest: UInt8, isOut: Bool) {
      self.request = request
      self.latest = latest
      self.isOut = isOut
    }
  }

  /// The gateway's options.
  @usableFromInline
  let options: GatewayOptions
  /// Whether a write of this workload is idempotent (a PUT).
  @usableFromInline
  let writesAreIdempotent: Bool
  /// The open exchanges, by request received (``Slot``). Looked up only:
  /// their order never reaches an output.
  @usableFromInline
  var exchanges: [Slot: Exchange] = [:]
  /// Upstream tries beyond the first of each client request.
  @usableFromInline
  var retries: UInt64 = 0
  /// 504s the gateway answered a client with, its own timeout spent.
  @usableFromInline
  var timeouts: UInt64 = 0

  /// The gateway of `options` in front of a server of `workload`'s kind.
  @usableFromInline
  init(_ options: GatewayOptions, kind: RequestKind) {
    self.options = options
    writesAreIdempotent = kind == .idempotentWrite
  }

  /// Forgets every exchange and the counters.
  @usableFromInline
  mutating func prepareRun() {
    exchanges.removeAll(keepingCapacity: true)
    retries = 0
    timeouts = 0
  }

  /// Requests received the gateway has not answered yet.
  var openExchanges: Int { exchanges.count }

  /// The bytes the gateway holds: its open exchanges' table, room
  /// allocated included.
  ///
  /// - Complexity: O(1).
  var allocatedBytes: Int {
    exchanges.capacity &* (MemoryLayout<Slot>.stride &+ MemoryLayout<Exchange>.stride &+ 1)
  }

  /// The exchange key of a request received: the client's message, and
  /// whether this is the network's copy of it.
  @usableFromInline
  struct Slot: Hashable {
    /// operation << 32 | sequence.
    @usableFromInline
    var message: UInt64
    /// ``RequestMessage/networkCopy``.
    @usableFromInline
    var networkCopy: UInt8

    /// The slot of the request received that `delivery` (a try of it, or
    /// an answer to one) belongs to.
    @inlinable
    @inline(__always)
    init(_ delivery: DeliveryIdentity) {
      message = UInt64(UInt32(truncatingIfNeeded: delivery.operation)) << 32 | UInt64(delivery.sequence)
      networkCopy = delivery.networkCopy
    }
  }

  /// A client's request (or the network's copy of it) arrives: the first
  /// try to send upstream now.
  ///
  /// - Parameter expiry: When the gateway gives up on the request, if it
  ///   has a total deadline.
  @inlinable
  mutating func receive(_ request: RequestMessage, expiry: VirtualTime?) -> RequestMessage {
    var exchange = Exchange(request: request, latest: 0, isOut: true)
    exchange.expiry = expiry
    exchanges[Slot(request.delivery)] = exchange
    return upstream(request, try: 0)
  }

  /// When the gateway gives up on the request `delivery` belongs to, if
  /// it is open and has a total deadline.
  @inlinable
  func expiry(of delivery: DeliveryIdentity) -> VirtualTime? {
    exchanges[Slot(delivery)]?.expiry
  }

  /// Whether the total deadline of the request `delivery` belongs to has
  /// passed at `now`.
  @inlinable
  func hasExpired(_ delivery: DeliveryIdentity, at now: VirtualTime) -> Bool {
    guard let expiry = expiry(of: delivery) else { return false }
    return now >= expiry
  }

  /// Try `index` of `request` as it goes upstream: copy `index`, without
  /// its key if the gateway strips it.
  @inlinable
  func upstream(_ request: RequestMessage, try index: UInt8) -> RequestMessage {
    var sent = request
    sent.copy = index
    sent.heldUntilCommit = false
    if !options.forwardsKey { sent.key = .none }
    return sent
  }

  /// Whether `request` is one the gateway's ``GatewayOptions/methods`` let
  /// it send again: a read or status query (GET), a PUT, or — when keyed
  /// requests count — a POST carrying an Idempotency-Key as the client sent
  /// it.
  @inlinable
  func mayRetry(_ request: RequestMessage) -> Bool {
    switch options.methods {
    case .all: return true
    // A routed write of your code (``RequestMessage/Marks/isRoutedWrite``)
    // is a POST whatever the workload.
    case .idempotent: return !request.marks.isRoutedWrite && (request.kind != .write || writesAreIdempotent)
    case .idempotentOrKeyed:
      return request.key != .none || (!request.marks.isRoutedWrite && (request.kind != .write || writesAreIdempotent))
    }
  }

  /// The open exchange whose latest try is `delivery`, still out; `nil`
  /// when the gateway answered the client already or moved on to another
  /// try.
  @inlinable
  func awaiting(_ delivery: DeliveryIdentity) -> Exchange? {
    guard let exchange = exchanges[Slot(delivery)], exchange.isOut, exchange.latest == delivery.copyIndex
    else { return nil }
    return exchange
  }

  /// What the gateway does after try `delivery` of a request it received
  /// failed with `condition` (or a status no condition names: `nil`).
  @inlinable
  mutating func afterFailure(
    _ delivery: DeliveryIdentity, _ condition: GatewayOptions.RetryCondition?,
    _ context: inout SimulationContext<RequestEvent>
  ) -> Step {
    let slot = Slot(delivery)
    guard var exchange = exchanges[slot] else { return .answer }
    let next = Int(delivery.copyIndex) + 1
    let now = context.now
    // Past the total deadline nothing more is tried: the request gets its
    // answer (504 for a timeout).
    let withinDeadline = exchange.expiry.map { now < $0 } ?? true
    guard let condition, options.retries(on: condition), next < options.tryLimit, withinDeadline,
      mayRetry(exchange.request)
    else {
      exchanges[slot] = nil
      return .answer
    }
    let sent = upstream(exchange.request, try: UInt8(next))
    let wait =
      options.backoffShape == .fixed
      ? options.backoff
      : options.retryWait(retry: next, word: context.valueWord(RequestDraw.gatewayBackoff.key(sent.delivery)))
    if let expiry = exchange.expiry, wait.nanoseconds >= expiry.nanoseconds &- now.nanoseconds {
      // The wait would outlast the deadline: no retry goes out, and the
      // client gets 504 when the deadline comes.
      exchange.isOut = false
      exchanges[slot] = exchange
      return .expire(upstream(exchange.request, try: exchange.latest))
    }
    guard context.fault(1, RequestDraw.gatewayRetry.key(delivery)) else {
      exchanges[slot] = nil
      return .answer
    }
    retries &+= 1
    exchange.latest = UInt8(next)
    exchange.isOut = wait == .zero
    exchanges[slot] = exchange
    context.trace(
      RequestActor.gateway, "gateway retry \(next + 1) after \(condition.rawValue)",
      "op=\(delivery.operation) seq=\(delivery.sequence) copy=\(next)"
        + (delivery.networkCopy == 0 ? "" : " network-copy"))
    return .retry(sent, after: wait)
  }

  /// The latest try of a client message goes upstream now: it times out at
  /// `deadline`.
  @inlinable
  mutating func sent(_ request: RequestMessage, deadline: VirtualTime) {
    let slot = Slot(request.delivery)
    guard var exchange = exchanges[slot], exchange.latest == request.copy else { return }
    exchange.deadline = deadline
    exchange.timerMoved = false
    exchanges[slot] = exchange
  }

  /// The race of the latest try's answer with its timeout moved the
  /// timeout to `time`.
  @inlinable
  mutating func moveTimer(_ request: RequestMessage, to time: VirtualTime) {
    let slot = Slot(request.delivery)
    guard var exchange = exchanges[slot] else { return }
    exchange.deadline = time
    exchange.timerMoved = true
    exchanges[slot] = exchange
  }

  /// Whether a timeout event is the one in force for the latest try of its
  /// message: the event's held bit says whether it is a moved timer.
  @inlinable
  func isCurrentTimer(_ timer: RequestMessage) -> Bool {
    guard let exchange = awaiting(timer.delivery) else { return false }
    return exchange.timerMoved == timer.heldUntilCommit
  }

  /// The backoff before a retry is over: the try goes out, unless the
  /// exchange is gone.
  @inlinable
  mutating func sendsAfterBackoff(_ request: RequestMessage) -> Bool {
    let slot = Slot(request.delivery)
    guard var exchange = exchanges[slot], exchange.latest == request.copy, !exchange.isOut else { return false }
    exchange.isOut = true
    exchanges[slot] = exchange
    return true
  }

  /// The exchange of a request received ends: the gateway answers the
  /// client.
  @inlinable
  mutating func close(_ delivery: DeliveryIdentity) {
    exchanges[Slot(delivery)] = nil
  }

  /// What the gateway does after a failed try.
  @usableFromInline
  enum Step {
    /// It answers the client (and forgets the exchange).
    case answer
    /// It sends this try upstream after this wait (zero: now).
    case retry(RequestMessage, after: VirtualDuration)
    /// It sends nothing more and answers 504 at the request's deadline
    /// (this is its latest try).
    case expire(RequestMessage)
  }
}

extension RequestGateway {
  /// The gateway answered a client 504 after its last try timed out.
  @inlinable
  mutating func countTimeout() { timeouts &+= 1 }

  /// Adds the gateway's counters to `metrics`: retries and timeouts.
  @inlinable
  func count(into metrics: inout RequestMetrics) {
    metrics.gatewayRetries = retries
    metrics.gatewayTimeouts = timeouts
  }
}
