import FaultSim
import FaultSimTesting
import NameClashFixture
import Testing

/// FaultSim's names do not clash with the HTTP libraries users import next
/// to it, nor with Swift Testing's: this file compiles without qualifying
/// any name.
@Suite struct NameClashTests {
  /// Testing's `SourceLocation`, unqualified, next to FaultSim.
  static func here(_ location: SourceLocation = #_sourceLocation) -> Int { location.line }

  @Test func theOtherLibrariesNamesAndFaultSimsLiveSideBySide() {
    let theirs = HTTPRequest(method: "GET")
    let theirResponse = HTTPResponse(status: 204)
    _ = HTTPHeaders()
    let ours = TransportRequest(method: "POST", path: "/orders", headers: TransportHeaders(), text: "order=1")
    let ourResponse = TransportResponse(status: 201)
    let failure: Result<Int, Failure> = .failure(.failed)
    #expect(theirs.method == "GET" && ours.method == "POST")
    #expect(theirResponse.status == 204 && ourResponse.isSuccess)
    #expect(AttemptFailure.timeout.isRetryable)
    #expect((try? failure.get()) == nil)
    #expect(Self.here() > 0)
  }
}
