/// One pending event of the background fetch world: 12 bytes, no
/// references.
public struct BackgroundFetchEvent: BitwiseCopyable, Sendable {
  /// What happens.
  public enum Kind: UInt8, BitwiseCopyable, Sendable {
    /// The system wakes the app in the background for a fetch.
    case wake
    /// The fetch ends: the completion handler is called, or the app is
    /// killed at the time limit.
    case complete
    /// The user opens the app (a foreground session starts).
    case open
  }

  public var kind: Kind
  /// The user (and device, and app).
  public var user: UInt32
  /// The user's fetch ordinal (wake, complete) or session index (open).
  public var ordinal: UInt32

  @inlinable
  init(_ kind: Kind, user: UInt32, ordinal: UInt32) {
    self.kind = kind
    self.user = user
    self.ordinal = ordinal
  }
}
