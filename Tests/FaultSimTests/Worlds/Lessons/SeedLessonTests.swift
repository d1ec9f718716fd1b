import Foundation
import Testing

@testable import FaultSim

/// Golden tests: the lesson blocks, computed, against the text of the seed
/// lessons kept as fixtures (tests never read outside the package).
@Suite struct SeedLessonTests {
  static func fixture(_ lesson: SeedLesson) throws -> String {
    let url = try #require(
      Bundle.module.url(forResource: lesson.rawValue, withExtension: "txt", subdirectory: "Fixtures/lessons"))
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test(arguments: SeedLesson.allCases)
  func blockMatchesTheSeedByteForByte(lesson: SeedLesson) throws {
    let computed = try lesson.lines().map { $0 + "\n" }.joined()
    #expect(computed == (try Self.fixture(lesson)))
  }

  @Test func fullReportSeparatesBlocksWithOneEmptyLine() throws {
    let expected = try SeedLesson.allCases.map(Self.fixture).joined(separator: "\n")
    #expect(try SeedLesson.report() == expected)
  }

  @Test func theRetryLoopRunsOnTheEngine() throws {
    let keyless = try SingleOrderWorld.run(.init(budget: 3, key: nil, lostResponses: [1]))
    #expect(keyless.attempts == 2)
    #expect(keyless.observations == [.failure(.timeout), .success])
    let exhausted = try SingleOrderWorld.run(.init(budget: 3, key: nil, lostResponses: [1, 2, 3]))
    #expect(exhausted.attempts == 3)
    #expect(exhausted.ledger.count(of: "kitap") == 3)
    let ignored = try SingleOrderWorld.run(.init(budget: 3, key: "k-9", lostResponses: [1], serverHonoursKeys: false))
    #expect(ignored.ledger.count(of: "kitap") == 2, "a server that ignores the key duplicates like no key (AG7)")
  }

  @Test func failureClassificationCoversEveryClass() {
    #expect(AttemptFailure.connectionLost.isRetryable && !AttemptFailure.connectionLost.provesNotApplied)
    #expect(AttemptFailure.cannotConnect.isRetryable && AttemptFailure.cannotConnect.provesNotApplied)
    #expect(AttemptFailure.dnsFailure.provesNotApplied)
    #expect(AttemptFailure.throttled(status: 429, retryAfter: .seconds(1)).isRetryable)
    #expect(!AttemptFailure.client(413).isRetryable)
    #expect(!AttemptFailure.server(500).provesNotApplied)
  }
}
