import Checkout
import FaultSim
import Testing

/// A generator that returns the words it is given, in turn.
struct FixedWords: RandomNumberGenerator {
  var words: [UInt64]
  var taken = 0

  mutating func next() -> UInt64 {
    defer { taken += 1 }
    return words[taken % words.count]
  }
}

@Suite struct RetryPolicyTests {
  @Test func fullJitterStaysUnderTheDoublingCeiling() {
    let policy = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .seconds(2))
    var low = FixedWords(words: [0])
    var high = FixedWords(words: [.max])
    var half = FixedWords(words: [1 << 63])
    #expect(policy.delay(beforeRetry: 1, using: &low) == .zero)
    #expect(policy.delay(beforeRetry: 1, using: &half) == .milliseconds(50))
    #expect(policy.delay(beforeRetry: 3, using: &half) == .milliseconds(200))
    #expect(policy.delay(beforeRetry: 10, using: &half) == .seconds(1), "capped at 2 s")
    for retry in 1...8 {
      let ceiling = min(Duration.seconds(2), .milliseconds(100) * (1 << (retry - 1)))
      #expect(policy.delay(beforeRetry: retry, using: &high) < ceiling)
    }
  }

  @Test func retryAfterIsTheShortestWait() {
    let policy = RetryPolicy()
    var half = FixedWords(words: [1 << 63])
    #expect(policy.delay(beforeRetry: 1, retryAfter: .seconds(3), using: &half) == .seconds(3))
    #expect(policy.delay(beforeRetry: 1, retryAfter: .milliseconds(1), using: &half) == .milliseconds(50))
  }

  @Test func attemptErrorsAreClassified() {
    let cases: [(AttemptError, retryable: Bool, mayHaveBeenRecorded: Bool)] = [
      (.transport(.timedOut), true, true),
      (.transport(.networkConnectionLost), true, true),
      (.transport(.notConnectedToInternet), true, false),
      (.transport(.cannotConnectToHost), true, false),
      (.transport(.cannotFindHost), true, false),
      (.status(500, retryAfter: nil), true, true),
      (.status(503, retryAfter: nil), true, true),
      (.status(503, retryAfter: .seconds(1)), true, false),
      (.status(429, retryAfter: .seconds(1)), true, false),
      (.status(409, retryAfter: nil), true, true),
      (.status(408, retryAfter: nil), true, false),
      (.status(400, retryAfter: nil), false, false),
      (.status(422, retryAfter: nil), false, false),
    ]
    for (error, retryable, mayHaveBeenRecorded) in cases {
      #expect(error.isRetryable == retryable, "\(error)")
      #expect(error.mayHaveBeenRecorded == mayHaveBeenRecorded, "\(error)")
    }
  }
}
