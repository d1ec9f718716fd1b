/// Your code's client on a server with routes: each request is matched to
/// its route when it leaves, and the route's status and body come back
/// with its answer.
extension CodeClient {
  /// Whether the server has routes.
  @inlinable
  var hasRoutes: Bool { mutating get { hasRouteServer } }

  /// Empties the routes' ledgers for a new run.
  @usableFromInline
  mutating func resetRoutes() {
    routing?.reset()
  }

  /// The request world's message for `request` on a server with routes,
  /// and whether it writes (an app kill can interrupt only a write). A
  /// request of the order route is the order's message as without routes;
  /// any other is marked routed, its key and body kept by the routes.
  @usableFromInline
  mutating func routedMessage(
    for request: TransportRequest, _ operation: Int, _ sequence: UInt32
  ) -> (RequestMessage, isWrite: Bool) {
    let behaviour = routing?.record(request, operation, sequence)
    if behaviour == .order {
      let message = clients.message(for: request, operation, sequence)
      return (message, message.kind == .write)
    }
    var message = RequestMessage(
      operation: UInt32(operation), sequence: sequence, kind: .read,
      key: request.headers["Idempotency-Key"] == nil ? .none : .stable)
    message.marks.isRouted = true
    message.marks.isRoutedWrite = behaviour == .write
    message.marks.isRoutedWriteCall = behaviour == .write || behaviour == .idempotentWrite
    return (message, behaviour == .write || behaviour == .idempotentWrite)
  }

  /// ` (route POST /orders)` for a request's trace line.
  @usableFromInline
  func routeLabel(_ request: RequestMessage) -> String {
    routing?.routeLabel(Int(request.operation), request.sequence) ?? ""
  }

  /// The route's status and body for the server's answer `response`.
  @usableFromInline
  func routedAnswer(_ answer: inout TransportResponse, _ response: ResponseMessage, _ code: UInt16) {
    guard let routed = routing?.answer(for: response, carried: code) else { return }
    answer.status = routed.status
    answer.body = routed.body
  }

  /// 409 for a routed request whose key is in flight on its route.
  @usableFromInline
  mutating func refuseRouted(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> ResponseMessage? {
    routing?.refuseWhileInFlight(request, &context)
  }

  /// A worker takes up a routed request.
  @usableFromInline
  mutating func routedProcessingBegins(_ request: RequestMessage) {
    routing?.beginProcessing(request)
  }

  /// The route's answer at the commit point.
  @usableFromInline
  mutating func serveRouted(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> ResponseMessage {
    routing?.serve(request, &context) ?? ResponseMessage(answering: request, status: 500)
  }

  /// Assigns the order's id and body.
  @usableFromInline
  mutating func orderServed(
    _ request: RequestMessage, _ response: ResponseMessage, applied: Int, before: Int
  ) -> ResponseMessage {
    routing?.orderServed(request, response, applied: applied, before: before) ?? response
  }

  /// Forgets what the routes hold for the `folded` operations.
  @usableFromInline
  mutating func forgetRoutes(_ folded: Range<Int>) {
    routing?.forget(folded)
    serverCode?.forget(folded)
  }

  /// The bytes the routes, your server and the app's database hold now.
  @usableFromInline
  var codeBytes: Int {
    (routing?.liveBytes ?? 0) &+ (serverCode?.liveBytes ?? 0) &+ (appDatabase?.heldBytes ?? 0)
  }

  /// The run's counts per route; `nil` without routes.
  @usableFromInline
  var routeMetrics: RouteMetrics? {
    routing.map { RouteMetrics(routes: $0.counts, unmatched: $0.unmatched) }
  }
}
