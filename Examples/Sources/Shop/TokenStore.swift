import FaultSim

/// The app's access token, shared by every checkout in flight: the first
/// caller that finds none fetches one (`POST /token`), and callers that
/// come while it is being fetched wait for the same fetch instead of
/// starting their own.
public actor TokenStore {
  /// Where the token comes from.
  let transport: any HTTPTransport
  /// The token, once fetched.
  private var token: String?
  /// The fetch in progress, shared by every caller that waits for it.
  private var fetching: Task<String, any Error>?

  /// A store that fetches tokens through `transport`.
  public init(transport: any HTTPTransport) {
    self.transport = transport
  }

  /// The current token, fetched if there is none.
  ///
  /// - Throws: The fetch's error (a transport error, or ``ShopError``).
  public func current() async throws -> String {
    if let token { return token }
    if let fetching { return try await fetching.value }
    let transport = self.transport
    let fetch = Task { () async throws -> String in
      let response = try await transport.send(
        TransportRequest(method: "POST", path: "/token", text: "client=shop-app", timeout: .seconds(2)))
      guard response.isSuccess else { throw ShopError.status(response.status) }
      return response.text
    }
    fetching = fetch
    defer { fetching = nil }
    let fetched = try await fetch.value
    token = fetched
    return fetched
  }

  /// Forgets `rejected`, which the server no longer accepts (a 401).
  public func invalidate(_ rejected: String) {
    if token == rejected { token = nil }
  }
}

/// Why a call of the shop's client failed.
public enum ShopError: Error, Hashable, Sendable {
  /// The server answered with a status that is not a success.
  case status(Int)
}
