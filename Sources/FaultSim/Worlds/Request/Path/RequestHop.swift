/// A stop on a request's way: client → link → [gateway → link] → server,
/// and back the same way. The client's link carries a request to the
/// first hop, and each hop hands what it sends on to the next one; the
/// router asks the path which hop that is instead of asking whether a
/// gateway exists.
@usableFromInline
enum RequestHop: UInt8, Sendable {
  /// The gateway in front of the server: it sends each request it receives
  /// upstream as tries of its own.
  case gateway
  /// The server: it answers what reaches it.
  case server

  /// The first hop of a world with or without a gateway.
  @inlinable
  init(gatewayInFront: Bool) {
    self = gatewayInFront ? .gateway : .server
  }

  /// What the trace calls the hop.
  @inlinable
  var actor: String {
    switch self {
    case .gateway: RequestActor.gateway
    case .server: RequestActor.server
    }
  }

  /// The event of `request` reaching this hop.
  @inlinable
  @inline(__always)
  func arrival(of request: RequestMessage) -> RequestEvent {
    switch self {
    case .gateway: .reachGateway(request)
    case .server: .arrive(request)
    }
  }
}
