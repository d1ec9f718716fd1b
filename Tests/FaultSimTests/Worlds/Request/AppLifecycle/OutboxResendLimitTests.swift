import Testing

@testable import FaultSim

/// An outbox gives a row up after ``AppOptions/maxResends`` resends: an app
/// killed at every send while no answer can arrive is relaunched a bounded
/// number of times, and the write ends uncertain, instead of a run that
/// relaunches it until the virtual clock overflows.
@Suite struct OutboxResendLimitTests {
  /// Every write attempt is killed in flight: the kill comes within the
  /// timeout, and with every response lost no answer comes first.
  static func killedEverySend(operations: Int, maxResends: Int? = nil) -> RequestWorldOptions {
    var options = RequestWorldOptions()
    options.workload.operations = operations
    options.workload.kind = .keyedWrite
    options.workload.arrival = .uniform(over: .seconds(60))
    options.network.latency = .fixed(.milliseconds(50))
    options.network.responseLoss = 1
    options.server.keys = .honour
    options.client.timeout = .seconds(10)
    options.client.attempts = 3
    options.client.app.termination = 1
    options.client.app.outbox = .resendWithNewKey
    if let maxResends { options.client.app.maxResends = maxResends }
    return options
  }

  @Test(arguments: [1, 4])
  func anAppKilledAtEverySendEndsUncertainAfterTheDefaultResends(operations: Int) throws {
    let run = try RequestWorld.runOnce(
      Self.killedEverySend(operations: operations), seed: 0, strategy: .fifo, tracing: true)
    #expect(run.metrics.uncertain == UInt64(operations))
    #expect(run.metrics.outboxResends == UInt64(10 * operations))
    #expect(run.summary.events < 1_000, "\(run.summary.events) events")
    let trace = TraceFormat.text.render(run.trace)
    #expect(trace.contains("outbox gives the row up after 10 resends (client.app.maxResends): the write is abandoned"))
  }

  @Test(arguments: [0, 1, 7])
  func maxResendsBoundsTheRelaunchesOfEachOperation(maxResends: Int) throws {
    let run = try RequestWorld.runOnce(
      Self.killedEverySend(operations: 3, maxResends: maxResends), seed: 2, strategy: .fifo, tracing: false)
    #expect(run.metrics.uncertain == 3)
    #expect(run.metrics.outboxResends == UInt64(3 * maxResends))
    #expect(run.metrics.attempts == UInt64(3 * (maxResends + 1)))
  }

  /// Termination rates of 0.2 to 0.5 with 50 or more attempts when no
  /// answer can arrive: each process is almost surely killed before its
  /// attempts run out, so without a limit an operation was relaunched tens
  /// of thousands of times or more.
  @Test(arguments: [(0.2, 60), (0.5, 100)])
  func frequentKillsWithManyAttemptsEnd(termination: Double, attempts: Int) throws {
    var options = Self.killedEverySend(operations: 20)
    options.client.app.termination = termination
    options.client.attempts = attempts
    let run = try RequestWorld.runOnce(options, seed: 1, strategy: .fifo, tracing: false)
    #expect(run.metrics.operations == 20)
    #expect(run.metrics.outboxResends <= 20 * 10)
    #expect(run.summary.events < 200_000, "\(run.summary.events) events")
  }
}
