/// How the request world's messages look to your code's HTTP transport.
extension TransportFailure {
  /// The `URLError` code of the failure.
  @inlinable
  var code: TransportError.Code {
    switch self {
    case .cannotConnect: .cannotConnectToHost
    case .dnsFailure: .cannotFindHost
    case .connectionLost: .networkConnectionLost
    }
  }
}

extension TransportResponse {
  /// The HTTP form of the server's answer: a status query's answer as 200
  /// or 404, `Retry-After` in whole seconds (rounded up) or as the server's
  /// HTTP date (`server.retryAfterFormat` `http-date`), a record's version
  /// as its `ETag`.
  @inlinable
  init(answering response: ResponseMessage, status code: UInt16, isQuery: Bool, dateWait: VirtualDuration? = nil) {
    var status = Int(code)
    var headers: TransportHeaders = [:]
    switch response.content {
    case .none: break
    case .writeApplied(let applied): if isQuery, status == 200, !applied { status = 404 }
    case .version(let version): headers["ETag"] = "\"\(version)\""
    case .retryAfter(let delay):
      headers["Retry-After"] = String((delay.nanoseconds + 999_999_999) / 1_000_000_000)
    case .retryAfterDate(let date):
      // Clocks that disagree: the date and the response's Date header as
      // the server wrote them.
      headers["Retry-After"] = HTTPDate.format(seconds: date.seconds)
      headers["Date"] = HTTPDate.format(seconds: date.dateHeader)
    }
    self.init(status: status, headers: headers)
    self.dateWait = dateWait.map { .nanoseconds(Int64(clamping: $0.nanoseconds)) }
  }
}

/// A 64-bit digest of a request body (FNV-1a): what tells a retry's body
/// from the first one. Never 0, so 0 can mean "no body yet".
@usableFromInline
enum BodyDigest {
  /// - Complexity: O(bytes). Eight bytes are read at a time and hashed
  ///   byte by byte from the word, lowest first (the digest is the same as
  ///   hashing the bytes one by one): in a debug build (a user's `swift
  ///   test`) each pointer read and step is a generic call, so a read per
  ///   byte cost about 40 instructions a byte, and a read per word about 8.
  @inlinable
  static func of(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { buffer in
      // FNV-1a's offset basis and prime, 64-bit (locals: a debug build
      // calls a static property at each use).
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      let prime: UInt64 = 0x0000_0100_0000_01B3
      guard let base = buffer.baseAddress else { return hash | 1 }
      let count = buffer.count
      var offset = 0
      while count &- offset >= 8 {
        // The bytes in memory order, whatever the machine's byte order.
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        hash = (hash ^ (word & 0xFF)) &* prime
        hash = (hash ^ (word &>> 8 & 0xFF)) &* prime
        hash = (hash ^ (word &>> 16 & 0xFF)) &* prime
        hash = (hash ^ (word &>> 24 & 0xFF)) &* prime
        hash = (hash ^ (word &>> 32 & 0xFF)) &* prime
        hash = (hash ^ (word &>> 40 & 0xFF)) &* prime
        hash = (hash ^ (word &>> 48 & 0xFF)) &* prime
        hash = (hash ^ (word &>> 56)) &* prime
        offset &+= 8
      }
      while offset < count {
        hash = (hash ^ UInt64(base.load(fromByteOffset: offset, as: UInt8.self))) &* prime
        offset &+= 1
      }
      return hash | 1
    }
  }
}

extension VirtualDuration {
  /// `duration` in virtual time: 0 for a negative one, the longest for one
  /// beyond the clock.
  @inlinable
  init(clamping duration: Duration) {
    self.init(nanoseconds: VirtualTime(clamping: duration).nanoseconds)
  }
}
