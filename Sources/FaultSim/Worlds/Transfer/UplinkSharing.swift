extension TransferWorldOptions.Daemon {
  /// How a device's concurrent uploads share its uplink (`daemon.uplink`).
  @usableFromInline package enum Uplink: String, CaseIterable, Hashable, Sendable {
    /// Processor sharing: each of the `n` running uploads of a device moves
    /// at its own rate divided by `n`, so five uploads over a 10 kB/s link
    /// move 10 kB/s together, not 50.
    case shared
    /// Every upload moves at the full rate, whatever else the device sends
    /// (the model before `shared`).
    case perTask = "per-task"
  }
}
