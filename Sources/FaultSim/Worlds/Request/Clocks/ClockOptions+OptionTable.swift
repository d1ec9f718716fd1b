/// The `client.clock` and `server.clock` sections (clocks that
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
      rows.append(
        .option(
          .choice(
            "preset",
            "how each device's offset is drawn: `uniform` (within ± `spread`) or `phones-measured` (most within "
              + "±15 s, 6.5% up to an hour off, 3.5% over an hour off; see docs/duplicates/clocks.md)"),
          \.preset))
      rows.append(
        .check(("preset", "not both `spread` and `phones-measured`")) { clock, reader throws(ScenarioError) in
          guard clock.preset == .uniform || clock.spread == .zero else {
            throw reader.error(
              "`phones-measured` draws each device's offset itself; remove `spread` or use preset `uniform`",
              key: "preset")
          }
        })
      rows.append(
        .option(
          .choice(
            "retryAfterBasis",
            "what the client subtracts from a Retry-After HTTP date: `own-clock` (its clock's now; skew "
              + "changes the wait) or `date-header` (the response's Date header; skew cancels)"),
          \.retryAfterBasis))
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
