import FaultSim

/// The shop's server: three endpoints and an idempotency middleware over
/// the server's database, as a small Swift backend writes them.
///
/// - `POST /token`: a new access token, stored in `tokens`.
/// - `PUT /carts/{cart}/items/{n}`: saves a line of a cart (an upsert:
///   repeating it changes nothing).
/// - `POST /orders` with `Authorization` and `Idempotency-Key`: charges the
///   cart's total with the payment provider (``paymentTime``) and records
///   the order in `orders` — behind the middleware of ``strategy``.
///
/// Each process keeps a count of the requests it handled in memory, which
/// a crash loses (the database does not).
public struct ShopServer: Sendable {
  /// How the middleware keeps an order from being recorded twice.
  public var strategy: IdempotencyStrategy
  /// How long charging the card takes.
  public var paymentTime: Duration

  /// A server; see the properties for each argument.
  public init(strategy: IdempotencyStrategy, paymentTime: Duration = .milliseconds(1500)) {
    self.strategy = strategy
    self.paymentTime = paymentTime
  }

  /// What one process of the server keeps in memory.
  final class Process: @unchecked Sendable {
    /// The process's services (its database is the server's).
    let server: SimulatedServer
    /// Requests this process handled.
    var handled = 0

    init(_ server: SimulatedServer) {
      self.server = server
    }
  }

  /// The server as FaultSim runs it: `orders` is the ledger, and the
  /// process crashes at each crash point with probability `crashes`.
  public func code(crashes: Double = 0) -> ServerCode {
    ServerCode(
      ledger: "orders", crashes: crashes, process: { Process($0) },
      handle: { process, request in
        process.handled += 1
        return try await handle(request, process)
      })
  }

  /// The router.
  func handle(_ request: ServerRequest, _ process: Process) async throws -> ServerResponse {
    let database = process.server.database
    let parts = request.route.split(separator: "/")
    switch (request.method, parts.count) {
    case ("POST", 1) where parts[0] == "token":
      let row = try await database.insert(["issued": "\(process.server.process)"], into: "tokens")
      return ServerResponse(status: 200, text: "t-\(row.id)")
    case ("PUT", 4) where parts[0] == "carts" && parts[2] == "items":
      let line = "\(parts[1])/\(parts[3])"
      try await database.transaction { transaction in
        let fields = ["line": line, "cart": String(parts[1]), "item": request.text]
        if let existing = transaction.rows(in: "items", where: "line", is: line).first {
          try transaction.update(in: "items", id: existing.id, set: fields)
        } else {
          try transaction.insert(fields, into: "items")
        }
      }
      return ServerResponse(status: 200)
    case ("POST", 1) where parts[0] == "orders":
      guard try await isAuthorized(request, database) else { return ServerResponse(status: 401) }
      guard let key = request.headers["Idempotency-Key"] else { return ServerResponse(status: 400) }
      return try await idempotent(key, process) { try await placeOrder(request, process) }
    default:
      return ServerResponse(status: 404)
    }
  }

  /// Whether the request carries a token the server issued.
  func isAuthorized(_ request: ServerRequest, _ database: SimulatedDatabase) async throws -> Bool {
    guard let header = request.headers["Authorization"], header.hasPrefix("Bearer t-"),
      let id = Int(header.dropFirst("Bearer t-".count))
    else { return false }
    return try await database.transaction { $0.row(in: "tokens", id: id) != nil }
  }

  /// Charges the cart and returns the order's fields and answer; `commit`
  /// records them (alone, or with the key's answer).
  func placeOrder(_ request: ServerRequest, _ process: Process) async throws -> [String: String] {
    let cart = request.text.hasPrefix("cart=") ? String(request.text.dropFirst(5)) : request.text
    let lines = try await process.server.database.rows(in: "items", where: "cart", is: cart)
    try await process.server.clock.sleep(for: paymentTime)
    process.server.trace(
      "payment charged", "cart=\(cart) lines=\(lines.count) handled-by-this-process=\(process.handled)")
    return ["cart": cart, "lines": "\(lines.count)"]
  }

  /// The idempotency middleware around the order: runs `charge` once per
  /// key, records the order it returns, and answers repeats of the key
  /// with the stored answer.
  func idempotent(
    _ key: String, _ process: Process, charge: () async throws -> [String: String]
  ) async throws -> ServerResponse {
    let database = process.server.database
    switch strategy {
    case .checkThenInsert:
      if let stored = try await database.rows(in: "keys", where: "key", is: key).first {
        return Self.replay(stored)
      }
      let order = try await charge()
      let answer = try await database.transaction { transaction in
        let row = try transaction.insert(order, into: "orders")
        let answer = #"{"order": \#(row.id)}"#
        try transaction.insert(["key": key, "answer": answer], into: "keys")
        return answer
      }
      return ServerResponse(status: 201, text: answer)
    case .keyAfterCommit, .claimThenCommitTogether:
      // A claim is a row that only one try of a key can insert.
      try database.declareTable("keys", unique: ["key"])
      guard let claim = try await claim(key, process) else {
        let stored = try await database.rows(in: "keys", where: "key", is: key).first
        return stored.map(Self.replay) ?? ServerResponse(status: 409, headers: ["Retry-After": "1"])
      }
      let order = try await charge()
      if strategy == .keyAfterCommit {
        let row = try await database.insert(order, into: "orders")
        let answer = #"{"order": \#(row.id)}"#
        _ = try await database.compareAndSet(in: "keys", id: claim, column: "answer", expected: nil, new: answer)
        return ServerResponse(status: 201, text: answer)
      }
      let answer = try await database.transaction { transaction in
        let row = try transaction.insert(order, into: "orders")
        let answer = #"{"order": \#(row.id)}"#
        try transaction.update(in: "keys", id: claim, set: ["answer": answer])
        return answer
      }
      return ServerResponse(status: 201, text: answer)
    }
  }

  /// Claims `key` for this process: the claim's row id, or `nil` when
  /// another live process holds it or it has an answer. A claim of a
  /// process that crashed (an older one) is taken over.
  func claim(_ key: String, _ process: Process) async throws -> Int? {
    let mine = "\(process.server.process)"
    return try await process.server.database.transaction { transaction in
      guard let held = transaction.rows(in: "keys", where: "key", is: key).first else {
        return try transaction.insert(["key": key, "process": mine], into: "keys").id
      }
      guard held["answer"] == nil, let holder = Int(held["process"] ?? ""), holder < process.server.process
      else { return nil }
      try transaction.update(in: "keys", id: held.id, set: ["process": mine])
      return held.id
    }
  }

  /// The stored answer of a key.
  static func replay(_ stored: DatabaseRow) -> ServerResponse {
    ServerResponse(status: 201, text: stored["answer"] ?? "")
  }
}
