/// One race the engine answered: events the real system could deliver in
/// either order, and which order this run took.
///
/// A run is fully named by (scenario, seed, choice sequence); traces,
/// witnesses and shrunk counterexamples print their choice points.
@usableFromInline package struct ChoicePoint: Hashable, Sendable, CustomStringConvertible {
  /// The race's logical identity (entity, kind, occurrence). The seeded
  /// random strategy answers from it, so the same race gets the same answer
  /// however other races went.
  @usableFromInline package var race: DrawKey
  /// What races, e.g. `finish-vs-enqueue`.
  @usableFromInline package var label: String
  /// The names of the alternatives, in alternative order.
  @usableFromInline package var alternatives: [String]
  /// The alternative taken, in `0 ..< alternatives.count`; 0 is the FIFO
  /// (time, insertion) order.
  @usableFromInline package var chosen: Int
  /// When the choice was made.
  @usableFromInline package var time: VirtualTime

  /// A race answered with alternative `chosen` of `alternatives` at `time`; see
  /// the properties for each argument.
  @usableFromInline package init(race: DrawKey, label: String, alternatives: [String], chosen: Int, time: VirtualTime) {
    self.race = race
    self.label = label
    self.alternatives = alternatives
    self.chosen = chosen
    self.time = time
  }

  /// The name of the chosen alternative.
  @usableFromInline package var chosenName: String {
    alternatives.indices.contains(chosen) ? alternatives[chosen] : "#\(chosen)"
  }

  /// `finish-vs-enqueue#3: enqueue first (1 of 2)`.
  @usableFromInline package var description: String {
    "\(label)#\(race.entity): \(chosenName) (\(chosen + 1) of \(alternatives.count))"
  }
}
