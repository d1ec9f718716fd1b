import Foundation
import Testing

@testable import FaultSim

/// The engine's machinery is not what users of the library write against:
/// policies and handlers see a `DecisionContext`, worlds are opened with a
/// visitor. These types stay `package` (or internal), so that changing the
/// queue, the generators or the trace writers never breaks a user's code.
/// The CLI, the benchmarks, the fuzzer and the tests still reach them.
@Suite struct EngineInternalsTests {
  /// Engine types that must not be declared `public`.
  static let internals = [
    "Simulation", "EventQueue", "EventQueueEntry", "SplitMix64", "Xoshiro256StarStar", "ChoiceSequenceMismatch",
    "SchedulingIdentity", "TraceFormat", "TraceStream", "TraceWriter",
  ]

  /// Where each of `name`'s public declarations is, as `path:line`.
  static func publicDeclarations(of name: String) throws -> [String] {
    let declaration = try Regex(
      #"^\s*(@\w+ )*public (final )?(struct|enum|class|actor|protocol|typealias) "#
        + name + #"\b"#)
    return try WorldRegistryTests.sourceFiles().filter { $0.path.hasPrefix("Sources/FaultSim/") }.flatMap {
      file in
      file.lines.indices.filter { file.lines[$0].contains(declaration) }.map { "\(file.path):\($0 + 1)" }
    }
  }

  @Test(arguments: internals)
  func theEngineMachineryIsNotPublic(name: String) throws {
    let found = try Self.publicDeclarations(of: name)
    #expect(found.isEmpty, "\(name) is engine machinery, not public API; declare it package: \(found)")
  }

  /// The check finds what it looks for: the public `DecisionContext`.
  @Test func theCheckFindsAPublicType() throws {
    #expect(try Self.publicDeclarations(of: "DecisionContext").count == 1)
  }
}
