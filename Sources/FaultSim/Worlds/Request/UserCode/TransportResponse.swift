/// An HTTP response as an ``HTTPTransport`` returns it: any status,
/// successful or not (a transport throws only when there is no response).
public struct TransportResponse: Hashable, Sendable, CustomStringConvertible {
  /// The status code: 200, 409, 503, …
  public var status: Int
  /// The header fields (`Retry-After` on a 429 or 503, `ETag` on a read).
  public var headers: TransportHeaders
  /// The body.
  public var body: [UInt8]
  /// The wait a `Retry-After` HTTP date means on the device's clock, as the
  /// simulated device read it when the response arrived.
  @usableFromInline
  var dateWait: Duration?

  /// A response; see the properties for each argument.
  public init(status: Int, headers: TransportHeaders = [:], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response with a UTF-8 text body (JSON, say).
  public init(status: Int, headers: TransportHeaders = [:], text: String) {
    self.init(status: status, headers: headers, body: Array(text.utf8))
  }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { (200..<300).contains(status) }

  /// The body as UTF-8 text (a route's JSON, say), invalid bytes replaced.
  public var text: String { String(decoding: body, as: UTF8.self) }

  /// The `Retry-After` header as a duration: a number of seconds, or — for
  /// an HTTP date in a response of the simulation — the time from the
  /// device's clock reading when the response arrived until that date (so
  /// a device clock that runs behind the server's waits longer, as a real
  /// device does; `client.clock`).
  public var retryAfter: Duration? {
    guard let text = headers["Retry-After"] else { return nil }
    if let seconds = Int(text) { return seconds >= 0 ? .seconds(seconds) : nil }
    return dateWait
  }

  /// `200`, `503 (Retry-After: 2)`.
  public var description: String {
    headers["Retry-After"].map { "\(status) (Retry-After: \($0))" } ?? "\(status)"
  }
}
