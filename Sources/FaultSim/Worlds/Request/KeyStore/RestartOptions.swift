/// When the server restarts (a deploy, a crash, a failover) and for how
/// long it is down. At a restart an in-memory key store loses its keys,
/// requests being processed are lost before their commit (the client sees
/// the connection reset), and for `downtime` after it every arriving
/// request is refused (connection refused: provably not applied). With a
/// server capacity the requests waiting in its queue at the restart are
/// lost the same way (reset at the restart, never processed), and the
/// workers start idle.
///
/// The instants are the listed `at` times and, with `meanInterval`, a
/// Poisson process drawn from the run's seed (restart n's gap is the keyed
/// draw (restart n, restart interval)), so they do not depend on how
/// events interleave.
@usableFromInline package struct RestartOptions: Hashable, Sendable {
  /// Restarts at these times since the start.
  @usableFromInline package var at: [VirtualDuration] = []
  /// Restarts at random, this far apart on average (exponential gaps);
  /// `nil` for none.
  @usableFromInline package var meanInterval: VirtualDuration?
  /// How long the server is down after each restart.
  @usableFromInline package var downtime: VirtualDuration = .zero

  /// Restarts at `at` and at random every `meanInterval` on average;
  /// neither given, no restart (a no-op check reports the section).
  @usableFromInline package init(
    at: [VirtualDuration] = [], meanInterval: VirtualDuration? = nil, downtime: VirtualDuration = .zero
  ) {
    self.at = at
    self.meanInterval = meanInterval
    self.downtime = downtime
  }
}
