/// The `server.keyStore.lagSpikes` section of a request scenario.
extension LagSpikeOptions {
  /// The episodes per minute a scenario may ask for.
  static let rateRange: ClosedRange<Double> = 0...60

  /// The section's keys, in reading order.
  static let optionTable = OptionTable<LagSpikeOptions>([
    .option(
      .number(
        "rate", in: rateRange,
        "replication stalls starting per minute on average (a Poisson process drawn per one-minute window)"),
      \.rate),
    .option(
      .distribution(
        "duration",
        "how long one stall lasts; every key stored during it reaches the replicas only when it ends "
          + "(stalls longer than an hour are cut at an hour)"),
      \.duration),
  ])
}
