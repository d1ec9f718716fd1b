/// What your code sends HTTP requests through: the one seam a testable
/// networking layer has anyway. In the app it is a few lines over
/// `URLSession`; under simulation it is a ``SimulatedTransport`` whose
/// requests cross FaultSim's lossy network to a simulated server.
///
/// ```swift
/// // In the app (illustrative: URLSession is not part of FaultSim):
/// // struct URLSessionTransport: HTTPTransport {
/// //   func send(_ request: TransportRequest) async throws -> TransportResponse { … session.data(for:) … }
/// // }
/// struct OrderService<Transport: HTTPTransport> {
///   let transport: Transport
///   func place(_ order: Int) async throws -> TransportResponse {
///     try await transport.send(TransportRequest(method: "POST", path: "/orders", text: "order=\(order)"))
///   }
/// }
/// ```
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response, whatever its status.
  ///
  /// - Throws: ``TransportError`` when no response arrives: a timeout, no
  ///   connectivity, a connection that failed or dropped, a name that does
  ///   not resolve (the `URLError` codes of the same names).
  func send(_ request: TransportRequest) async throws -> TransportResponse
}

/// A request that got no response, as `URLError` reports it: the codes a
/// retry loop tells apart.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong; the cases are `URLError.Code`'s of the same names.
  public enum Code: String, Hashable, Sendable {
    /// No response within the request's timeout: it may have been applied.
    case timedOut
    /// The device is offline: the request was never sent.
    case notConnectedToInternet
    /// The connection dropped after the request was sent: it may have been
    /// applied.
    case networkConnectionLost
    /// The connection could not be made: the request was never sent.
    case cannotConnectToHost
    /// The host name did not resolve: the request was never sent.
    case cannotFindHost
  }

  /// What went wrong.
  public var code: Code

  /// An error of `code`.
  public init(_ code: Code) {
    self.code = code
  }

  /// Whether the request provably never reached the server.
  public var provesNotSent: Bool {
    switch code {
    case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost: true
    case .timedOut, .networkConnectionLost: false
    }
  }

  /// `timedOut`.
  public var description: String { code.rawValue }
}
