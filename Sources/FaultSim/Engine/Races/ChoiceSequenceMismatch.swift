/// A replayed choice sequence (`--order 0,1,0`) that does not fit the run
/// it replays: a choice beyond its choice point's alternatives, or more
/// choices than the run has choice points.
///
/// The engine answers such a choice with the nearest alternative so that a
/// replay never traps (``OrderStrategy/replay(_:)``); whoever gave the
/// sequence must hear that it was not what ran. The run is exact up to the
/// first bad choice, so checking the finished run's choice points
/// (``RunSummary/choices``) finds that choice exactly:
///
/// ```swift
/// let run = try RequestWorld.runOnce(options, seed: 7, strategy: .replay(sequence))
/// if let mismatch = ChoiceSequenceMismatch.check(sequence, against: run.summary.choices) {
///   print(mismatch)
/// }
/// ```
@usableFromInline package struct ChoiceSequenceMismatch: Error, Hashable, Sendable, CustomStringConvertible {
  /// What does not fit, naming the choice, its position and the allowed
  /// range.
  @usableFromInline package var description: String

  /// The first way `sequence` does not fit `choices`, the choice points of
  /// the run that replayed it; `nil` when every choice was taken as given.
  ///
  /// - Complexity: O(`sequence.count`).
  @usableFromInline package static func check(_ sequence: [Int], against choices: [ChoicePoint])
    -> ChoiceSequenceMismatch?
  {
    for (index, choice) in sequence.enumerated() where index < choices.count {
      let point = choices[index]
      let count = point.alternatives.count
      guard !(0..<count).contains(choice) else { continue }
      let names = point.alternatives.enumerated().map { "\($0.offset) \($0.element)" }.joined(separator: ", ")
      return ChoiceSequenceMismatch(
        description:
          "choice \(choice) at position \(index + 1) of the order is out of range: choice point \(index + 1) (\(point.label) at \(point.time)) has \(count) alternatives, 0...\(count - 1) (\(names))"
      )
    }
    guard sequence.count > choices.count else { return nil }
    let surplus = sequence[choices.count...].map(String.init).joined(separator: ",")
    let met =
      choices.isEmpty
      ? "the run meets no choice point (no race)"
      : "the run meets only \(choices.count) choice point\(choices.count == 1 ? "" : "s")"
    let given = "the order has \(sequence.count) choice\(sequence.count == 1 ? "" : "s")"
    let extra =
      sequence.count - choices.count == 1
      ? "the choice at position \(sequence.count) (\(surplus)) is surplus; drop it"
      : "the choices at positions \(choices.count + 1)...\(sequence.count) (\(surplus)) are surplus; drop them"
    return ChoiceSequenceMismatch(description: "\(given) but \(met): \(extra)")
  }
}
