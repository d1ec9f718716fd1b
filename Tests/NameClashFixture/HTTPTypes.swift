// Names that other packages users import next to FaultSim declare at the
// top level: swift-http-types (HTTPRequest, HTTPResponse), SwiftNIO's
// NIOHTTP1 (HTTPHeaders), and the `Failure` of many result types.

/// A request type of another HTTP library.
public struct HTTPRequest: Sendable {
  /// The method.
  public var method: String
  /// A request of `method`.
  public init(method: String) { self.method = method }
}

/// A response type of another HTTP library.
public struct HTTPResponse: Sendable {
  /// The status.
  public var status: Int
  /// A response of `status`.
  public init(status: Int) { self.status = status }
}

/// A header type of another HTTP library.
public struct HTTPHeaders: Sendable {
  /// A header set.
  public init() {}
}

/// A failure type of another library.
public enum Failure: Error {
  /// It failed.
  case failed
}
