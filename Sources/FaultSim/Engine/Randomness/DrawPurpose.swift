/// What a random draw is for: "request loss", "latency", "race order".
///
/// Part of a draw's logical identity (``DrawKey``). The raw values are part
/// of the determinism contract: renumbering a purpose changes every result
/// that uses it, so models declare their purposes with fixed numbers.
@usableFromInline package struct DrawPurpose: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The purpose's number, mixed into every draw key that uses it.
  @usableFromInline package var rawValue: UInt64

  /// The purpose numbered `rawValue`: a fixed number a model declares once
  /// (``DrawPurposeSet``).
  @inlinable
  package init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// `purpose#17`: the raw number; `DrawPurposeCatalog.entry(for:)` gives its
  /// name.
  @usableFromInline package var description: String { "purpose#\(rawValue)" }

  /// Draws made by an order strategy to answer a race's choice point.
  /// Kept apart from every model purpose, so reordering races never changes
  /// a fault.
  @usableFromInline package static let raceOrder = DrawPurpose(rawValue: 0xFFFF_FFFF_0000_0001)
}
