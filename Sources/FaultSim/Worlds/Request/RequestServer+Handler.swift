/// The server's request handler: the decisions a user's own handler would
/// replace — what a repeated idempotency key gets (409 while in flight, the
/// stored result, 422 for a different body, a fresh application after the
/// key expired), what a stale `If-Match` gets (412), which failures are
/// injected, and which headers a response carries.
///
/// It reads only the request and the ledger, and answers with a
/// ``ResponseMessage``; the mechanics in ``RequestServer`` decide when it
/// runs.
extension RequestServer {
  /// A keyed write whose key is still being processed: 409, or — when the
  /// processing commits within the race window — held until the commit
  /// (the retry-vs-commit race). `nil` when the key is not in flight.
  @inline(__always)
  mutating func answerKeyInFlight(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> Reception? {
    let operation = Int(request.operation)
    guard request.carriesKey, options.keys == .honour, options.inFlightKey == .conflict,
      ledger[operation].inFlight > 0
    else { return nil }
    let commit = ledger[operation].inFlightUntil
    let now = context.now
    if !request.heldUntilCommit, commit >= now, commit.distance(to: now) <= raceWindow {
      let commitFirst =
        context.choose(
          race: RequestDraw.retryVsCommit.key(operation, request.sequence), label: RequestDraw.retryVsCommit.name,
          alternatives: ["arrival first", "commit first"]) == 1
      if commitFirst {
        // The held request arrives again at the commit and is counted then.
        requests &-= 1
        writeCalls &-= 1
        var held = request
        held.heldUntilCommit = true
        return .hold(held, until: commit)
      }
    }
    context.trace(RequestActor.server, "409: key in flight", "op=\(operation) seq=\(request.sequence)")
    return .answer(reply(to: request, 409))
  }

  /// The ledger's answer to one request at its commit point.
  mutating func serve(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>) -> ResponseMessage {
    let operation = Int(request.operation)
    let sequence = request.sequence
    let resource = contention.map { operation % $0.resources }
    switch request.kind {
    case .read:
      return reply(to: request, 200, content: resource.map { .version(versions[$0]) } ?? .none)
    case .query:
      return reply(to: request, 200, content: .writeApplied(ledger[operation].applied > 0))
    case .write:
      break
    }
    if context.fault(options.rejection, RequestDraw.rejection.key(operation, sequence)) {
      context.trace(RequestActor.server, "reject \(options.rejectionStatus)", "op=\(operation)")
      return reply(to: request, UInt16(options.rejectionStatus))
    }
    if context.fault(options.throttling, RequestDraw.throttling.key(operation, sequence)) {
      context.trace(RequestActor.server, "429: throttled", "op=\(operation)")
      return reply(to: request, 429)
    }
    let keyed = request.carriesKey && options.keys == .honour
    if keyed, let stored = ledger[operation].storedStatus {
      if keyStillValid(operation, sequence, &context) {
        if request.payload != ledger[operation].storedPayload {
          context.trace(RequestActor.server, "422: same key, different payload", "op=\(operation)")
          return reply(to: request, 422)
        }
        context.trace(RequestActor.server, "replay stored \(stored) for the key", "op=\(operation)")
        return reply(to: request, stored)
      }
      context.trace(RequestActor.server, "key expired: apply again", "op=\(operation)")
      ledger[operation].storedStatus = nil
    }
    if let resource, request.ifMatch != versions[resource] {
      context.trace(RequestActor.server, "412: stale version", "op=\(operation) resource=\(resource)")
      return reply(to: request, 412)
    }
    let failureStatus = UInt16(options.failureStatus)
    if context.fault(options.failureBeforeCommit, RequestDraw.failureBeforeCommit.key(operation, sequence)) {
      context.trace(RequestActor.server, "\(failureStatus) before commit", "op=\(operation)")
      if keyed && options.storesErrors { storeKey(operation, failureStatus, request.payload, context.now) }
      return reply(to: request, failureStatus)
    }
    ledger[operation].applied &+= 1
    if let resource { versions[resource] &+= 1 }
    context.trace(RequestActor.server, "apply", "op=\(operation) applied=\(ledger[operation].applied)")
    if context.fault(options.failureAfterCommit, RequestDraw.failureAfterCommit.key(operation, sequence)) {
      context.trace(RequestActor.server, "\(failureStatus) after commit", "op=\(operation)")
      if keyed { storeKey(operation, options.storesErrors ? failureStatus : 200, request.payload, context.now) }
      return reply(to: request, failureStatus)
    }
    if keyed { storeKey(operation, 200, request.payload, context.now) }
    return reply(to: request, 200)
  }

  /// Stores a result under the operation's key.
  mutating func storeKey(_ operation: Int, _ status: UInt16, _ payload: PayloadDigest, _ now: VirtualTime) {
    ledger[operation].storedStatus = status
    ledger[operation].storedPayload = payload
    ledger[operation].keyStoredAt = now
  }

  /// Whether the operation's stored key is still remembered now; a request
  /// close to the expiry instant races with it.
  mutating func keyStillValid(
    _ operation: Int, _ sequence: UInt32, _ context: inout SimulationContext<RequestEvent>
  ) -> Bool {
    // A lifetime past the clock's end never expires.
    guard let ttl = options.keyTTL, let expiry = try? ledger[operation].keyStoredAt + ttl else { return true }
    let now = context.now
    let valid = now < expiry
    guard now.distance(to: expiry) <= raceWindow else { return valid }
    let flipped =
      context.choose(
        race: RequestDraw.retryVsKeyExpiry.key(operation, sequence), label: RequestDraw.retryVsKeyExpiry.name,
        alternatives: valid
          ? ["retry first (key valid)", "expiry first"] : ["expiry first", "retry first (key valid)"]
      ) == 1
    return flipped ? !valid : valid
  }

  /// A response to `request` with an HTTP status, carrying the Retry-After
  /// this server sends with it: every 429 carries
  /// ``ServerOptions/throttleRetryAfter``, and with a capacity every 503
  /// carries ``ServerOptions/Capacity/retryAfter``.
  @inline(__always)
  func reply(
    to request: RequestMessage, _ status: UInt16, content: ResponseMessage.Content = .none
  ) -> ResponseMessage {
    var content = content
    switch status {
    case 429: content = .retryAfter(options.throttleRetryAfter)
    case 503: if let capacity = options.capacity { content = .retryAfter(capacity.retryAfter) }
    default: break
    }
    return ResponseMessage(
      operation: request.operation, sequence: request.sequence, status: .http(status), content: content)
  }
}
