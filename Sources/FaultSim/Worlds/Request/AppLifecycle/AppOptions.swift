/// The app process the client runs in, and its outbox (apps
/// killed mid-request). The transfer world's `lifecycle` speaks of the same
/// process: it is *terminated* (by the system) or *force-quit* (by the
/// user) and the user *relaunches* it later. For a request the two are
/// alike: the process that sent the request is gone, the request is not —
/// it left the device and reaches the server as the network says — and
/// nothing hears its response.
///
/// What the relaunched app does about the write it was sending is the
/// outbox's: a row written before the send and marked sent once answered.
@usableFromInline package struct AppOptions: Hashable, Sendable {
  /// What the relaunched app does with a write whose row is not marked sent.
  @usableFromInline package enum Outbox: String, CaseIterable, Hashable, Sendable {
    /// No outbox: the write lived in the process alone and is abandoned; the
    /// user cannot tell whether it landed (*uncertain*).
    case none
    /// The row holds the operation's key: the resend carries the key its
    /// first attempt carried, so a server that honours keys applies it once.
    case resendWithStoredKey = "resend-with-stored-key"
    /// The row holds the body only; the key was made when the write was
    /// sent and died with the process, so the resend carries a new one: a
    /// duplicate whenever the first attempt landed.
    case resendWithNewKey = "resend-with-new-key"
  }

  /// When the outbox marks a row sent (and will not resend it).
  @usableFromInline package enum MarksSent: String, CaseIterable, Hashable, Sendable {
    /// Only on a 2xx answer to the write.
    case on2xx = "on-2xx"
    /// On any HTTP answer to a write attempt, a 5xx or 429 included: a
    /// later kill during a retry finds the row marked sent, so nothing is
    /// resent and the write may be lost.
    case onAnyResponse = "on-any-response"
  }

  /// Probability that the app is killed (terminated by the system or
  /// force-quit by the user) during a write attempt that left the device:
  /// the kill comes at a uniform time within `client.timeout` of the send.
  /// A kill after the attempt's answer or timeout does nothing (the model
  /// kills mid-request only).
  @usableFromInline package var termination: Double = 0
  /// When the user opens the app again, from the kill.
  @usableFromInline package var relaunchAfter: LatencyDistribution = .uniform(min: .seconds(10), max: .minutes(5))
  /// What the relaunched app resends.
  @usableFromInline package var outbox: Outbox = .none
  /// When the outbox marks a row sent.
  @usableFromInline package var marksSent: MarksSent = .on2xx
  /// The most times the outbox resends an operation's write (all its
  /// submissions), one resend per relaunch, before it gives the row up: the
  /// write ends *uncertain* at the next kill. Real outboxes count their sends and park a row after a limit (a
  /// dead-letter step), and a person stops opening an app that dies every
  /// time; without a limit an app killed at every send would be relaunched
  /// without end.
  @usableFromInline package var maxResends = 10

  /// The model's defaults: the app is never killed.
  @usableFromInline package init() {}

  /// Whether the app can be killed at all.
  @inlinable
  package var isKilled: Bool { termination > 0 }
}
