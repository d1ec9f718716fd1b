/// A budget on retries shared by all clients of a world — one app's HTTP
/// stack or a fleet — on top of each operation's attempt budget. It stops
/// retry storms: when many requests fail at once, retries are cut back.
@usableFromInline package enum RetryBudget: Hashable, Sendable, CustomStringConvertible {
  /// No shared limit.
  case unlimited
  /// A token bucket (gRPC's retry throttling): it starts full with
  /// `capacity` tokens; a retry costs one token and is refused below one; a
  /// successful response refunds `refillPerSuccess` tokens, up to capacity.
  case tokenBucket(capacity: Double, refillPerSuccess: Double)
  /// A ratio (Finagle's RetryBudget): retries may not exceed
  /// `minimumRetries + ratio × first attempts` so far.
  case ratio(ratio: Double, minimumRetries: Int)

  /// `unlimited`, `token bucket 10.0, +0.1 per success` or `ratio 0.1 + 10`.
  @usableFromInline package var description: String {
    switch self {
    case .unlimited: return "unlimited"
    case .tokenBucket(let capacity, let refill): return "token bucket \(capacity), +\(refill) per success"
    case .ratio(let ratio, let minimum): return "ratio \(ratio) + \(minimum)"
    }
  }
}

/// The running state of a ``RetryBudget`` within one run.
struct RetryBudgetState: Sendable {
  let budget: RetryBudget
  var tokens: Double
  var firstAttempts = 0
  var retries = 0
  /// Retries the budget refused.
  private(set) var refused = 0

  /// The state of `budget` at the start of a run: a token bucket full.
  init(_ budget: RetryBudget) {
    self.budget = budget
    if case .tokenBucket(let capacity, _) = budget {
      tokens = capacity
    } else {
      tokens = 0
    }
  }

  /// Records a first attempt (the ratio budget grows with them).
  mutating func recordFirstAttempt() {
    firstAttempts += 1
  }

  /// Asks to retry; spends from the budget when allowed.
  mutating func allowRetry() -> Bool {
    switch budget {
    case .unlimited:
      return true
    case .tokenBucket:
      guard tokens >= 1 else {
        refused += 1
        return false
      }
      tokens -= 1
      return true
    case .ratio(let ratio, let minimum):
      guard Double(retries + 1) <= Double(minimum) + ratio * Double(firstAttempts) else {
        refused += 1
        return false
      }
      retries += 1
      return true
    }
  }

  /// Records a successful response (the token bucket refills).
  mutating func recordSuccess() {
    if case .tokenBucket(let capacity, let refill) = budget {
      tokens = min(capacity, tokens + refill)
    }
  }
}
