/// An HTTP request as your code builds it for an ``HTTPTransport``: method,
/// path, headers, body and the time it may take — the parts of a
/// `URLRequest` a retry loop decides.
public struct TransportRequest: Hashable, Sendable, CustomStringConvertible {
  /// `GET`, `POST`, `PUT`, `PATCH`, `DELETE` or `HEAD`.
  public var method: String
  /// The path, e.g. `/orders`.
  public var path: String
  /// The header fields, in order; names compare case-insensitively.
  public var headers: TransportHeaders
  /// The body.
  public var body: [UInt8]
  /// How long the transport waits for the response before it throws
  /// ``TransportError/Code/timedOut`` (a `URLRequest`'s
  /// `timeoutInterval`); `nil` uses the transport's default.
  public var timeout: Duration?

  /// A request; see the properties for each argument.
  public init(
    method: String, path: String, headers: TransportHeaders = [:], body: [UInt8] = [], timeout: Duration? = nil
  ) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }

  /// A request with a UTF-8 text body.
  public init(method: String, path: String, headers: TransportHeaders = [:], text: String, timeout: Duration? = nil) {
    self.init(method: method, path: path, headers: headers, body: Array(text.utf8), timeout: timeout)
  }

  /// `POST /orders`.
  public var description: String { "\(method) \(path)" }
}

/// Header fields in order, looked up case-insensitively (`Idempotency-Key`
/// and `idempotency-key` are one field).
public struct TransportHeaders: Hashable, Sendable, ExpressibleByDictionaryLiteral, Sequence {
  /// The fields as (name, value), in order.
  package private(set) var fields: [(name: String, value: String)]

  /// Fields from a literal, in the literal's order.
  public init(dictionaryLiteral elements: (String, String)...) {
    fields = elements.map { (name: $0.0, value: $0.1) }
  }

  /// The value of the first field named `name` (any case); setting
  /// replaces every field of that name, `nil` removes them.
  ///
  /// - Complexity: O(fields).
  public subscript(name: String) -> String? {
    get {
      // A pointer walk rather than `first(where:)`, whose generic
      // iteration costs a debug build (a user's `swift test`) several
      // times more per field.
      fields.withUnsafeBufferPointer { fields in
        guard var field = fields.baseAddress else { return nil }
        let end = field + fields.count
        while field != end {
          if Self.sameName(field.pointee.name, name) { return field.pointee.value }
          field += 1
        }
        return nil
      }
    }
    set {
      fields.removeAll { Self.sameName($0.name, name) }
      if let newValue { fields.append((name: name, value: newValue)) }
    }
  }

  /// Whether two field names are equal ignoring ASCII case (HTTP field
  /// names are ASCII tokens), without allocating.
  ///
  /// - Complexity: O(length); the bytes of native strings (every name a
  ///   request of the simulation carries) are compared in place.
  static func sameName(_ lhs: String, _ rhs: String) -> Bool {
    // O(1) for native strings, and most names compared differ in length.
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        // Pointers rather than indices: cheaper per byte in a debug build.
        guard var a = left.baseAddress, var b = right.baseAddress else { return true }
        let end = a + left.count
        while a != end {
          if a.pointee != b.pointee && lower(a.pointee) != lower(b.pointee) { return false }
          a += 1
          b += 1
        }
        return true
      }
    }
    if let compared = compared ?? nil { return compared }
    var left = lhs.utf8.makeIterator()
    var right = rhs.utf8.makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case (nil, nil): return true
      case (let a?, let b?):
        if a != b && Self.lower(a) != Self.lower(b) { return false }
      default: return false
      }
    }
  }

  @inline(__always)
  static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  /// The fields in order.
  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }

  /// Whether both hold the same fields in the same order (names compared
  /// case-insensitively).
  public static func == (lhs: TransportHeaders, rhs: TransportHeaders) -> Bool {
    lhs.fields.count == rhs.fields.count
      && zip(lhs.fields, rhs.fields).allSatisfy { sameName($0.name, $1.name) && $0.value == $1.value }
  }

  /// Hashes the fields as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    for field in fields {
      for byte in field.name.utf8 { hasher.combine(Self.lower(byte)) }
      hasher.combine(field.value)
    }
  }
}
