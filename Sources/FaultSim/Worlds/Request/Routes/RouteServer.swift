/// The server's side of routes: what each request of your code asked for,
/// the ledgers of the write routes, the ids the server assigned, the
/// bodies it answered with, and the counts per route.
///
/// The request world's server carries every request — the network, the
/// gateway, restarts, capacity and processing time are the same for all —
/// and hands a routed one (``RequestMessage/Marks/isRouted``) here at its
/// commit point instead of to its handler. The operation's order route
/// stays with the handler; this only assigns its ids and bodies.
@usableFromInline
struct RouteServer {
  /// One request of your code, as the router matched it when it was sent.
  @usableFromInline
  struct Call {
    /// The route's index; -1 when no route matched.
    var route: Int
    /// The path without its query.
    var resource: String
    /// The path's parameters.
    var parameters: [(name: String, value: String)]
    /// `POST /orders/3/items/1`.
    var label: String
    /// The Idempotency-Key it carries.
    var key: String?
    /// The body's digest.
    var digest: UInt64
  }

  /// What a write route's ledger holds for one resource of one operation.
  struct Entry {
    /// Times the write was applied.
    var applied = 0
    /// The status stored under the key, with its body, key and request
    /// body digest; `nil` when none.
    var stored: (status: Int, body: [UInt8], key: String, digest: UInt64, at: VirtualTime)?
    /// Keyed requests being processed, by key (a client that makes a new
    /// key per attempt can have several at once).
    var inFlight: [String: Int] = [:]
  }

  /// A ledger entry's identity within its operation: the route and the
  /// resource.
  struct EntryKey: Hashable {
    var route: Int
    var resource: String
  }

  /// What the routes hold for one operation, forgotten with it once
  /// nothing can change it.
  struct OperationRoutes {
    /// Its requests, by sequence number.
    var calls: [UInt32: Call] = [:]
    /// Its entries in the write routes' ledgers.
    var entries: [EntryKey: Entry] = [:]
    /// The answers to its requests' deliveries.
    var answers: [DeliveryKey: Answer] = [:]
    /// The id of its applied order (for replays and queries).
    var orderID: Int?
  }

  /// The server's answer to one delivery: the HTTP status the request
  /// world carried, and the status and body your code sees.
  @usableFromInline
  struct Answer {
    var carried: UInt16
    var status: Int
    var body: [UInt8]
  }

  /// The routes.
  let table: RouteTable
  /// The server's idempotency semantics and injected failures.
  let options: ServerOptions
  /// What the routes hold for each operation not yet folded.
  var operations: [Int: OperationRoutes] = [:]
  /// The requests ``operations`` holds: what their size is estimated by.
  var heldCalls = 0
  /// The last id each route assigned.
  var lastID: [Int]
  /// Counts per route.
  var counts: [RouteCounts]
  /// Requests no route matched.
  var unmatched: UInt64 = 0

  /// A delivery's identity within its operation.
  struct DeliveryKey: Hashable {
    var sequence: UInt32
    var copy: UInt8
  }

  /// The server side of `routes` under `options`.
  init(_ table: RouteTable, options: ServerOptions) {
    self.table = table
    self.options = options
    lastID = Array(repeating: 0, count: table.routes.count)
    counts = table.routes.map { RouteCounts(route: $0) }
  }

  /// Empties the ledgers and the counts for a new run, keeping the storage.
  mutating func reset() {
    operations.removeAll(keepingCapacity: true)
    heldCalls = 0
    for index in lastID.indices { lastID[index] = 0 }
    counts = table.routes.map { RouteCounts(route: $0) }
    unmatched = 0
  }

  /// Forgets what the routes hold for `folded` operations: nothing can
  /// reach them any more.
  ///
  /// - Complexity: O(operations folded).
  mutating func forget(_ folded: Range<Int>) {
    guard !operations.isEmpty else { return }
    for operation in folded {
      if let held = operations.removeValue(forKey: operation) { heldCalls -= held.calls.count }
    }
  }

  /// The call of message `sequence` of `operation`.
  func call(_ operation: Int, _ sequence: UInt32) -> Call? {
    operations[operation]?.calls[sequence]
  }

  /// The bytes the routes hold now, estimated: each operation's record,
  /// and for each request its call, an answer and a ledger entry at their
  /// layouts (the text of paths and bodies is not counted).
  ///
  /// - Complexity: O(1).
  var liveBytes: Int {
    operations.capacity &* MemoryLayout<OperationRoutes>.stride
      &+ heldCalls
      &* (MemoryLayout<Call>.stride &+ MemoryLayout<Answer>.stride &+ MemoryLayout<Entry>.stride)
  }

  /// Records what `request` (message `sequence` of `operation`) asks for
  /// and returns its route's behaviour (`nil`: no route matched).
  mutating func record(_ request: TransportRequest, _ operation: Int, _ sequence: UInt32) -> ServerRoute.Behaviour? {
    let match = table.match(method: request.method, path: request.path)
    heldCalls += 1
    operations[operation, default: OperationRoutes()].calls[sequence] = Call(
      route: match?.route ?? -1, resource: match?.resource ?? request.path, parameters: match?.parameters ?? [],
      label: request.description, key: request.headers["Idempotency-Key"], digest: BodyDigest.of(request.body))
    return match.map { table.routes[$0.route].behaviour }
  }

  /// How the trace names the route of message `sequence` of `operation`.
  func routeLabel(_ operation: Int, _ sequence: UInt32) -> String {
    guard let call = call(operation, sequence) else { return "" }
    return call.route < 0 ? " (no route)" : " (route \(table.routes[call.route]))"
  }

  // MARK: The server

  /// 409 for a keyed write whose key is still being processed, when keys
  /// are honoured and `server.inFlightKey` is `conflict`; `nil` otherwise.
  mutating func refuseWhileInFlight(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> ResponseMessage? {
    guard options.keys == .honour, options.inFlightKey == .conflict,
      let call = call(Int(request.operation), request.sequence), call.route >= 0, let key = call.key,
      let entry = operations[Int(request.operation)]?.entries[EntryKey(route: call.route, resource: call.resource)],
      entry.inFlight[key, default: 0] > 0
    else { return nil }
    counts[call.route].conflicts &+= 1
    context.trace(
      RequestActor.server, "409: key in flight on route \(table.routes[call.route])",
      "op=\(request.operation) seq=\(request.sequence)")
    return answer(request, 409, body: [])
  }

  /// A worker takes up a routed request: a keyed write is in flight.
  mutating func beginProcessing(_ request: RequestMessage) {
    let operation = Int(request.operation)
    guard let call = call(operation, request.sequence), call.route >= 0, let key = call.key,
      table.routes[call.route].behaviour != .read
    else { return }
    let entryKey = EntryKey(route: call.route, resource: call.resource)
    operations[operation, default: OperationRoutes()].entries[entryKey, default: Entry()].inFlight[key, default: 0] += 1
  }

  /// The answer to a routed request at its commit point.
  mutating func serve(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>) -> ResponseMessage {
    let operation = Int(request.operation)
    guard let call = call(operation, request.sequence) else {
      return answer(request, 500, body: [])
    }
    guard call.route >= 0 else {
      unmatched &+= 1
      context.trace(
        RequestActor.server, "404: no route for \(call.label) in server.routes (\(table.summary))", "op=\(operation)")
      return answer(request, 404, body: [])
    }
    let route = table.routes[call.route]
    counts[call.route].requests &+= 1
    if route.behaviour == .read {
      context.trace(RequestActor.server, "route \(route): read \(call.label)", "op=\(operation)")
      return answer(request, route.successStatus, body: render(route, id: 0, call))
    }
    let entryKey = EntryKey(route: call.route, resource: call.resource)
    var entry = operations[operation]?.entries[entryKey] ?? Entry()
    defer { operations[operation, default: OperationRoutes()].entries[entryKey] = entry }
    if let key = call.key, let processing = entry.inFlight[key] {
      entry.inFlight[key] = processing > 1 ? processing - 1 : nil
    }
    if context.fault(options.rejection, RequestDraw.rejection.key(request.delivery)) {
      context.trace(RequestActor.server, "reject \(options.rejectionStatus) on route \(route)", "op=\(operation)")
      return answer(request, options.rejectionStatus, body: [])
    }
    if context.fault(options.throttling, RequestDraw.throttling.key(request.delivery)) {
      context.trace(RequestActor.server, "429: throttled on route \(route)", "op=\(operation)")
      return answer(request, 429, body: [])
    }
    let key = options.keys == .honour ? call.key : nil
    if let key, let stored = entry.stored, stored.key == key {
      if keyStillValid(storedAt: stored.at, now: context.now) {
        if call.digest != stored.digest {
          counts[call.route].payloadMismatches &+= 1
          context.trace(RequestActor.server, "422: same key, different payload on route \(route)", "op=\(operation)")
          return answer(request, 422, body: [])
        }
        counts[call.route].replays &+= 1
        context.trace(
          RequestActor.server, "replay stored \(stored.status) for the key on route \(route)", "op=\(operation)")
        return answer(request, stored.status, body: stored.body)
      }
      context.trace(RequestActor.server, "key expired: apply again on route \(route)", "op=\(operation)")
      entry.stored = nil
    }
    if context.fault(options.failureBeforeCommit, RequestDraw.failureBeforeCommit.key(request.delivery)) {
      context.trace(RequestActor.server, "\(options.failureStatus) before commit on route \(route)", "op=\(operation)")
      if let key, options.storesErrors {
        entry.stored = (options.failureStatus, [], key, call.digest, context.now)
      }
      return answer(request, options.failureStatus, body: [])
    }
    entry.applied += 1
    lastID[call.route] += 1
    counts[call.route].applied &+= 1
    if route.behaviour == .write && entry.applied == 2 { counts[call.route].duplicated &+= 1 }
    context.trace(
      RequestActor.server, "route \(route): apply \(call.label)",
      "op=\(operation) applied=\(entry.applied) id=\(lastID[call.route])")
    let body = render(route, id: lastID[call.route], call)
    if context.fault(options.failureAfterCommit, RequestDraw.failureAfterCommit.key(request.delivery)) {
      context.trace(RequestActor.server, "\(options.failureStatus) after commit on route \(route)", "op=\(operation)")
      if let key {
        entry.stored =
          options.storesErrors
          ? (options.failureStatus, [], key, call.digest, context.now)
          : (route.successStatus, body, key, call.digest, context.now)
      }
      return answer(request, options.failureStatus, body: [])
    }
    if let key { entry.stored = (route.successStatus, body, key, call.digest, context.now) }
    return answer(request, route.successStatus, body: body)
  }

  /// The handler answered a request of the order route: a new application
  /// gets the route's next id, a write's success gets the route's status
  /// and body (a replay the stored id's), and a query about an applied
  /// order the body. Returns the answer as it leaves the server.
  mutating func orderServed(
    _ request: RequestMessage, _ response: ResponseMessage, applied: Int, before: Int
  ) -> ResponseMessage {
    let operation = Int(request.operation)
    guard let call = call(operation, request.sequence), call.route >= 0, case .http(let code) = response.status
    else { return response }
    let route = table.routes[call.route]
    counts[call.route].requests &+= 1
    if applied > before {
      lastID[call.route] += 1
      operations[operation, default: OperationRoutes()].orderID = lastID[call.route]
      counts[call.route].applied &+= UInt64(applied - before)
      if before < 2 && applied >= 2 { counts[call.route].duplicated &+= 1 }
    }
    guard (200..<300).contains(code), let id = operations[operation]?.orderID else { return response }
    let key = DeliveryKey(sequence: request.sequence, copy: request.deliveryCopy)
    if request.kind == .query {
      operations[operation, default: OperationRoutes()].answers[key] = Answer(
        carried: code, status: Int(code), body: render(route, id: id, call))
      return response
    }
    var answered = response
    answered.status = .http(UInt16(route.successStatus))
    operations[operation, default: OperationRoutes()].answers[key] = Answer(
      carried: UInt16(route.successStatus), status: route.successStatus, body: render(route, id: id, call))
    return answered
  }

  /// What your code sees of the server's answer `response`: the status
  /// and body the route gave it, or `nil` when the answer is not the
  /// server's (a gateway's 504) or not a route's.
  func answer(for response: ResponseMessage, carried code: UInt16) -> Answer? {
    guard
      let answer = operations[Int(response.operation)]?.answers[
        DeliveryKey(sequence: response.sequence, copy: response.copy)],
      answer.carried == code
    else { return nil }
    return answer
  }

  /// The response carrying `status`, with its body kept for your code.
  mutating func answer(_ request: RequestMessage, _ status: Int, body: [UInt8]) -> ResponseMessage {
    let code = UInt16(clamping: status)
    operations[Int(request.operation), default: OperationRoutes()].answers[
      DeliveryKey(sequence: request.sequence, copy: request.deliveryCopy)] = Answer(
        carried: code, status: status, body: body)
    var content = ResponseMessage.Content.none
    switch status {
    case 429: content = .retryAfter(options.throttleRetryAfter)
    case 503:
      if let capacity = options.capacity {
        content = .retryAfter(capacity.retryAfter)
      } else if let delay = options.failureRetryAfter {
        content = .retryAfter(delay)
      }
    default: break
    }
    return ResponseMessage(answering: request, status: code, content: content)
  }

  /// Whether a key stored at `storedAt` is still remembered `now`
  /// (`server.keyTTL`, on the server's clock).
  func keyStillValid(storedAt: VirtualTime, now: VirtualTime) -> Bool {
    guard let ttl = options.keyTTL, let expiry = try? storedAt + options.clock.realDuration(ttl) else { return true }
    return now < expiry
  }

  /// The route's body template with `{id}` and the path's parameters
  /// filled in, as UTF-8.
  func render(_ route: ServerRoute, id: Int, _ call: Call) -> [UInt8] {
    let template = route.bodyTemplate
    guard template.contains("{") else { return Array(template.utf8) }
    var text = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      text += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      let name = rest[rest.index(after: open)..<close]
      if name.contains("{") {
        // A JSON object's brace, not a placeholder.
        text += "{"
        rest = rest[rest.index(after: open)...]
        continue
      }
      if name == "id" {
        text += String(id)
      } else if let value = call.parameters.first(where: { $0.name == name })?.value {
        text += value
      } else {
        text += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    text += rest
    return Array(text.utf8)
  }
}
