/// A background session's identifier (`URLSessionConfiguration.background(
/// withIdentifier:)`), as the generation of the app's naming: 0 at install,
/// one more for each fresh identifier (``SessionIdentifierPolicy``).
@usableFromInline
struct SessionIdentifier: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
  /// How many fresh identifiers the app took before this one.
  @usableFromInline
  let generation: UInt32

  /// The identifier an app uses from its first launch.
  @usableFromInline
  static let initial = SessionIdentifier(generation: 0)

  /// The fresh identifier after this one.
  @usableFromInline
  var next: SessionIdentifier { SessionIdentifier(generation: generation &+ 1) }

  /// The generation, as traces print it (`session=2`).
  @usableFromInline
  var description: String { "\(generation)" }
}
