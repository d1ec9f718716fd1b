/// How an exchange ended, as the client's transport reports it: an HTTP
/// status from the server, or a transport failure that produced no HTTP
/// response at all.
public enum ResponseStatus: BitwiseCopyable, Hashable, Sendable {
  /// An HTTP status code from the server.
  case http(UInt16)
  /// A failure of the transport: the client got no HTTP response.
  case transportFailure(TransportFailure)

  /// 200 OK.
  @usableFromInline package static let ok = ResponseStatus.http(200)

  /// Whether the status is a 2xx.
  @inlinable
  public var isSuccess: Bool {
    if case .http(let code) = self { return (200..<300).contains(code) }
    return false
  }

  /// The number traces print for the status: the HTTP code, or the
  /// transport failure's ``TransportFailure/traceCode``.
  @usableFromInline package var traceCode: UInt16 {
    switch self {
    case .http(let code): code
    case .transportFailure(let failure): failure.traceCode
    }
  }
}

/// A failure of the client's transport that produced no HTTP response (the
/// `URLError` codes of ``AttemptFailure``). Being offline never reaches the network,
/// so it is not one of them: the client fails that attempt at once.
public enum TransportFailure: UInt8, BitwiseCopyable, Hashable, Sendable {
  /// The connection could not be opened: the request was never sent.
  case cannotConnect
  /// The host name did not resolve: the request was never sent.
  case dnsFailure
  /// The connection dropped after the request arrived: it may have been
  /// applied.
  case connectionLost

  /// The failure the client sees.
  public var failure: AttemptFailure {
    switch self {
    case .cannotConnect: .cannotConnect
    case .dnsFailure: .dnsFailure
    case .connectionLost: .connectionLost
    }
  }

  /// The number traces print for the failure, above every HTTP code
  /// (`status=1003` in a trace is a DNS failure), as FaultSim's traces
  /// always have.
  @usableFromInline package var traceCode: UInt16 {
    switch self {
    case .cannotConnect: 1002
    case .dnsFailure: 1003
    case .connectionLost: 1004
    }
  }
}
