/// What your server code answers: a status, header fields and a body, as
/// the client's transport will see them (unless the network loses the
/// answer, or a gateway answers first).
public struct ServerResponse: Hashable, Sendable, CustomStringConvertible {
  /// The HTTP status.
  public var status: Int
  /// The header fields (`Retry-After`, `Content-Type`, …).
  public var headers: TransportHeaders
  /// The body.
  public var body: [UInt8]

  /// A response; see the properties for each argument.
  public init(status: Int, headers: TransportHeaders = [:], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response whose body is `text`, in UTF-8.
  public init(status: Int, headers: TransportHeaders = [:], text: String) {
    self.init(status: status, headers: headers, body: Array(text.utf8))
  }

  /// The body as UTF-8 text.
  public var text: String { String(decoding: body, as: UTF8.self) }

  /// `201`, or `503 (Retry-After: 2)`.
  public var description: String {
    headers["Retry-After"].map { "\(status) (Retry-After: \($0))" } ?? "\(status)"
  }
}
