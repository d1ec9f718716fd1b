/// The client side of the request world, as the one router sees it: the
/// built-in client and a ``ClientPolicy`` of yours (``RequestClient``), or
/// your async code on the deterministic runtime (``CodeClient``).
///
/// The router carries every message between the client, the network, the
/// gateway and the server, and runs every race between them; a client only
/// says what it sends, what it makes of an answer or a timeout, and what
/// its app does when it is killed. So every fault source of the request
/// world — loss, latency, duplication, partitions, the gateway, restarts,
/// key stores, skewed clocks, app kills — reaches each kind of client the
/// same way, on the same keyed draws.
///
/// Conformers are specialised into the router (generic, never an
/// existential), so the built-in client pays nothing for the others.
@usableFromInline
protocol RequestClientComponent {
  /// One operation's client record: what the router reads to fold an
  /// operation and where it counts the operation's unanswered requests.
  associatedtype Record: RoutedClientRecord

  /// The clients of the operations in flight.
  var records: OperationWindow<Record> { get set }
  /// `client`'s records, read in place: the router's window verbs read
  /// them through this rather than the getter, whose witness in a debug
  /// build copies the whole client (every reference in it retained and
  /// released) to read one property. Each client implements it as
  /// `client.records`.
  static func records(of client: inout Self) -> OperationWindow<Record>
  /// How the clients that are done ended, folded as each ends.
  var endings: RequestMetrics { get }
  /// Retries a retry budget refused (0 for a client with none).
  var retriesRefused: Int { get }
  /// Whether the client's app may be killed during a write attempt.
  /// (`mutating`, as ``records(of:)`` is static: the router asks at every
  /// answer, and a debug build's witness of a non-mutating requirement
  /// copies the whole client.)
  var mayBeKilled: Bool { mutating get }

  /// Forgets every client, keeping the storage.
  mutating func reset()
  /// Prepares a run that starts with `context`.
  mutating func prepareRun(_ context: inout SimulationContext<RequestEvent>)
  /// The operation starts: what the client does first.
  mutating func begin(_ operation: Int, _ context: inout SimulationContext<RequestEvent>) -> ClientStep
  /// The client's attempt meets an offline device (offline until `end`).
  mutating func attemptWhileOffline(
    _ operation: Int, until end: VirtualTime, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientStep
  /// The client's next message leaves it, its deadline set.
  mutating func startAttempt(
    _ operation: Int, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientAttempt
  /// The trace's name for an attempt as it goes onto the network.
  func label(of attempt: ClientAttempt) -> String

  /// The deadline of message `sequence` of `operation`, if the client still
  /// waits for it. (`mutating` for the reason ``mayBeKilled`` gives.)
  mutating func deadline(_ operation: Int, awaiting sequence: UInt32) -> VirtualTime?
  /// Arms the timeout of message `sequence`, once (see ``RequestClient``).
  mutating func armTimeout(_ operation: Int, _ sequence: UInt32, now: VirtualTime) -> (
    timer: AttemptTimer, at: VirtualTime
  )?
  /// Arms the timeout of message `sequence` if `time` is not before its
  /// deadline.
  mutating func armTimeout(
    _ operation: Int, _ sequence: UInt32, ifReachedBy time: VirtualTime, now: VirtualTime
  ) -> (timer: AttemptTimer, at: VirtualTime)?
  /// Moves the timeout of the awaited message `sequence` to `time`.
  mutating func moveTimeout(_ operation: Int, _ sequence: UInt32, to time: VirtualTime) -> AttemptTimer
  /// A timer fires.
  mutating func timeout(
    _ timer: AttemptTimer, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientStep
  /// An answer reaches the client.
  mutating func receive(
    _ response: ResponseMessage, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> ClientStep

  /// When the app will be killed during the write attempt `message` just
  /// sent, if it will.
  func killTime(
    of message: MessageIdentity, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> VirtualTime?
  /// When the app will be killed during the awaited attempt `sequence`, if
  /// a kill is drawn for it and still to come.
  func pendingKill(
    _ operation: Int, _ sequence: UInt32, _ context: borrowing SimulationContext<RequestEvent>
  ) -> VirtualTime?
  /// The app-kill-vs-response race put the kill of the awaited attempt
  /// `sequence` after its answer: the kill will find nothing in flight.
  mutating func deferKill(_ operation: Int, _ sequence: UInt32)
  /// The app is killed.
  mutating func terminate(
    _ kill: AppTermination, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) -> AppStep
  /// The user opens the app again.
  mutating func relaunch(_ kill: AppTermination, _ context: inout SimulationContext<RequestEvent>) -> ClientStep

  /// Whether the client runs code between events (``CodeClient``): the
  /// router then drives it with ``nextPosted(_:)`` and ``runNextJob(_:)``.
  static var runsCode: Bool { get }
  /// Enters the client's runtime for one event (its code's thread mark).
  mutating func enter(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError)
  /// Leaves it.
  mutating func leave()
  /// What the client's code posted that the router must carry out next:
  /// a message to send, or an operation whose code returned.
  mutating func nextPosted(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) -> PostedWork?
  /// Runs one ready job of the client's code; false when none is ready.
  mutating func runNextJob(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) -> Bool
  /// A sleep of the client's code ends.
  mutating func wake(_ ticket: SleepTicket)
  /// The run is out of events: a client that cannot finish says so.
  mutating func runEnded(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError)

  /// Whether the server has routes (``RouteServer``): only your code's
  /// client can, and only then does the router ask the rest. (`mutating`
  /// for the reason ``mayBeKilled`` gives.)
  var hasRoutes: Bool { mutating get }
  /// 409 for a routed request whose key is in flight, or `nil`.
  mutating func refuseRouted(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> ResponseMessage?
  /// A worker takes up a routed request.
  mutating func routedProcessingBegins(_ request: RequestMessage)
  /// The answer to a routed request at its commit point.
  mutating func serveRouted(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> ResponseMessage
  /// The `folded` operations can change no more: the routes forget them.
  mutating func forgetRoutes(_ folded: Range<Int>)
  /// The bytes your code's side holds: the routes' requests, ledgers and
  /// answers, your server's and the app's databases.
  var codeBytes: Int { get }
  /// What each route saw in the run; `nil` without routes.
  var routeMetrics: RouteMetrics? { get }
  /// The handler answered a request of the order route with `response`:
  /// `applied` is the operation's applications after it, `before` before
  /// it. Returns the answer with the route's success status.
  mutating func orderServed(
    _ request: RequestMessage, _ response: ResponseMessage, applied: Int, before: Int
  ) -> ResponseMessage

  /// Whether your server code answers the client's requests
  /// (``ServerCode``): only your code's client can have it. (`mutating`
  /// for the reason ``mayBeKilled`` gives.)
  var hasServerCode: Bool { mutating get }
  /// A request reached its commit point: your server's handler takes it
  /// up. `latestRestart` is the server's latest restart so far (one after
  /// the current process began ends it).
  mutating func startHandling(
    _ request: RequestMessage, latestRestart: VirtualTime?, _ context: inout SimulationContext<RequestEvent>)
  /// The next answer of your server to send, or connection a crash reset.
  mutating func takeServerWork() -> ServerWork?
  /// The server restarts: your server's process ends, and the requests it
  /// was handling are cut (``takeServerWork()``).
  mutating func serverRestarted(_ context: inout SimulationContext<RequestEvent>)
  /// Times your server's ledger applied `operation`'s write (read once,
  /// when the operation folds).
  mutating func serverCodeApplied(_ operation: Int) -> Int
}

/// What the router carries out for your server code.
@usableFromInline
enum ServerWork {
  /// Your handler answered the delivery: the answer goes back.
  case answer(RequestMessage, ResponseMessage)
  /// The server's process crashed (or restarted) while handling the
  /// delivery: its client learns the connection was lost.
  case reset(RequestMessage)
}

/// What the router reads of one operation's client record.
@usableFromInline
protocol RoutedClientRecord {
  /// The operation's requests not yet answered (the router's count).
  var unansweredRequests: UInt32 { get set }
  /// Attempts sent.
  var attempts: UInt32 { get }
  /// Whether the client is done with the operation.
  var isFinished: Bool { get }
  /// How it ended for the user.
  var outcome: ClientOutcome { get }
}

/// What a client's code posted for the router (``RequestClientComponent/nextPosted(_:)``).
@usableFromInline
enum PostedWork: Equatable {
  /// Your server's handlings answered, or a crash reset their
  /// connections: the router takes them (``RequestClientComponent/takeServerWork()``).
  case serverWork
  /// A message of the operation is ready to send: the router sends it as
  /// the client's next attempt.
  case send(operation: Int)
  /// The operation's code returned: it may fold.
  case finished(operation: Int)
}

/// One attempt as it leaves the client.
@usableFromInline
struct ClientAttempt {
  /// What it sends.
  @usableFromInline
  var request: RequestMessage
  /// Its number within the current exchange (traces say "write attempt 2").
  @usableFromInline
  var number: UInt16

  @inlinable
  init(request: RequestMessage, number: UInt16) {
    self.request = request
    self.number = number
  }
}

extension RequestClientComponent {
  /// A client with no code of its own: nothing to run between events.
  @inlinable
  static var runsCode: Bool { false }
  @inlinable
  @inline(__always)
  mutating func enter(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) {}
  @inlinable
  @inline(__always)
  mutating func leave() {}
  @inlinable
  mutating func nextPosted(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) -> PostedWork? {
    nil
  }
  @inlinable
  mutating func runNextJob(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) -> Bool { false }
  @inlinable
  mutating func wake(_ ticket: SleepTicket) {}
  @inlinable
  mutating func runEnded(_ context: inout SimulationContext<RequestEvent>) throws(SimulationError) {}
  /// No routes: every request is about the operation's order.
  @inlinable
  var hasRoutes: Bool { false }
  @inlinable
  mutating func refuseRouted(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> ResponseMessage? { nil }
  @inlinable
  mutating func routedProcessingBegins(_ request: RequestMessage) {}
  @inlinable
  mutating func serveRouted(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> ResponseMessage {
    ResponseMessage(answering: request, status: 500)
  }
  @inlinable
  mutating func orderServed(
    _ request: RequestMessage, _ response: ResponseMessage, applied: Int, before: Int
  ) -> ResponseMessage { response }
  @inlinable
  mutating func forgetRoutes(_ folded: Range<Int>) {}
  @inlinable
  var routeMetrics: RouteMetrics? { nil }
  /// No server code: FaultSim's server answers.
  @inlinable
  var hasServerCode: Bool { false }
  @inlinable
  mutating func startHandling(
    _ request: RequestMessage, latestRestart: VirtualTime?, _ context: inout SimulationContext<RequestEvent>
  ) {}
  @inlinable
  mutating func takeServerWork() -> ServerWork? { nil }
  @inlinable
  mutating func serverRestarted(_ context: inout SimulationContext<RequestEvent>) {}
  @inlinable
  mutating func serverCodeApplied(_ operation: Int) -> Int { 0 }
  @inlinable
  var codeBytes: Int { 0 }
}
