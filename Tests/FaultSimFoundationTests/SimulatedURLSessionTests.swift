import FaultSim
import FaultSimFoundation
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Code written against `URLSession` runs under simulation through
/// `client.urlSession`, and meets the same network as code written against
/// the simulation's own transport.
@Suite struct SimulatedURLSessionTests {
  static func shipped(_ name: String, _ overrides: [String] = []) throws -> Scenario {
    try Scenario.shipped(name, overrides: overrides.map { try ScenarioOverride(parsing: $0) })
  }

  /// The function type a networking layer is usually written against.
  typealias Loader = @Sendable (URLRequest) async throws -> (Data, URLResponse)

  /// A checkout written against `URLSession`: a POST retried on timeouts
  /// and 5xx, with one key for every attempt (`keyed`) or none.
  static func checkout(_ order: Int, keyed: Bool, loader: Loader) async -> ClientOutcome {
    var request = URLRequest(url: URL(string: "https://shop.example/orders")!)
    request.httpMethod = "POST"
    request.timeoutInterval = 1
    if keyed { request.setValue("order-\(order)", forHTTPHeaderField: "Idempotency-Key") }
    request.httpBody = Data("order=\(order)".utf8)
    var mayHaveApplied = false
    for _ in 1...3 {
      do {
        let (_, response) = try await loader(request)
        guard let status = (response as? HTTPURLResponse)?.statusCode else { return .uncertain }
        if (200..<300).contains(status) { return .succeeded }
        if status < 500 && status != 409 { return .failed }
        mayHaveApplied = true
      } catch let error as URLError where error.code == .timedOut || error.code == .networkConnectionLost {
        mayHaveApplied = true
      } catch let error as URLError where error.code == .cancelled {
        return .uncertain
      } catch {
        continue
      }
    }
    return mayHaveApplied ? .uncertain : .failed
  }

  /// The same checkout written against the simulation's transport.
  static func checkout(_ order: Int, keyed: Bool, transport: SimulatedTransport) async -> ClientOutcome {
    let headers: TransportHeaders = keyed ? ["Idempotency-Key": "order-\(order)"] : [:]
    let request = TransportRequest(
      method: "POST", path: "/orders", headers: headers, text: "order=\(order)", timeout: .seconds(1))
    var mayHaveApplied = false
    for _ in 1...3 {
      do {
        let response = try await transport.send(request)
        if response.isSuccess { return .succeeded }
        if response.status < 500 && response.status != 409 { return .failed }
        mayHaveApplied = true
      } catch let error as TransportError where error.code == .timedOut || error.code == .networkConnectionLost {
        mayHaveApplied = true
      } catch is CancellationError {
        return .uncertain
      } catch {
        continue
      }
    }
    return mayHaveApplied ? .uncertain : .failed
  }

  @Test func aURLSessionClientRunsAsTheSameClientOnTheTransport() throws {
    let scenario = try Self.shipped("checkout-reference", ["workload.operations=300"])
    for keyed in [false, true] {
      let viaSession = try scenario.requestWorld { client in
        await Self.checkout(client.operation, keyed: keyed, loader: client.urlSession.data(for:))
      }
      let viaTransport = try scenario.requestWorld { client in
        await Self.checkout(client.operation, keyed: keyed, transport: client.transport)
      }
      // The adapter adds nothing to the run: the same requests, draws and
      // outcomes, so the same trace, line for line.
      for seed: UInt64 in 1...3 {
        #expect(try viaSession.trace(seed: seed) == viaTransport.trace(seed: seed))
      }
      let metrics = try viaSession.measure(seeds: 0..<4)
      #expect(metrics == (try viaTransport.measure(seeds: 0..<4)))
      #expect(metrics.attempts > metrics.operations, "the loss made the client retry")
      // Without a key a retry after a lost response writes the order again.
      #expect(keyed ? metrics.duplicated == 0 : metrics.duplicated > 0, "keyed: \(keyed), \(metrics.duplicated)")
    }
  }

  @Test func aRequestWithoutResponseThrowsTheURLErrorOfTheSameName() throws {
    let codes = Mutex<[String]>([])
    let world = try Self.shipped("offline-budget", ["workload.operations=400", "client.offline=spend"])
      .requestWorld { client in
        var request = URLRequest(url: URL(string: "https://shop.example/orders")!)
        request.httpMethod = "POST"
        request.timeoutInterval = 1
        do {
          _ = try await client.urlSession.data(for: request)
          return .succeeded
        } catch let error as URLError {
          let code = error.code
          let name =
            code == .notConnectedToInternet ? "notConnectedToInternet" : code == .timedOut ? "timedOut" : "\(code)"
          let failing = error.userInfo[NSURLErrorFailingURLErrorKey] as? URL
          codes.withLock { $0.append(name + (failing?.path == "/orders" ? "" : " without its URL")) }
          return .uncertain
        } catch {
          codes.withLock { $0.append("not a URLError: \(error)") }
          return .uncertain
        }
      }
    _ = try world.runOnce(seed: 1)
    let seen = codes.withLock { Set($0) }
    #expect(seen.contains("notConnectedToInternet"), "\(seen.sorted())")
    #expect(seen.isSubset(of: ["notConnectedToInternet", "timedOut"]), "\(seen.sorted())")
  }

  @Test func theResponseCarriesStatusHeadersAndTheRequestsURL() throws {
    let seen = Mutex<[String]>([])
    let world = try Self.shipped("checkout-reference", ["workload.operations=1", "network.requestLoss=0"])
      .requestWorld { client in
        var request = URLRequest(url: URL(string: "https://shop.example/orders?source=app")!)
        request.httpMethod = "POST"
        request.setValue("k-1", forHTTPHeaderField: "Idempotency-Key")
        request.httpBody = Data("order=1".utf8)
        guard let (data, response) = try? await client.urlSession.upload(for: request, from: Data("order=1".utf8)),
          let http = response as? HTTPURLResponse
        else { return .uncertain }
        let read = try? await client.urlSession.data(from: URL(string: "https://shop.example/orders/1")!).1
        seen.withLock {
          $0 = [
            "\(http.statusCode)", http.url?.absoluteString ?? "no URL", "\(data.count)",
            "\((read as? HTTPURLResponse)?.statusCode ?? 0)",
          ]
        }
        return .succeeded
      }
    let trace = try world.trace(seed: 1)
    #expect(trace.contains("POST /orders?source=app"), "the path keeps the query: \(trace)")
    #expect(trace.contains("GET /orders/1"), "\(trace)")
    let values = seen.withLock { $0 }
    #expect(values.count == 4 && values[0].hasPrefix("2") && values[1] == "https://shop.example/orders?source=app")
    #expect(values.last == "200", "the GET finds the applied write: \(values)")
  }

  @Test func aBodyStreamIsRefusedWithTheReason() throws {
    let reasons = Mutex<[String]>([])
    let world = try Self.shipped("checkout-reference", ["workload.operations=1"]).requestWorld { client in
      var request = URLRequest(url: URL(string: "https://shop.example/orders")!)
      request.httpMethod = "POST"
      request.httpBodyStream = InputStream(data: Data("order=1".utf8))
      do {
        _ = try await client.urlSession.data(for: request)
      } catch {
        reasons.withLock { $0.append("\(error)") }
      }
      return .failed
    }
    _ = try world.runOnce(seed: 1)
    let reason = reasons.withLock { $0.first ?? "" }
    #expect(reason.contains("httpBodyStream") && reason.contains("upload(for:from:)"), "\(reason)")
  }

  @Test func aSessionUsedOutsideTheSimulationThrowsTheEscapeNotAURLError() async throws {
    let kept = Mutex<SimulatedURLSession?>(nil)
    let world = try Self.shipped("checkout-reference", ["workload.operations=1"]).requestWorld { client in
      kept.withLock { $0 = client.urlSession }
      return .succeeded
    }
    _ = try world.runOnce(seed: 1)
    let session = try #require(kept.withLock { $0 })
    await #expect(throws: SimulationError.self) {
      _ = try await session.data(from: URL(string: "https://shop.example/orders/1")!)
    }
  }
}
