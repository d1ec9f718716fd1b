/// A request as your server code receives it: what the client sent, after
/// the network, the gateway and the server's workers carried it.
///
/// Every copy of a request is a request of its own: a retry, a network
/// duplicate, or a gateway's second try reaches your handler again, as it
/// would reach a real server.
public struct ServerRequest: Hashable, Sendable, CustomStringConvertible {
  /// `GET`, `POST`, `PUT`, …, as the client wrote it.
  public var method: String
  /// The path, with its query.
  public var path: String
  /// The request's header fields (`Idempotency-Key`, `Authorization`, …).
  public var headers: TransportHeaders
  /// The body.
  public var body: [UInt8]

  /// A request; see the properties for each argument.
  public init(method: String, path: String, headers: TransportHeaders = [:], body: [UInt8] = []) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
  }

  /// The request the client sent as `request`.
  init(_ request: TransportRequest) {
    self.init(method: request.method, path: request.path, headers: request.headers, body: request.body)
  }

  /// The body as UTF-8 text.
  public var text: String { String(decoding: body, as: UTF8.self) }

  /// The path without its query.
  ///
  /// - Complexity: O(the path's length), over its UTF-8 bytes (a scan by
  ///   `Character` would cost a grapheme break check per character).
  public var route: Substring {
    guard let query = path.utf8.firstIndex(of: UInt8(ascii: "?")) else { return path[...] }
    return path[..<query]
  }

  /// `POST /orders`.
  public var description: String { "\(method) \(path)" }
}
