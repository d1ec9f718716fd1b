/// The `client.clock` and `server.clock` sections (issue 13, clocks that
/// disagree).
extension ClockOptions {
  /// The client's clock: an offset, a per-device spread, a drift.
  static let clientTable = OptionTable<ClockOptions>(rows(spread: true))

  /// The server's clock (one machine: no spread).
  static let serverTable = OptionTable<ClockOptions>(rows(spread: false))

  static func rows(spread: Bool) -> [OptionTable<ClockOptions>.Row] {
    var rows: [OptionTable<ClockOptions>.Row] = [
      .option(.duration("ahead", in: ScenarioLimits.delay, "how far the clock is ahead of true time"), \.ahead),
      .option(.duration("behind", in: ScenarioLimits.delay, "how far the clock is behind true time"), \.behind),
      .check(("behind", "not both `ahead` and `behind`")) { clock, reader throws(ScenarioError) in
        guard clock.ahead == .zero || clock.behind == .zero else {
          throw reader.error(
            "a clock is either ahead or behind; give one of `ahead` and `behind`, the other 0", key: "behind")
        }
      },
    ]
    if spread {
      rows.append(
        .option(
          .duration(
            "spread", in: ScenarioLimits.delay,
            "each device's offset lies uniformly within ± this of the clock's, drawn per operation"),
          \.spread))
    }
    rows.append(
      .option(
        .integer(
          "driftPPM", in: ClockOptions.driftRange,
          "how fast the clock runs, parts per million (+ fast, − slow); durations measured on it last "
            + "d·10⁶/(10⁶+driftPPM) of true time"),
        \.driftPPM))
    return rows
  }
}
