import Foundation
import Testing

/// Conditional writes after a 412, as users sweep them.
@Suite struct ConflictBackoffCommandTests {
  static func scenario(_ name: String) -> String { RequestCommandTests.scenario(name) }

  /// The rows of a CSV table (CRLF lines), each a dictionary by column name.
  static func rows(_ csv: String) -> [[String: String]] {
    let lines = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    guard let header = lines.first?.components(separatedBy: ",") else { return [] }
    return lines.dropFirst().map { line in
      Dictionary(uniqueKeysWithValues: zip(header, line.components(separatedBy: ",")))
    }
  }

  /// The regression the fix is for: varying the jitter of a contended
  /// scenario changed nothing, because a 412 was followed by an immediate
  /// re-read whatever `client.backoff` said.
  @Test func varyingTheJitterChangesAContendedSweep() throws {
    let result = try FaultSimProcess.run([
      "sweep", Self.scenario("conditional-write-contention.json"), "--seeds", "0..<20", "--quiet",
      "--vary", "client.backoff.jitter=none,full,equal,decorrelated",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let rows = Self.rows(result.stdout)
    #expect(rows.count == 4)
    let measured = rows.map { [$0["write_calls"], $0["makespan_mean_ms"]] }
    #expect(Set(measured).count == 4, "\(measured)")
  }

  /// Every column of the table before conflicts backed off (FaultSim 0.1.0
  /// at commit 1472fb3), minus `scenario_digest` (it covers the file, whose
  /// description changed, and the overrides).
  static let rowsBeforeTheFix = """
    client.backoff.jitter,seeds,operations,duplicated,duplicate_rate,duplicate_rate_lo,duplicate_rate_hi,lost,lost_rate,uncertain,uncertain_rate,attempts_mean,server_requests,completion_p50_ms,completion_p99_ms,lost_rate_lo,lost_rate_hi,uncertain_rate_lo,uncertain_rate_hi,succeeded,amplification,write_calls,overload_rejections,retries_refused,makespan_mean_ms,seeds_with_races,order_sensitive_rate,interleavings_per_seed,faultsim_version\r
    none,20,1000,0,0.000000,0.000000,0.003827,0,0.000000,0,0.000000,24.2120,24212,2441.085,5486.150,0.000000,0.003827,0.000000,0.003827,1000,24.2120,12106,0,0,5438.127,0,0.000000,8,0.1.0\r
    full,20,1000,0,0.000000,0.000000,0.003827,0,0.000000,0,0.000000,24.2120,24212,2441.085,5486.150,0.000000,0.003827,0.000000,0.003827,1000,24.2120,12106,0,0,5438.127,0,0.000000,8,0.1.0\r
    equal,20,1000,0,0.000000,0.000000,0.003827,0,0.000000,0,0.000000,24.2120,24212,2441.085,5486.150,0.000000,0.003827,0.000000,0.003827,1000,24.2120,12106,0,0,5438.127,0,0.000000,8,0.1.0\r
    decorrelated,20,1000,0,0.000000,0.000000,0.003827,0,0.000000,0,0.000000,24.2120,24212,2441.085,5486.150,0.000000,0.003827,0.000000,0.003827,1000,24.2120,12106,0,0,5438.127,0,0.000000,8,0.1.0\r

    """

  /// `client.conflictRetry: "immediate"` is the old behaviour: the same
  /// values in every column the old table had (columns added since are
  /// not compared).
  @Test func anImmediateRereadGivesTheRowsOfBeforeTheFix() throws {
    let result = try FaultSimProcess.run([
      "sweep", Self.scenario("conditional-write-contention.json"), "--seeds", "0..<20", "--quiet",
      "--set", "client.conflictRetry=immediate", "--vary", "client.backoff.jitter=none,full,equal,decorrelated",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let expected = Self.rows(Self.rowsBeforeTheFix)
    let measured = Self.rows(result.stdout)
    #expect(measured.count == expected.count)
    for (old, new) in zip(expected, measured) {
      // The version column says which FaultSim wrote the row, so it is the
      // one column that must differ.
      for (column, value) in old.sorted(by: { $0.key < $1.key }) where column != "faultsim_version" {
        #expect(new[column] == value, "\(column) of the row for jitter \(old["client.backoff.jitter"] ?? "?")")
      }
    }
  }
}
