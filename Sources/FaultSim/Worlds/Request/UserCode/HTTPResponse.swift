/// An HTTP response as an ``HTTPTransport`` returns it: any status,
/// successful or not (a transport throws only when there is no response).
public struct HTTPResponse: Hashable, Sendable, CustomStringConvertible {
  /// The status code: 200, 409, 503, …
  public var status: Int
  /// The header fields (`Retry-After` on a 429 or 503, `ETag` on a read).
  public var headers: HTTPHeaders
  /// The body.
  public var body: [UInt8]

  /// A response; see the properties for each argument.
  public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { (200..<300).contains(status) }

  /// The `Retry-After` header as a duration, when it is a number of
  /// seconds.
  public var retryAfter: Duration? {
    guard let text = headers["Retry-After"], let seconds = Int(text), seconds >= 0 else { return nil }
    return .seconds(seconds)
  }

  /// `200`, `503 (Retry-After: 2)`.
  public var description: String {
    headers["Retry-After"].map { "\(status) (Retry-After: \($0))" } ?? "\(status)"
  }
}
