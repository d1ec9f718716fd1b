import Testing

@testable import FaultSim

@Suite struct SensitivityProbeTests {
  @Test func classifiesAllFourCases() {
    let robust = replay("set", from: 0, { _ in 1 }, then: { _ in 1 })
    let repeatSensitive = replay("increment", from: 0, { $0 + 1 }, then: { $0 + 2 })
    let orderSensitive = replay("assign", from: 0, { _ in 1 }, then: { _ in 2 })
    let doubly = replay("double-then-add", from: 1, { $0 * 2 }, then: { $0 + 1 })
    #expect(robust.sensitivity == .robust)
    #expect(repeatSensitive.sensitivity == .repeatSensitive)
    #expect(orderSensitive.sensitivity == .orderSensitive)
    #expect(doubly.sensitivity == .doublySensitive)
  }

  @Test func appliesOperationsInTheDocumentedOrder() {
    let trial = replay("append", from: "", { $0 + "a" }, then: { $0 + "b" })
    #expect(trial.once == "a")
    #expect(trial.twice == "aa")
    #expect(trial.forward == "ab")
    #expect(trial.backward == "ba")
    #expect(trial.lessonLine == "append | bir=a iki=aa ab=ab ba=ba -> cift-duyarli")
  }

  @Test func tallyPrintsEveryClassInCanonicalOrder() {
    let tally = SensitivityTally([.repeatSensitive, .robust, .repeatSensitive])
    #expect(tally.lessonLines == ["saglam: 1", "yinelemeye-duyarli: 2", "siraya-duyarli: 0", "cift-duyarli: 0"])
    #expect(Sensitivity.orderSensitive.description == "order-sensitive")
  }
}
