import Foundation
import Testing

/// `faultsim schema` as users and scripts/generate-scenario-schema.sh call it.
@Suite struct SchemaCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func printsTheShippedSchema() throws {
    let result = try FaultSimProcess.run(["schema"])
    #expect(result.status == 0, "\(result.stderr)")
    let shipped = try String(
      contentsOf: Self.root.appendingPathComponent("schemas/faultsim-scenario.schema.json"), encoding: .utf8)
    #expect(result.stdout == shipped)
    #expect(result.stdout.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\","))
  }

  @Test func printsOneTableAsMarkdown() throws {
    let result = try FaultSimProcess.run(["schema", "--markdown", "request.client"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.hasPrefix("| key | type | default | allowed | meaning |\n|---|---|---|---|---|\n| `timeout` |"))
    #expect(
      result.stdout.contains("| `conflictLimit` | integer or `\"unlimited\"` | 100 | 0…10,000 or `\"unlimited\"` |"))
  }

  @Test func anUnknownTableIsAUsageError() throws {
    let result = try FaultSimProcess.run(["schema", "--markdown", "request.clients"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: 'request.clients' names no option table"))
    let extra = try FaultSimProcess.run(["schema", "scenarios/checkout-reference.json"])
    #expect(extra.status == 64)
  }
}
