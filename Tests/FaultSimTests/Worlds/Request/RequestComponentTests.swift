import Testing

@testable import FaultSim

/// The request world's actors one at a time, each without the others: the
/// server answers requests nobody sent, the client reads responses no
/// server made, the network decides about single messages. What they know
/// of each other is only what the messages carry.
@Suite struct RequestComponentTests {
  typealias Context = SimulationContext<RequestEvent>

  static func write(_ sequence: UInt32, key: Bool = true, payload: PayloadDigest = .original) -> RequestMessage {
    RequestMessage(operation: 0, sequence: sequence, kind: .write, key: key ? .stable : .none, payload: payload)
  }

  static func server(
    _ configure: (inout ServerOptions) -> Void = { _ in }
  ) -> RequestServer<BuiltInRequestHandler> {
    var options = ServerOptions()
    configure(&options)
    var server = RequestServer(options, operations: 1, contention: nil, raceWindow: .zero)
    server.open(0)
    return server
  }

  /// Receives, processes and completes one request at once (processing
  /// takes no time): the server's answer.
  static func answer(
    _ request: RequestMessage, from server: inout RequestServer<some RequestHandler>, _ context: inout Context
  ) throws -> ResponseMessage {
    switch server.receive(request, &context) {
    case .answer(let response):
      return response
    case .process:
      #expect(try server.beginProcessing(request, &context) == .immediate)
      return server.complete(request, &context)
    case .hold, .queued, .refused:
      Issue.record("the request was held, queued or refused")
      return ResponseMessage(operation: 0, sequence: 0, status: .http(0))
    }
  }

  // MARK: - The server, without a client

  @Test func theServerRecognisesARepeatByTheKeyAndTheDigestTheRequestCarries() throws {
    var server = Self.server()
    var context = Context(seed: 1)
    let first = try Self.answer(Self.write(1), from: &server, &context)
    #expect(first.status == .ok)
    #expect(first.sequence == 1)
    let repeated = try Self.answer(Self.write(2), from: &server, &context)
    #expect(repeated.status == .ok, "the stored result is replayed")
    #expect(server.applied(0) == 1)
    let changed = try Self.answer(Self.write(3, payload: .changed), from: &server, &context)
    #expect(changed.status == .http(422))
    #expect(server.applied(0) == 1)
    // The same operation without a key is applied every time.
    _ = try Self.answer(Self.write(4, key: false), from: &server, &context)
    _ = try Self.answer(Self.write(5, key: false), from: &server, &context)
    #expect(server.applied(0) == 3)
    #expect(server.requests == 5)
    #expect(server.writeCalls == 5)
  }

  @Test func aServerThatIgnoresKeysAppliesEveryKeyedWrite() throws {
    var server = Self.server { $0.keys = .ignore }
    var context = Context(seed: 1)
    _ = try Self.answer(Self.write(1), from: &server, &context)
    _ = try Self.answer(Self.write(2), from: &server, &context)
    #expect(server.applied(0) == 2)
  }

  @Test func throttledAndOverloadedResponsesCarryTheirRetryAfter() throws {
    var context = Context(seed: 1)
    var throttling = Self.server {
      $0.throttling = 1
      $0.throttleRetryAfter = .seconds(3)
    }
    let throttled = try Self.answer(Self.write(1), from: &throttling, &context)
    #expect(throttled.status == .http(429))
    #expect(throttled.content == .retryAfter(.seconds(3)))
    #expect(throttled.failure == .throttled(status: 429, retryAfter: .seconds(3)))

    var busy = Self.server {
      $0.capacity = .init(workers: 1, queueLimit: 0, retryAfter: .milliseconds(750))
      $0.processing = .fixed(.milliseconds(10))
    }
    guard case .process = busy.receive(Self.write(1, key: false), &context) else {
      Issue.record("a free worker takes the first request")
      return
    }
    guard case .answer(let overloaded) = busy.receive(Self.write(2, key: false), &context) else {
      Issue.record("a full server answers at once")
      return
    }
    #expect(overloaded.status == .http(503))
    #expect(overloaded.retryAfter == .milliseconds(750))
    #expect(overloaded.failure == .throttled(status: 503, retryAfter: .milliseconds(750)))
    #expect(busy.overloadRejections == 1)

    // A 503 the server injects without a capacity carries no Retry-After:
    // the client cannot tell whether it came before or after the commit.
    var failing = Self.server {
      $0.failureAfterCommit = 1
      $0.failureStatus = 503
    }
    let failed = try Self.answer(Self.write(1), from: &failing, &context)
    #expect(failed.status == .http(503))
    #expect(failed.retryAfter == nil)
    #expect(failed.failure == .server(503))
    #expect(failing.applied(0) == 1)
  }

  @Test func aKeyInFlightIsAnswered409AndTheQueueWaitsForAWorker() throws {
    var server = Self.server {
      $0.processing = .fixed(.milliseconds(100))
      $0.capacity = .init(workers: 1, queueLimit: 1, retryAfter: .seconds(1))
    }
    var context = Context(seed: 1)
    guard case .process = server.receive(Self.write(1), &context) else {
      Issue.record("a free worker takes the first request")
      return
    }
    #expect(try server.beginProcessing(Self.write(1), &context) == .busy(until: VirtualTime(nanoseconds: 100_000_000)))
    guard case .answer(let conflict) = server.receive(Self.write(2), &context) else {
      Issue.record("a retry of a key in flight is answered at once")
      return
    }
    #expect(conflict.status == .http(409))
    #expect(conflict.failure == .conflict(409))
    guard case .queued = server.receive(Self.write(3, key: false), &context) else {
      Issue.record("a keyless write waits for the busy worker")
      return
    }
    context.clock = 100_000_000
    #expect(server.complete(Self.write(1), &context).status == .ok)
    #expect(server.nextQueued()?.sequence == 3)
    #expect(server.nextQueued() == nil, "the queue is empty: the worker goes idle")
    #expect(server.busyWorkers == 0)
  }

  /// A handler that is not the built-in one, under the same server
  /// mechanics: it refuses every write while another of its operation is in
  /// flight (with 425 Too Early) and applies the rest.
  struct EagerHandler: RequestHandler {
    var asked = 0
    var emptyEntry: Int { 0 }
    mutating func reset() { asked = 0 }
    func applied(_ entry: Int) -> Int { entry }
    func refusesWhileInFlight(_ request: RequestMessage) -> Bool { request.kind == .write }
    mutating func refuseWhileInFlight(
      _ request: RequestMessage, _ context: inout DecisionContext
    ) -> ResponseMessage {
      asked += 1
      return ResponseMessage(operation: request.operation, sequence: request.sequence, status: .http(425))
    }
    mutating func serve(
      _ request: RequestMessage, _ entry: inout Int, _ context: inout DecisionContext
    ) -> ResponseMessage {
      entry += 1
      return ResponseMessage(operation: request.operation, sequence: request.sequence, status: .http(201))
    }
  }

  @Test func anotherHandlerAnswersUnderTheSameMechanics() throws {
    var server = RequestServer(
      handler: EagerHandler(), operations: 1,
      capacity: .init(workers: 1, queueLimit: 0, retryAfter: .seconds(2)), processing: .fixed(.milliseconds(5)),
      raceWindow: .zero)
    server.open(0)
    var context = Context(seed: 1)
    let first = Self.write(1, key: false)
    guard case .process = server.receive(first, &context) else {
      Issue.record("a free worker takes the first request")
      return
    }
    #expect(try server.beginProcessing(first, &context) == .busy(until: VirtualTime(nanoseconds: 5_000_000)))
    // The handler decides about a write while one is in flight…
    guard case .answer(let early) = server.receive(Self.write(2, key: false), &context) else {
      Issue.record("the handler refuses a write while one is in flight")
      return
    }
    #expect(early.status == .http(425))
    #expect(server.handler.asked == 1)
    // …the mechanics about capacity: a read finds the one worker busy.
    let read = RequestMessage(operation: 0, sequence: 3, kind: .read)
    guard case .answer(let overloaded) = server.receive(read, &context) else {
      Issue.record("a full server refuses at once")
      return
    }
    #expect(overloaded.failure == .throttled(status: 503, retryAfter: .seconds(2)))
    context.clock = 5_000_000
    #expect(server.complete(first, &context).status == .http(201))
    #expect(server.applied(0) == 1)
    #expect(server.requests == 3)
    #expect(server.writeCalls == 2)
  }

  // MARK: - The client, without a server

  static func client(
    kind: RequestKind = .keylessWrite, _ configure: (inout ClientOptions) -> Void = { _ in }
  ) -> RequestClient<BuiltInClientPolicy> {
    var options = ClientOptions()
    options.backoff = .immediate
    configure(&options)
    var workload = WorkloadOptions()
    workload.kind = kind
    return RequestClient(
      workload: workload, timeout: options.timeout,
      policy: BuiltInClientPolicy(options, workload: workload, payloadChangeMatters: false))
  }

  @Test func theClientWaitsAsLongAsTheResponseSays() throws {
    for honours in [true, false] {
      var client = Self.client { $0.honoursRetryAfter = honours }
      var context = Context(seed: 1)
      #expect(client.begin(0, &context) == .sendNow)
      let attempt = try client.startAttempt(0, &context)
      #expect(attempt.request.kind == .write)
      #expect(attempt.number == 1)
      context.clock = 40_000_000
      let response = ResponseMessage(
        operation: 0, sequence: attempt.request.sequence, status: .http(503), content: .retryAfter(.seconds(7)))
      let step = try client.receive(response, &context)
      // Nothing but the response says 7 s: there is no server here.
      #expect(step == .sendAt(VirtualTime(nanoseconds: honours ? 7_040_000_000 : 40_000_000)))
    }
  }

  @Test func aCarefulClientResendsA503OnlyWhenItCarriesRetryAfter() throws {
    for retryAfter in [VirtualDuration?.none, .seconds(2)] {
      var client = Self.client { $0.safety = .careful }
      var context = Context(seed: 1)
      _ = client.begin(0, &context)
      let attempt = try client.startAttempt(0, &context)
      let response = ResponseMessage(
        operation: 0, sequence: attempt.request.sequence, status: .http(503),
        content: retryAfter.map { .retryAfter($0) } ?? .none)
      let step = try client.receive(response, &context)
      if retryAfter == nil {
        // It may have been applied: a keyless write is never resent blindly.
        #expect(step == .idle)
        #expect(client.records[0].outcome == .uncertain)
      } else {
        #expect(step == .sendAt(VirtualTime(nanoseconds: 2_000_000_000)))
        #expect(client.records[0].outcome == .pending)
      }
    }
  }

  @Test func theClientOwnsItsTimeoutsAndIgnoresStaleOnes() throws {
    var client = Self.client { $0.timeout = .seconds(1) }
    var context = Context(seed: 1)
    _ = client.begin(0, &context)
    let attempt = try client.startAttempt(0, &context)
    let sequence = attempt.request.sequence
    #expect(client.deadline(0, awaiting: sequence) == VirtualTime(nanoseconds: 1_000_000_000))
    #expect(client.deadline(0, awaiting: sequence + 1) == nil)
    // An answer due before the deadline needs no timeout in place.
    #expect(client.armTimeout(0, sequence, ifReachedBy: VirtualTime(nanoseconds: 999_999_999), now: .zero) == nil)
    let arming = client.armTimeout(0, sequence, now: .zero)
    let armed = try #require(arming)
    #expect(armed.at == VirtualTime(nanoseconds: 1_000_000_000))
    #expect(client.armTimeout(0, sequence, now: .zero) == nil, "armed once")
    // A race moves the timeout: the first timer is stale from then on.
    let moved = client.moveTimeout(0, sequence, to: VirtualTime(nanoseconds: 900_000_000))
    context.clock = 900_000_000
    #expect(try client.timeout(armed.timer, &context) == .idle)
    #expect(try client.timeout(moved, &context) == .sendAt(VirtualTime(nanoseconds: 900_000_000)))
    // The answer to the timed-out attempt is late.
    let late = ResponseMessage(operation: 0, sequence: sequence, status: .ok)
    #expect(try client.receive(late, &context) == .idle)
    #expect(client.records[0].outcome == .pending)
  }

  /// A policy that is not the built-in one, plugged into the same client:
  /// the seam issue 11 builds on. It sends keyed writes and never retries.
  struct OneShotPolicy: ClientPolicy {
    var started = 0
    var initialMemory: UInt16 { 0 }
    mutating func reset() { started = 0 }
    mutating func operationStarted() { started += 1 }
    func beginSubmission(_ tries: inout UInt16) { tries = 0 }
    var offlineBehaviour: ClientOptions.OfflineBehaviour { .spend }
    func countAttempt(_ tries: inout UInt16) { tries += 1 }
    mutating func request(
      for message: MessageIdentity, _ tries: inout UInt16, _ context: inout DecisionContext
    ) -> AttemptRequest {
      AttemptRequest(kind: .write, key: .stable)
    }
    mutating func afterSuccess(
      _ response: ResponseMessage, of message: MessageIdentity, _ tries: inout UInt16,
      _ context: inout DecisionContext
    ) -> ClientDecision { .stop(.succeeded) }
    mutating func afterFailure(
      _ failure: AttemptFailure, of message: MessageIdentity, _ tries: inout UInt16,
      _ context: inout DecisionContext
    ) -> ClientDecision { .stop(failure.provesNotApplied ? .failed : .uncertain) }
  }

  @Test func anotherPolicyDrivesTheSameClient() throws {
    var workload = WorkloadOptions()
    workload.operations = 2
    var client = RequestClient(workload: workload, timeout: .seconds(1), policy: OneShotPolicy())
    var context = Context(seed: 1)
    _ = client.begin(0, &context)
    _ = client.begin(1, &context)
    #expect(client.policy.started == 2)
    let first = try client.startAttempt(0, &context)
    #expect(first.request.carriesKey, "the policy, not the workload, chose a keyed write")
    let second = try client.startAttempt(1, &context)
    let arming = client.armTimeout(1, second.request.sequence, now: .zero)
    let timer = try #require(arming)
    context.clock = 1_000_000_000
    #expect(try client.timeout(timer.timer, &context) == .idle)
    #expect(client.records[1].outcome == .uncertain)
    let answer = ResponseMessage(operation: 0, sequence: first.request.sequence, status: .ok)
    #expect(try client.receive(answer, &context) == .idle)
    #expect(client.records[0].outcome == .succeeded)
    // Each client's ending is folded as it ends: both outcomes, and the
    // completion times of 1 s (a timeout) and 1 s (the late success).
    #expect(client.endings.succeeded == 1 && client.endings.uncertain == 1)
    #expect(client.endings.completion.count == 2 && client.endings.makespanTotal == 1_000_000_000)
  }

  // MARK: - The network, one message at a time

  static func network(_ configure: (inout NetworkOptions) -> Void) -> RequestNetwork {
    var options = NetworkOptions()
    options.latency = .fixed(.milliseconds(30))
    configure(&options)
    var workload = WorkloadOptions()
    workload.requestBytes = 1_000
    return RequestNetwork(options, workload: workload)
  }

  @Test func theNetworkDecidesTheFateOfEachMessage() throws {
    var context = Context(seed: 1)
    var clear = Self.network { $0.bandwidthBytesPerSecond = 100_000 }
    clear.start(random: context.random)
    // 30 ms of latency and 10 ms to push 1,000 bytes at 100 kB/s.
    #expect(
      try clear.transmit(Self.write(1), labelled: "write attempt 1", &context)
        == .arrives(at: VirtualTime(nanoseconds: 40_000_000)))
    var lossy = Self.network { $0.requestLoss = 1 }
    #expect(try lossy.transmit(Self.write(1), labelled: "write attempt 1", &context) == .lost)
    var unresolvable = Self.network { $0.dnsFailure = 1 }
    #expect(
      try unresolvable.transmit(Self.write(1), labelled: "write attempt 1", &context)
        == .neverSent(.dnsFailure, at: VirtualTime(nanoseconds: 30_000_000)))

    let response = ResponseMessage(operation: 0, sequence: 1, status: .ok, content: .version(4))
    var dropping = Self.network { $0.connectionLost = 1 }
    guard case .arrives(let delivered, let time) = try dropping.transmit(response, &context) else {
      Issue.record("a dropped connection still reaches the client")
      return
    }
    #expect(time == VirtualTime(nanoseconds: 30_000_000))
    #expect(delivered.status == .transportFailure(.connectionLost))
    #expect(delivered.failure == .connectionLost)
    var losing = Self.network { $0.responseLoss = 1 }
    guard case .lost = try losing.transmit(response, &context) else {
      Issue.record("a lost response never arrives")
      return
    }
  }

  @Test func theNetworkKnowsWhenTheDeviceIsOffline() {
    let offline = OfflineWindow(start: VirtualTime(nanoseconds: 10), end: VirtualTime(nanoseconds: 20))
    var network = Self.network { $0.offline = [offline] }
    #expect(network.offlineWindow(at: VirtualTime(nanoseconds: 9)) == nil)
    #expect(network.offlineWindow(at: VirtualTime(nanoseconds: 10)) == offline)
    #expect(network.offlineWindow(at: VirtualTime(nanoseconds: 20)) == nil)
  }

  // MARK: - What travels

  @Test func eventsStaySmallPlainData() {
    #expect(MemoryLayout<RequestEvent>.size == RequestEventLayout.size)
    #expect(MemoryLayout<RequestEvent>.stride == RequestEventLayout.size)
    #expect(MemoryLayout<EventQueueEntry<RequestEvent>>.stride == 32)
    #expect(MemoryLayout<RequestMessage>.size == 16)
    #expect(MemoryLayout<ResponseMessage>.size == 24)
    #expect(MemoryLayout<ServerRecord<LedgerEntry>>.stride == 24)
  }

  @Test func transportFailuresKeepTheirTraceCodes() {
    #expect(ResponseStatus.transportFailure(.cannotConnect).traceCode == 1002)
    #expect(ResponseStatus.transportFailure(.dnsFailure).traceCode == 1003)
    #expect(ResponseStatus.transportFailure(.connectionLost).traceCode == 1004)
    #expect(ResponseStatus.http(503).traceCode == 503)
    #expect(!ResponseStatus.transportFailure(.connectionLost).isSuccess)
    #expect(ResponseStatus.http(204).isSuccess)
  }
}
