/// The `workload` section of a request scenario.
extension WorkloadOptions {
  /// The section's keys, in reading order.
  static let optionTable = OptionTable<WorkloadOptions>([
    .option(.integer("operations", in: ScenarioLimits.operations, "operations per run, one client each"), \.operations),
    .option(
      .choice(
        "kind",
        "`read`: GET; `idempotent-write`: PUT; `keyed-write`: a write with an idempotency key; "
          + "`keyless-write`: a write without one"),
      \.kind),
    .option(.variants("arrival", selector: "distribution", Arrival.optionVariants, "when operations start"), \.arrival),
    .option(
      .unsigned(
        "requestBytes", in: ScenarioLimits.bodyBytes, "request body size, for `network.bandwidthBytesPerSecond`"),
      \.requestBytes),
    .option(
      .unsigned(
        "responseBytes", in: ScenarioLimits.bodyBytes, "response body size, for `network.bandwidthBytesPerSecond`"),
      \.responseBytes),
    .option(
      .integer(
        "submissions", in: 1...10,
        "how many times the user submits each operation, one after the other (the repeat probe of "
          + "`faultsim explore` uses 2)"),
      \.submissions),
    .optionalSection(
      "contention", \.contention, start: Contention(resources: 1),
      OptionTable<Contention>([
        .required(
          .integer(
            "resources", in: ScenarioLimits.resources,
            "operation *i* updates record *i* mod `resources`"),
          \.resources)
      ]),
      "conditional writes: operations update shared records by read-modify-write with If-Match; a stale "
        + "version gets 412 and the client reads again, after a backoff (`client.conflictRetry`)",
      absent: "none"),
    .check(("contention", "needs a write `kind`")) { workload, reader throws(ScenarioError) in
      guard workload.contention == nil || workload.kind.isWrite else {
        throw reader.error("conditional writes need a write kind, not \(workload.kind.rawValue)", key: "kind")
      }
    },
  ])
}

extension WorkloadOptions.Arrival {
  /// How `arrival` is written: `{"distribution": …}` and the case's keys.
  static let optionVariants: [OptionVariant<WorkloadOptions.Arrival>] = {
    let at = OptionField<VirtualDuration>.duration("at", in: ScenarioLimits.span, "the instant all start")
      .defaulting(to: .zero)
    let over = OptionField<VirtualDuration>.duration(
      "over", in: ScenarioLimits.span, "the window; operation *i* is the *i*-th to start")
    let meanGap = OptionField<VirtualDuration>.duration("meanGap", in: ScenarioLimits.delay, "the mean gap")
    return [
      OptionVariant(
        "simultaneous", "all at the same instant", keys: [at.standaloneDescription],
        read: { reader throws(ScenarioError) in .simultaneous(at: try at.read(reader)) },
        members: { if case .simultaneous(let time) = $0 { [at.member(time)] } else { nil } }),
      OptionVariant(
        "uniform", "each at an independent uniform time in `[0, over]`", keys: [over.standaloneDescription],
        read: { reader throws(ScenarioError) in .uniform(over: try over.read(reader)) },
        members: { if case .uniform(let span) = $0 { [over.member(span)] } else { nil } }),
      OptionVariant(
        "poisson", "a Poisson process", keys: [meanGap.standaloneDescription],
        read: { reader throws(ScenarioError) in .poisson(meanGap: try meanGap.read(reader)) },
        members: { if case .poisson(let gap) = $0 { [meanGap.member(gap)] } else { nil } }),
    ]
  }()
}
