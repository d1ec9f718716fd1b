/// The router's view of the path: where a request goes after the client's
/// link, and where the server's replies go. Each hop receives through one
/// verb — the gateway's ``RequestGateway/receive(_:)``, the server's
/// ``RequestServer/receive(_:_:)`` — and the router hands a message on to
/// the hop next to the one that sent it, so the features of every hop
/// (duplicates, reordering, partitions, restarts, the gateway's retries)
/// compose.
extension RequestWorldModel {
  /// A request reaches `hop`.
  @inlinable
  @inline(__always)
  mutating func receive(
    _ request: RequestMessage, at hop: RequestHop, _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) {
    switch hop {
    case .gateway: try gatewayReceives(request, &context)
    case .server: try deliver(request, &context)
    }
  }

  /// The server replies to `request` through the hop in front of it: the
  /// gateway, or the client's link.
  ///
  /// - Parameter failure: When a failure of the connection stands in for
  ///   the answer (refused, reset at a restart): the reply is then no
  ///   message on the link, and the client (or the gateway) learns of it at
  ///   that instant. `nil` for an answer the server sends now.
  @inlinable
  @inline(__always)
  mutating func reply(
    _ response: ResponseMessage, to request: RequestMessage, failingAt failure: VirtualTime? = nil,
    _ context: inout SimulationContext<RequestEvent>
  ) throws(SimulationError) {
    switch firstHop {
    case .gateway:
      try returnToGateway(response, to: request, sentAt: failure, &context)
    case .server:
      guard let failure else {
        try send(response, &context)
        return
      }
      try armTimeout(Int(request.operation), request.sequence, ifReachedBy: failure, &context)
      try context.schedule(.respond(response), at: failure)
    }
  }
}
