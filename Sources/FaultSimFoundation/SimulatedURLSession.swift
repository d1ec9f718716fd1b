import FaultSim
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `URLSession`'s `data(for:)` over a simulation's transport: code written
/// against a `(URLRequest) async throws -> (Data, URLResponse)` function, or
/// a protocol that `URLSession` conforms to, runs unchanged under the
/// scenario's network, clock and faults.
///
/// ```swift
/// import FaultSim
/// import FaultSimFoundation
/// import Foundation
/// #if canImport(FoundationNetworking)
///   import FoundationNetworking
/// #endif
///
/// protocol DataLoading: Sendable {
///   func data(for request: URLRequest) async throws -> (Data, URLResponse)
/// }
/// extension SimulatedURLSession: DataLoading {}
///
/// func placeOrder(_ order: Int, with loader: some DataLoading) async -> ClientOutcome {
///   var request = URLRequest(url: URL(string: "https://shop.example/orders")!)
///   request.httpMethod = "POST"
///   request.setValue("order-\(order)", forHTTPHeaderField: "Idempotency-Key")
///   request.httpBody = Data("order=\(order)".utf8)
///   for _ in 1...3 {
///     do {
///       let (_, response) = try await loader.data(for: request)
///       if (response as? HTTPURLResponse)?.statusCode == 201 { return .succeeded }
///     } catch let error as URLError where error.code == .timedOut {
///       continue  // it may have been applied: retry with the same key
///     } catch {
///       return .uncertain
///     }
///   }
///   return .uncertain
/// }
///
/// let world = try Scenario.shipped("checkout-reference").requestWorld { client in
///   await placeOrder(client.operation, with: client.urlSession)
/// }
/// ```
///
/// How a `URLRequest` becomes a request of the simulation:
/// - the method (`GET` when unset), the URL's path and query (the scheme
///   and host name the simulated server: there is one), the header fields
///   (sorted by name: `URLRequest` keeps them in a dictionary, whose order
///   is not the same from process to process), and `httpBody`;
/// - the timeout: a request whose `timeoutInterval` is `URLRequest`'s
///   default (60 s) waits for the scenario's `client.timeout`, as a request
///   waits for its session's `timeoutIntervalForRequest`; any other
///   `timeoutInterval` is the request's own.
///
/// The response is an `HTTPURLResponse` of the request's URL with the
/// status, header fields and body the simulated server sent. A request that
/// gets no response throws `URLError` with the code of the same name as the
/// simulation's (`.timedOut`, `.notConnectedToInternet`,
/// `.networkConnectionLost`, `.cannotConnectToHost`, `.cannotFindHost`),
/// and `URLError(.cancelled)` when the task is cancelled (as when the app is
/// killed). Code that escapes the simulation still gets the simulation's
/// error, never a `URLError` that a retry loop would swallow.
public struct SimulatedURLSession: Sendable {
  /// The operation's transport that requests are sent through.
  public let transport: SimulatedTransport

  /// A session over `transport` (usually `client.urlSession`).
  public init(transport: SimulatedTransport) {
    self.transport = transport
  }

  /// Sends `request` through the simulated network, as
  /// `URLSession.data(for:)` does through the real one.
  ///
  /// - Throws: `URLError` when no response arrives or the task is
  ///   cancelled; ``URLRequestConversionError`` when the request cannot be
  ///   sent as it is (no URL, a body stream); the simulation's own errors
  ///   when the code escaped it.
  public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    let simulated = try TransportRequest(request)
    let url = request.url ?? URL(fileURLWithPath: "/")
    do {
      let response = try await transport.send(simulated)
      return (Data(response.body), try response.urlResponse(for: url))
    } catch let error as TransportError {
      throw URLError(error, url: url)
    } catch is CancellationError {
      throw URLError(.cancelled, userInfo: [NSURLErrorFailingURLErrorKey: url])
    }
  }

  /// Sends a `GET` of `url`, as `URLSession.data(from:)` does.
  ///
  /// - Throws: as ``data(for:)``.
  public func data(from url: URL) async throws -> (Data, URLResponse) {
    try await data(for: URLRequest(url: url))
  }

  /// Sends `request` with `bodyData` as its body, as
  /// `URLSession.upload(for:from:)` does.
  ///
  /// - Throws: as ``data(for:)``.
  public func upload(for request: URLRequest, from bodyData: Data) async throws -> (Data, URLResponse) {
    var request = request
    request.httpBody = bodyData
    return try await data(for: request)
  }
}

extension SimulatedClient {
  /// The operation's transport as a `URLSession`: `data(for:)`,
  /// `data(from:)` and `upload(for:from:)` with `URLRequest`, `URLResponse`
  /// and `URLError`.
  public var urlSession: SimulatedURLSession { SimulatedURLSession(transport: transport) }
}
