/// The app's process on one device, as the OS runs it: foreground,
/// suspended, terminated or force-quit, with the session identifier the
/// app uses and the background time it has been given: 32 bytes, two to a
/// line of the app's line-aligned table.
@usableFromInline
struct AppLifecycle: BitwiseCopyable {
  /// Where the process is.
  @usableFromInline
  enum State: UInt8, BitwiseCopyable {
    case foreground
    /// In memory, not running.
    case suspended
    /// Terminated by the system; transfers go on.
    case terminated
    /// Force-quit by the user: no background relaunch until opened.
    case forceQuit
  }

  @usableFromInline
  var state: State = .terminated
  /// The background session's identifier the app uses now; with a stable
  /// identifier it never changes.
  @usableFromInline
  var session = SessionIdentifier.initial
  /// Whether the app is running its background task (events reach it at
  /// once, as in the foreground).
  @usableFromInline
  var runsBackgroundTask = false
  /// Background wakes since the user last opened the app (the system's
  /// relaunch delay grows with them).
  @usableFromInline
  var backgroundWakes: UInt32 = 0
  /// Whether a wake is scheduled.
  @usableFromInline
  var wakePending = false
  /// Wakes and background time used.
  @usableFromInline
  var wakeUps: UInt32 = 0
  @usableFromInline
  var backgroundRuntime = VirtualDuration.zero

  /// A process that has not started: terminated, on the install's session.
  @inlinable
  init() {}
}
