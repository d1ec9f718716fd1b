/// The background-fetch world's draw purposes (0x544x, races 0x548x).
public enum BackgroundFetchDraw: UInt64, DrawPurposeSet {
  /// The gap before the next content item appears on the server.
  case contentArrival = 0x5440
  /// How long a fetch's network request takes.
  case fetchDuration = 0x5441
  /// Whether a fetch's request fails (a fault).
  case fetchFailure = 0x5442
  /// The race of a fetch's snapshot with content being committed.
  case snapshotVsContent = 0x5480

  /// What the purpose's draws decide.
  public var role: DrawRole {
    switch self {
    case .contentArrival: .timeline
    case .fetchDuration: .value
    case .fetchFailure: .fault
    case .snapshotVsContent: .race
    }
  }
}
