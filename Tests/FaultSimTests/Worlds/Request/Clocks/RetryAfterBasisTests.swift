import Testing

@testable import FaultSim

/// `client.clock.retryAfterBasis` (docs/duplicates/clocks.md): a client that
/// subtracts the response's `Date` header from a Retry-After date waits the
/// server's delay whatever its own clock says.
@Suite struct RetryAfterBasisTests {
  static let second: Int64 = 1_000_000_000

  static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  /// The exact closed form under `date-header`: the server answers at its
  /// commit `c = L` with date = ⌊(c + so + delay) / 1 s⌋ and Date =
  /// ⌊(c + so) / 1 s⌋ (RFC 9110 §10.2.3 and §6.6.1, both on its clock); the
  /// client reads them at `r = 2L` and waits w = date − Date seconds,
  /// whatever its offset; the operation ends at r + w + 2L. A fractional
  /// delay shows the two floors: 30.5 s is a 30 s or a 31 s wait by where
  /// the server's clock is within its second.
  @Test(arguments: [0, 600_000_000, -2_250_000_000, 3_600 * 1_000_000_000] as [Int64])
  func theWaitIsTheDateMinusTheDateHeader(serverOffset: Int64) throws {
    let latency: Int64 = 50_000_000
    for delay in [30 * Self.second, 30 * Self.second + 500_000_000] {
      let commit = latency
      let date = Self.floorDivide(commit + serverOffset + delay, Self.second)
      let header = Self.floorDivide(commit + serverOffset, Self.second)
      let wait = (date - header) * Self.second
      for clientOffset in [0, -45 * Self.second, 45 * Self.second, -3_600 * Self.second, 1] as [Int64] {
        var options = ClockSkewTests.oneWrite(
          serverOffset: serverOffset, clientOffset: clientOffset, latency: .nanoseconds(UInt64(latency)))
        options.server.failureRetryAfter = .nanoseconds(UInt64(delay))
        options.client.clock.retryAfterBasis = .dateHeader
        let run = try RequestWorld.runOnce(options, seed: 0, strategy: .fifo, tracing: false)
        let metrics = try ClockSkewTests.run(options)
        let label = "so=\(serverOffset) co=\(clientOffset) delay=\(delay)"
        // The retry reaches the server at 2L + w + L, before the key's
        // expiry at L + 60 s: replayed.
        #expect(metrics.duplicated == 0, "\(label)")
        #expect(metrics.makespanTotal == UInt64(2 * latency + wait + 2 * latency), "\(label)")
        #expect(run.summary.faults.count(of: RequestDraw.skewedRetryAfter.purpose) == 0, "\(label)")
      }
    }
  }

  /// The same client, 45 s behind, duplicates by its own clock and not by
  /// the Date header (the skew cancels), and drift still stretches the
  /// wait: 30 s on a clock 10% fast lasts 27.27 s.
  @Test func theDateHeaderTakesTheSkewAwayButNotTheDrift() throws {
    var options = ClockSkewTests.oneWrite(serverOffset: 0, clientOffset: -45 * Self.second, latency: .zero)
    #expect(try ClockSkewTests.run(options).duplicated == 1)
    options.client.clock.retryAfterBasis = .dateHeader
    let header = try ClockSkewTests.run(options)
    #expect(header.duplicated == 0)
    #expect(header.makespanTotal == UInt64(30 * Self.second))
    options.client.clock.driftPPM = 100_000
    // ⌈30·10⁹ · 10⁶ / 1.1·10⁶⌉ = ⌈27,272,727,272.7…⌉.
    #expect(try ClockSkewTests.run(options).makespanTotal == 27_272_727_273)
  }

  /// User code sees the `Date` header, and `retryAfter` is the date minus
  /// it under `date-header`: 30 s for a phone 45 s behind.
  @Test func userCodeSeesTheDateHeaderAndItsWait() throws {
    let text = """
      {"description": "test", "world": "request",
       "workload": {"kind": "keyed-write", "operations": 1},
       "client": {"clock": {"behind": "45s", "retryAfterBasis": "date-header"}},
       "server": {"failureAfterCommit": 1, "failureStatus": 503, "failureRetryAfter": "30s",
                  "retryAfterFormat": "http-date", "clock": {"ahead": "10s"}}}
      """
    let scenario = try Scenario.parse(json: text, file: "user.json")
    let world = try scenario.requestWorld { client in
      let response = try? await client.transport.send(
        TransportRequest(method: "POST", path: "/orders", headers: ["Idempotency-Key": "k"], text: "order=1"))
      guard let response, response.headers["Date"]?.hasPrefix("Tue, 01 Dec 2026 00:00:10") == true,
        response.headers["Retry-After"]?.hasPrefix("Tue, 01 Dec 2026 00:00:40") == true
      else { return .failed }
      return response.retryAfter == .seconds(30) ? .succeeded : .failed
    }
    #expect(try world.measure(seeds: 0..<1).succeeded == 1)
  }

  /// A scenario gives `spread` or `phones-measured`, not both; the basis
  /// is a choice with a suggestion for a near miss.
  @Test func theClientClockOptionsAreChecked() throws {
    let both = """
      {"description": "test", "world": "request",
       "client": {"clock": {"spread": "10s", "preset": "phones-measured"}}}
      """
    #expect(throws: ScenarioError.self) { try Scenario.parse(json: both, file: "both.json") }
    let typo = """
      {"description": "test", "world": "request", "client": {"clock": {"retryAfterBasis": "date-headers"}}}
      """
    #expect(throws: ScenarioError.self) { try Scenario.parse(json: typo, file: "typo.json") }
  }
}
