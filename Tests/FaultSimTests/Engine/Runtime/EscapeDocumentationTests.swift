import Foundation
import Testing

@testable import FaultSim

/// The escapes docs/user-code.md promises are the ones the runtime reports:
/// its "Detected as an escape" list names every kind, by the name the
/// report prints, and nothing else.
@Suite struct EscapeDocumentationTests {
  /// The bold names of the "Detected as an escape" list, in order.
  static func documentedKinds() throws -> [String] {
    let text = try String(
      contentsOf: TestLayoutTests.root.appendingPathComponent("docs/user-code.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix("Detected as an escape") })
    var names: [String] = []
    for line in lines[(start + 1)...] {
      if line.hasPrefix("Not controlled") || line.hasPrefix("#") { break }
      guard line.hasPrefix("- **"), let end = line.dropFirst(4).firstRange(of: "**") else { continue }
      names.append(String(line[line.index(line.startIndex, offsetBy: 4)..<end.lowerBound]))
    }
    return names
  }

  @Test func theDocumentedEscapesAreTheReportedKinds() throws {
    let documented = try Self.documentedKinds()
    let reported = SimulationEscape.Kind.allCases.map { $0.rawValue.replacingOccurrences(of: "-", with: " ") }
    #expect(documented.sorted() == reported.sorted(), "docs/user-code.md lists \(documented)")
    #expect(Set(documented).count == documented.count, "each kind once: \(documented)")
  }

  @Test func eachReportNamesItsKindAsTheDocsDo() {
    for kind in SimulationEscape.Kind.allCases {
      let report = "\(SimulationEscape(kind, "what happened"))"
      #expect(report.hasPrefix("user code left the simulation (\(kind.rawValue)): what happened — "), "\(report)")
    }
  }
}
