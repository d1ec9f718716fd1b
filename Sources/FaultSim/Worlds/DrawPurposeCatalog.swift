/// Every draw purpose of every world and shared model, in one list: where
/// reports find a purpose's name and role, and where a test checks that no
/// two purposes share a raw value (a shared value would make two decisions
/// draw the same number) and no owner uses a name twice.
@usableFromInline package enum DrawPurposeCatalog {
  /// One purpose: its owner, name, role and raw value.
  @usableFromInline package struct Entry: Hashable, Sendable {
    /// Who draws with the purpose: a world or a shared model.
    @usableFromInline package var owner: String
    /// The purpose's kebab-case name.
    @usableFromInline package var name: String
    /// What the purpose's draws decide.
    @usableFromInline package var role: DrawRole
    /// The purpose as part of a draw key.
    @usableFromInline package var purpose: DrawPurpose
  }

  /// Every purpose set: each registered world's (``WorldRegistry``), then
  /// the shared models' and the lessons'.
  /// A world's set is owned by the world's name.
  static let sets: [(owner: String, purposes: any DrawPurposeSet.Type)] =
    WorldRegistry.worlds.map { ($0.worldName, draws(of: $0)) } + [
      ("device", DeviceDraw.self), ("network", NetworkDraw.self), ("lessons", LessonDraw.self),
      ("runtime", RuntimeDraw.self),
    ]

  /// A world's purpose set.
  private static func draws<World: ScenarioWorld>(of world: World.Type) -> any DrawPurposeSet.Type {
    World.Draws.self
  }

  /// Every purpose, set by set in declaration order, then the engine's own.
  @usableFromInline package static let entries: [Entry] = {
    var entries: [Entry] = []
    for set in sets { entries += set.purposes.catalogEntries(owner: set.owner) }
    entries.append(Entry(owner: "engine", name: "race-order", role: .race, purpose: .raceOrder))
    return entries
  }()

  /// The entry of a purpose, if any set declares it.
  ///
  /// - Complexity: O(p) for p purposes (a few dozen).
  @usableFromInline package static func entry(for purpose: DrawPurpose) -> Entry? {
    entries.first { $0.purpose == purpose }
  }
}

extension DrawPurposeSet {
  /// This set's purposes as catalogue entries of `owner`.
  static func catalogEntries(owner: String) -> [DrawPurposeCatalog.Entry] {
    allCases.map { DrawPurposeCatalog.Entry(owner: owner, name: $0.name, role: $0.role, purpose: $0.purpose) }
  }
}
