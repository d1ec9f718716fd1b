import FaultSim

/// `faultsim-bench policy`: a client policy written against the public API
/// (Layer 1 of issue 11), deciding as the built-in naive client does,
/// against the built-in client itself on the reference checkout. Runs
/// alternate between the two in one process, so the ratio is measured
/// against an in-run baseline; the two must agree on every metric.
struct PolicyBenchmark {
  var runs = 20
  var orders = 100_000

  func run() throws(BenchmarkError) {
    let options = RequestWorldOptions.checkoutReference(orders: orders)
    let builtIn = RequestWorld.makeRunner(options)
    let plugged = CustomRequestWorld<NaiveRetryPolicy, BuiltInRequestHandler>.makeRunner(
      .init(scenario: options, client: NaiveRetryPolicy(), handler: BuiltInRequestHandler()))
    var builtInMs: [Double] = []
    var pluggedMs: [Double] = []
    var ratios: [Double] = []
    do {
      _ = try builtIn.run(999_999, .fifo)
      _ = try plugged.run(999_999, .fifo)
      for seed in 0..<UInt64(runs) {
        // Alternate which goes first, so neither always runs on a warmer cache.
        var pair: [Double] = [0, 0]
        for which in seed.isMultiple(of: 2) ? [0, 1] : [1, 0] {
          let watch = Stopwatch()
          let metrics = try (which == 0 ? builtIn : plugged).run(seed, .fifo).metrics
          pair[which] = watch.elapsedNanoseconds / 1e6
          blackHole(metrics.duplicated)
        }
        let expected = try builtIn.run(seed, .fifo).metrics
        let actual = try plugged.run(seed, .fifo).metrics
        guard expected == actual else {
          throw BenchmarkError("seed \(seed): the user policy's metrics differ from the built-in client's")
        }
        builtInMs.append(pair[0])
        pluggedMs.append(pair[1])
        ratios.append(pair[1] / pair[0])
      }
    } catch let error as BenchmarkError {
      throw error
    } catch {
      throw BenchmarkError("the policy benchmark failed: \(error)")
    }
    print("reference checkout, \(orders) orders per run, \(runs) runs of each client, alternating")
    print("                        " + Percentiles.header + "  samples")
    print("ms, built-in client     " + Percentiles(builtInMs).formatted(decimals: 2) + String(runs).leftPadded(to: 9))
    print("ms, user policy         " + Percentiles(pluggedMs).formatted(decimals: 2) + String(runs).leftPadded(to: 9))
    print("user / built-in         " + Percentiles(ratios).formatted(decimals: 3) + String(runs).leftPadded(to: 9))
    print("metrics identical on every seed: yes")
  }
}

/// The naive client of the reference checkout, written as a user writes a
/// policy: a keyless POST retried on every retryable failure, three
/// attempts, exponential backoff with full jitter (100 ms, capped at 2 s).
struct NaiveRetryPolicy: ClientPolicy {
  struct Memory {
    var tries = 0
    var previousWait = VirtualDuration.zero
    var mayHaveApplied = false
  }

  let attempts = 3
  let backoff = Backoff(growth: .exponential, jitter: .full, base: .milliseconds(100), cap: .seconds(2))

  var initialMemory: Memory { Memory() }

  func beginSubmission(_ memory: inout Memory) {
    memory.tries = 0
    memory.mayHaveApplied = false
  }

  func countAttempt(_ memory: inout Memory) { memory.tries += 1 }

  func attemptNumber(_ memory: Memory) -> Int? { memory.tries }

  mutating func request(
    for message: MessageIdentity, _ memory: inout Memory, _ context: inout DecisionContext
  ) -> AttemptRequest {
    AttemptRequest(kind: .write)
  }

  mutating func afterSuccess(
    _ response: ResponseMessage, of message: MessageIdentity, _ memory: inout Memory,
    _ context: inout DecisionContext
  ) -> ClientDecision {
    .stop(.succeeded)
  }

  mutating func afterFailure(
    _ failure: AttemptFailure, of message: MessageIdentity, _ memory: inout Memory,
    _ context: inout DecisionContext
  ) -> ClientDecision {
    if !failure.provesNotApplied { memory.mayHaveApplied = true }
    guard failure.isRetryable, memory.tries < attempts else {
      return .stop(memory.mayHaveApplied ? .uncertain : .failed)
    }
    let previous = memory.previousWait == .zero ? backoff.base : memory.previousWait
    let wait = backoff.delay(
      retry: memory.tries - 1, previous: previous, word: context.valueWord(RequestDraw.backoff.key(message)))
    memory.previousWait = wait
    return .sendAfter(wait)
  }
}
