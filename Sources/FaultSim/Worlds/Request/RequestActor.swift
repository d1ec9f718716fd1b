/// The names the request world's actors go by in traces: `client#17` for
/// an operation's client, `server`, and the network between them draws the
/// messages from one to the other.
@usableFromInline
enum RequestActor {
  /// The server.
  @usableFromInline
  static let server = "server"

  /// The gateway between the clients and the server.
  @usableFromInline
  static let gateway = "gateway"

  /// `client#17`: the client of an operation.
  @usableFromInline
  static func client(_ operation: Int) -> String { "client#\(operation)" }
}
