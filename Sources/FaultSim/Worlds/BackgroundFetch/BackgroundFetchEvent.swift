/// One pending event of the background fetch world: 12 bytes, no
/// references. Each case says what happens and carries, by name, the
/// number its handler needs.
@usableFromInline package struct BackgroundFetchEvent: BitwiseCopyable, Sendable {
  /// What happens.
  enum Kind: BitwiseCopyable {
    /// The system wakes the app in the background for the user's fetch
    /// number `fetch` (from 0).
    case systemWakesApp(fetch: UInt32)
    /// That fetch ends: the completion handler is called, or the system
    /// expires the app at the time limit (or when the network goes).
    case fetchEnds(fetch: UInt32)
    /// The user opens the app: its foreground session number `session`.
    case userOpensApp(session: UInt32)
  }

  /// What happens.
  let kind: Kind
  /// The user (and device, and app).
  let user: UInt32

  init(_ kind: Kind, user: Int) {
    self.kind = kind
    self.user = UInt32(user)
  }
}
