/// A span of virtual time during which the device has no connectivity:
/// requests cannot leave, from `start` (inclusive) until `end` (exclusive).
public struct OfflineWindow: Hashable, Sendable {
  /// When connectivity is lost.
  public var start: VirtualTime
  /// When it is back.
  public var end: VirtualTime

  /// A window from `start` (inclusive) until `end` (exclusive).
  public init(start: VirtualTime, end: VirtualTime) {
    self.start = start
    self.end = end
  }

  /// Whether `time` falls inside the window.
  @inlinable
  public func contains(_ time: VirtualTime) -> Bool {
    start <= time && time < end
  }
}
