import Checkout
import FaultSim

/// The shop's checkout, as an app's networking layer writes it: a token
/// shared by every checkout in flight (``TokenStore``), the cart's lines
/// sent in parallel (`PUT`, idempotent), then the order (`POST /orders`)
/// with an `Idempotency-Key`, retried with backoff, jitter and
/// `Retry-After` — and a fresh token after a 401.
///
/// **The bug of ``Keying/perAttempt``.** A key made per try (a UUID
/// generated where the request is built) gives a retry after a lost
/// response a key the server has never seen: the order is recorded
/// twice. ``Keying/perCart`` sends the key made with the cart on every try.
public struct ShopClient<Transport: HTTPTransport, C: Clock<Duration>>: Sendable {
  /// Where the key of an order's tries comes from.
  public enum Keying: Hashable, Sendable {
    /// The cart's key, on every try: the fix.
    case perCart
    /// A new key for every try: the bug.
    case perAttempt
  }

  /// Where requests go.
  public let transport: Transport
  /// What the client waits on between tries.
  public let clock: C
  /// The app's token, shared with every other checkout.
  public let tokens: TokenStore
  /// How the order's tries are keyed.
  public var keying: Keying
  /// Tries, timeout and backoff of each call.
  public var retryPolicy: RetryPolicy
  /// Where the client says what it does (a logger in the app).
  public var log: @Sendable (String) -> Void

  /// A client; see the properties for each argument.
  public init(
    transport: Transport, clock: C, tokens: TokenStore, keying: Keying = .perCart,
    retryPolicy: RetryPolicy = RetryPolicy(attempts: 5, timeout: .seconds(1)),
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.transport = transport
    self.clock = clock
    self.tokens = tokens
    self.keying = keying
    self.retryPolicy = retryPolicy
    self.log = log
  }

  /// How a checkout ended.
  public enum Outcome: Hashable, Sendable {
    /// The server confirmed the order; its body (e.g. `{"order": 12}`).
    case placed(String)
    /// The order was not placed (a line or the order was refused, or
    /// nothing reached the server).
    case notPlaced
    /// The order may have been placed: checking out the same cart again
    /// (its key) is safe.
    case unknown
  }

  /// Checks `cart` out: its lines, then its order.
  public func checkout(_ cart: Cart, using random: inout some RandomNumberGenerator) async -> Outcome {
    let seed = random.next()
    let linesSent = await withTaskGroup(of: Bool.self) { group in
      for (index, item) in cart.items.enumerated() {
        group.addTask {
          var lineRandom = SplitMix(seed: seed &+ UInt64(index))
          let line = TransportRequest(
            method: "PUT", path: "/carts/\(cart.id)/items/\(index + 1)",
            text: "sku=\(item.sku)&quantity=\(item.quantity)", timeout: retryPolicy.timeout)
          return await send({ _ in line }, using: &lineRandom) == .placed("")
        }
      }
      var all = true
      for await sent in group { all = all && sent }
      return all
    }
    guard linesSent else {
      log("a line of \(cart.id) was not saved: no order")
      return .notPlaced
    }
    return await send(
      { attempt in
        let key = keying == .perCart ? cart.idempotencyKey : "\(cart.idempotencyKey)-try-\(attempt)"
        return TransportRequest(
          method: "POST", path: "/orders", headers: ["Idempotency-Key": key], text: "cart=\(cart.id)",
          timeout: retryPolicy.timeout)
      }, using: &random, keepsBody: true)
  }

  /// Sends the request `build` makes for each try, with the token, until
  /// it succeeds or the tries run out. A success is `.placed` with the
  /// body when `keepsBody`, else with none.
  func send(
    _ build: (Int) -> TransportRequest, using random: inout some RandomNumberGenerator, keepsBody: Bool = false
  ) async -> Outcome {
    var mayHaveApplied = false
    for attempt in 1...retryPolicy.attempts {
      var retryAfter: Duration?
      do {
        let token = try await tokens.current()
        var request = build(attempt)
        request.headers["Authorization"] = "Bearer \(token)"
        let response = try await transport.send(request)
        if response.isSuccess { return .placed(keepsBody ? response.text : "") }
        switch response.status {
        case 401: await tokens.invalidate(token)
        case 409, 429, 500...: mayHaveApplied = mayHaveApplied || response.status >= 500
        default: return mayHaveApplied ? .unknown : .notPlaced
        }
        retryAfter = response.retryAfter
        log("\(request.description): \(response.status)")
      } catch is CancellationError {
        return mayHaveApplied ? .unknown : .notPlaced
      } catch let error as TransportError {
        mayHaveApplied = mayHaveApplied || !error.provesNotSent
      } catch {
        // The token fetch failed: nothing of this call was sent.
      }
      if attempt < retryPolicy.attempts {
        try? await clock.sleep(for: retryPolicy.delay(beforeRetry: attempt, retryAfter: retryAfter, using: &random))
      }
    }
    return mayHaveApplied ? .unknown : .notPlaced
  }
}

/// A small generator for each line's own jitter, seeded from the
/// checkout's: the lines' tasks do not share one generator.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
