/// The router's part for a server with routes: a routed request crosses
/// the same network, gateway and server mechanics as the order, and is
/// answered by the route's ledger (``RouteServer``) instead of the handler.
extension RequestWorldModel {
  /// A routed request reaches the server: 409 if its key is in flight on
  /// its route, else admitted as any request (restarts, capacity).
  @inlinable
  mutating func deliverRouted(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>)
    throws(SimulationError)
  {
    let operation = Int(request.operation)
    if let refusal = client.refuseRouted(request, &context) {
      server.countRefusedRouted(request)
      client.requestAnswered(operation)
      try answer(server.dating.dated(refusal, now: context.now), to: request, &context)
      return
    }
    try admit(server.receiveRouted(request, &context), request, &context)
  }

  /// The commit point of a request on a server with routes: a routed one
  /// is answered by its route, one of the order route by the handler (its
  /// id and body assigned after).
  @inlinable
  mutating func completeRouted(
    _ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> ResponseMessage {
    if request.marks.isRouted {
      return server.dating.dated(client.serveRouted(request, &context), now: context.now)
    }
    let operation = Int(request.operation)
    let before = server.applied(operation)
    let response = server.complete(request, &context)
    return client.orderServed(request, response, applied: server.applied(operation), before: before)
  }
}
