import FaultSim
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension TransportRequest {
  /// `URLRequest`'s default `timeoutInterval`: a request that keeps it
  /// waits for the session's timeout (the scenario's `client.timeout`).
  static let defaultURLRequestTimeout: TimeInterval = 60

  /// The simulation's request for `request`: its method (`GET` when
  /// unset), its URL's path and query, its header fields sorted by name,
  /// its body, and its own timeout unless it is `URLRequest`'s default.
  ///
  /// - Throws: ``URLRequestConversionError`` for a request without a URL or
  ///   with a body stream (send the body as `httpBody`, or with
  ///   `upload(for:from:)`).
  /// - Complexity: O(header fields × log header fields + body).
  init(_ request: URLRequest) throws {
    guard let url = request.url else {
      throw URLRequestConversionError("a URLRequest without a URL cannot be sent")
    }
    guard request.httpBodyStream == nil else {
      throw URLRequestConversionError(
        "\(request.httpMethod ?? "GET") \(url.absoluteString) has an httpBodyStream, whose bytes the "
          + "simulation cannot read deterministically: set httpBody, or use upload(for:from:)")
    }
    var target = url.path.isEmpty ? "/" : url.path
    if let query = url.query { target += "?" + query }
    var headers: TransportHeaders = [:]
    let fields = (request.allHTTPHeaderFields ?? [:]).sorted {
      ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key)
    }
    for (name, value) in fields { headers[name] = value }
    let timeout: Duration? =
      request.timeoutInterval == Self.defaultURLRequestTimeout || request.timeoutInterval <= 0
      ? nil : .nanoseconds(Int64((request.timeoutInterval * 1e9).rounded()))
    self.init(
      method: request.httpMethod ?? "GET", path: target, headers: headers, body: Array(request.httpBody ?? Data()),
      timeout: timeout)
  }
}

extension TransportResponse {
  /// The `HTTPURLResponse` of `url` that this response stands for: its
  /// status and header fields (fields of one name joined with `, `, as HTTP
  /// allows).
  ///
  /// - Throws: ``URLRequestConversionError`` when Foundation refuses the
  ///   status code.
  /// - Complexity: O(header fields²); a response has a handful.
  func urlResponse(for url: URL) throws -> HTTPURLResponse {
    var fields: [String: String] = [:]
    for (name, value) in headers {
      if let existing = fields.first(where: { $0.key.lowercased() == name.lowercased() }) {
        fields[existing.key] = existing.value + ", " + value
      } else {
        fields[name] = value
      }
    }
    guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)
    else {
      throw URLRequestConversionError("Foundation refuses the status \(status) for \(url.absoluteString)")
    }
    return response
  }
}

extension URLError {
  /// The `URLError` of the same name as `error`'s code, for `url`.
  init(_ error: TransportError, url: URL) {
    let code: URLError.Code =
      switch error.code {
      case .timedOut: .timedOut
      case .notConnectedToInternet: .notConnectedToInternet
      case .networkConnectionLost: .networkConnectionLost
      case .cannotConnectToHost: .cannotConnectToHost
      case .cannotFindHost: .cannotFindHost
      }
    self.init(code, userInfo: [NSURLErrorFailingURLErrorKey: url])
  }
}
