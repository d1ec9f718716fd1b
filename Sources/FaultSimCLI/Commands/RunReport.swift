import FaultSim

/// The text `faultsim run` prints for one run: aligned `name: value` lines.
enum RunReport {
  static func request(scenario: Scenario, seed: UInt64, metrics m: RequestMetrics, summary: RunSummary) -> String {
    func count(_ value: UInt64) -> String {
      m.operations == 0 ? "\(value)" : "\(value) (\(DecimalText.percent(Double(value) / Double(m.operations), 3)))"
    }
    func milliseconds(_ nanoseconds: Double?) -> String {
      nanoseconds.map { DecimalText.fixed($0 / 1e6, 3) + " ms" } ?? "-"
    }
    var lines: [(String, String)] = [
      ("scenario", "\(scenario.name) (\(scenario.file), digest \(scenario.digest))"),
      ("seed", "\(seed)"),
      ("operations", "\(m.operations)"),
      ("succeeded", count(m.succeeded)),
      ("duplicated", count(m.duplicated)),
      ("lost", count(m.lost)),
      ("uncertain", count(m.uncertain)),
      ("applied writes", "\(m.applied)"),
      ("attempts", "\(m.attempts) (\(DecimalText.fixed(m.attemptsPerOperation, 4)) per operation)"),
      ("server requests", "\(m.serverRequests) (\(DecimalText.fixed(m.amplification, 4)) per operation)"),
      ("write calls", "\(m.writeCalls)"),
    ]
    if m.overloadRejections > 0 { lines.append(("overload 503s", "\(m.overloadRejections)")) }
    if m.retriesRefused > 0 { lines.append(("retries refused", "\(m.retriesRefused)")) }
    lines += [
      ("completion p50", milliseconds(m.completion.percentile(50))),
      ("completion p99", milliseconds(m.completion.percentile(99))),
      ("all done at", DecimalText.fixed(Double(m.makespanTotal) / 1e6, 3) + " ms"),
      ("events", "\(summary.events)"),
      ("virtual time", summary.finalTime.description),
      ("race choices", raceText(summary)),
    ]
    let width = lines.map(\.0.count).max() ?? 0
    return lines.map { "\($0.0):".rightPadded(to: width + 2) + $0.1 + "\n" }.joined()
  }

  /// `none`, `3: 0,1,0`, or the count and the first 12 choices.
  static func raceText(_ summary: RunSummary) -> String {
    let sequence = summary.choiceSequence
    guard !sequence.isEmpty else { return "none" }
    let shown = sequence.prefix(12).map(String.init).joined(separator: ",")
    let swapped = sequence.count { $0 != 0 }
    return "\(sequence.count) (\(swapped) not in FIFO order): \(shown)\(sequence.count > 12 ? ",…" : "")"
  }

}
