/// A span of virtual time during which the device has no connectivity:
/// requests cannot leave, from `start` (inclusive) until `end` (exclusive).
@usableFromInline package struct OfflineWindow: Hashable, Sendable {
  /// When connectivity is lost.
  @usableFromInline package var start: VirtualTime
  /// When it is back.
  @usableFromInline package var end: VirtualTime

  /// A window from `start` (inclusive) until `end` (exclusive).
  @usableFromInline package init(start: VirtualTime, end: VirtualTime) {
    self.start = start
    self.end = end
  }

  /// Whether `time` falls inside the window.
  @inlinable
  package func contains(_ time: VirtualTime) -> Bool {
    start <= time && time < end
  }
}
