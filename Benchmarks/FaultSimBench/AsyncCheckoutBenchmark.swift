import FaultSim

/// `faultsim-bench async-checkout`: the reference checkout (100,000 orders)
/// with the client written as async user code (Layer 2 of issue 11) — a
/// naive retry loop over the simulated transport and clock — as whole runs,
/// against the built-in client in the same process.
struct AsyncCheckoutBenchmark {
  var runs = 10
  var orders = 100_000

  func run() throws(BenchmarkError) {
    let options = RequestWorldOptions.checkoutReference(orders: orders)
    let builtIn = RequestWorld.makeRunner(options)
    let userCode = UserCodeRequestWorld<BuiltInRequestHandler>.makeRunner(
      .init(scenario: options, handler: BuiltInRequestHandler()) { client in
        await AsyncNaiveCheckout(transport: client.transport, clock: client.clock).place(order: client.operation)
      })
    var userMs: [Double] = []
    var builtInMs: [Double] = []
    var events: UInt64 = 0
    var duplicated: (UInt64, UInt64) = (0, 0)
    do {
      _ = try userCode.run(999_999, .fifo)
      _ = try builtIn.run(999_999, .fifo)
      for seed in 0..<UInt64(runs) {
        var watch = Stopwatch()
        let run = try userCode.run(seed, .fifo)
        userMs.append(watch.elapsedNanoseconds / 1e6)
        events = run.summary.events
        duplicated.0 &+= run.metrics.duplicated
        watch = Stopwatch()
        let reference = try builtIn.run(seed, .fifo)
        builtInMs.append(watch.elapsedNanoseconds / 1e6)
        duplicated.1 &+= reference.metrics.duplicated
      }
    } catch {
      throw BenchmarkError("the async checkout failed: \(error)")
    }
    print("reference checkout with the client as async user code: \(orders) orders per run, \(runs) runs")
    print("                        " + Percentiles.header + "  samples")
    print("ms, async user code     " + Percentiles(userMs).formatted(decimals: 2) + String(runs).leftPadded(to: 9))
    print("ms, built-in client     " + Percentiles(builtInMs).formatted(decimals: 2) + String(runs).leftPadded(to: 9))
    print("events per run (last): \(events)")
    print("orders recorded twice over the runs: \(duplicated.0) (async code), \(duplicated.1) (built-in client)")
  }
}

/// The naive checkout as an app writes it: a keyless POST, retried on a
/// timeout or a 5xx up to three attempts, with exponential backoff.
struct AsyncNaiveCheckout<Transport: HTTPTransport, C: Clock<Duration>> {
  let transport: Transport
  let clock: C

  func place(order: Int) async -> ClientOutcome {
    var mayHaveApplied = false
    for attempt in 1...3 {
      do {
        let response = try await transport.send(
          TransportRequest(method: "POST", path: "/orders", text: "order=\(order)", timeout: .seconds(1)))
        if response.isSuccess { return .succeeded }
        if response.status < 500 && response.status != 429 { return .failed }
        mayHaveApplied = true
      } catch let error as TransportError {
        if !error.provesNotSent { mayHaveApplied = true }
      } catch {
        return .failed
      }
      if attempt < 3 { try? await clock.sleep(for: .milliseconds(100 << (attempt - 1))) }
    }
    return mayHaveApplied ? .uncertain : .failed
  }
}
