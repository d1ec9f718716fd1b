import FaultSim
import Foundation
import Testing

/// Issue 13, stores that forget: server restarts reach user code under
/// simulation too — refused connections while the server is down, and
/// requests cut before their commit at the restart.
@Suite struct KeyStoreUserCodeTests {
  @Test func restartsRefuseAndCutTheRequestsOfUserCode() throws {
    let scenario = try Scenario.load(
      path: UserCodeRequestWorldTests.file,
      overrides: try [
        "workload.operations=200", #"server.restarts={"at": ["5s"], "downtime": "500ms"}"#,
        "server.processing=200ms",
      ].map { try ScenarioOverride(parsing: $0) })
    let world = try scenario.requestWorld { client in
      await NaiveCheckout(transport: client.transport, clock: client.clock).place(order: client.operation)
    }
    let trace = try world.trace(seed: 1)
    #expect(trace.contains("connection refused: server down since the restart at 5.000000s"))
    #expect(trace.contains("lost before commit: server restarts at 5.000000s"))
    #expect(try world.trace(seed: 1) == trace, "the same seed gives the same trace")
  }
}
