/// The work of one request-world run, before it runs: the events of its
/// operations, and the server restarts its schedule walks past.
///
/// Random restarts are not events: the server walks past every restart
/// since its last request when the next one arrives, so a short
/// `meanInterval` over a long run is work without a single event to show
/// for it: a millisecond over 30 days is 2.6 billion restarts, minutes of
/// a release build. Measured (release, CPU time): about 22 million
/// restarts passed a second, where a run handles about 3 million events a
/// second, so a restart passed is counted as an eighth of an event.
extension RequestWorld: WorkSizedWorld {
  /// Events an operation makes, each submission: a send, an arrival, an
  /// answer and its delivery, for a few attempts. A typical figure, not a
  /// bound: the guard it feeds refuses only what is far beyond minutes.
  static let eventsPerSubmission: Double = 8
  /// Restarts passed per event of work.
  static let restartsPerEvent: Double = 8

  @usableFromInline package static func estimatedWork(_ options: RequestWorldOptions) -> WorkEstimate {
    let workload = options.workload
    let submissions = Double(workload.operations) * Double(max(workload.submissions, 1))
    let operationEvents = submissions * eventsPerSubmission
    let operationsCause =
      "about \(grouped(clamped(operationEvents))) events for \(workload.operations) operations (workload.operations)"
    guard let restarts = options.server.restarts, let mean = restarts.meanInterval, mean.nanoseconds > 0 else {
      return WorkEstimate(events: clamped(operationEvents), cause: operationsCause)
    }
    let span = runSpan(options)
    let passed = span / Double(mean.nanoseconds)
    let restartEvents = passed / restartsPerEvent
    let total = operationEvents + restartEvents
    guard restartEvents > operationEvents else { return WorkEstimate(events: clamped(total), cause: operationsCause) }
    let hours = span / 3.6e12
    let spanText = hours >= 1 ? "\(clamped(hours))h" : VirtualDuration(nanoseconds: clamped(span)).description
    return WorkEstimate(
      events: clamped(total),
      cause:
        "about \(grouped(clamped(passed))) server restarts: server.restarts.meanInterval is \(mean) over about \(spanText) "
        + "of arrivals and attempts")
  }

  /// About how long a run lasts in virtual time: the arrivals' span and
  /// then one operation's attempts, timeouts and longest backoffs, each
  /// submission.
  static func runSpan(_ options: RequestWorldOptions) -> Double {
    let workload = options.workload
    let arrivals: Double
    switch workload.arrival {
    case .simultaneous(let at): arrivals = Double(at.nanoseconds)
    case .uniform(let over): arrivals = Double(over.nanoseconds)
    case .poisson(let meanGap): arrivals = Double(meanGap.nanoseconds) * Double(workload.operations)
    }
    let client = options.client
    let attempt = Double(client.timeout.nanoseconds) + Double(client.backoff.cap.nanoseconds)
    let open = Double(max(client.attempts, 1)) * attempt * Double(max(workload.submissions, 1))
    return arrivals + open
  }

  /// `2,592,000,000`.
  static func grouped(_ count: UInt64) -> String {
    let digits = Array(String(count))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }

  /// `value` as a count, `UInt64.max` past it.
  static func clamped(_ value: Double) -> UInt64 {
    value >= 0x1p64 ? .max : UInt64(max(0, value.rounded(.up)))
  }
}
