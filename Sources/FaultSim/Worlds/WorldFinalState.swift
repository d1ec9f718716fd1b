/// A run's final state: comparable, cheap to digest, explainable.
public protocol WorldFinalState: Hashable {
  /// A 64-bit digest: equal states have equal digests.
  var digest: UInt64 { get }
  /// What differs from another state, one line per entity, at most `limit`.
  func differences(from other: Self, limit: Int) -> [String]
  /// A short summary of the whole state.
  var summary: String { get }
  /// How many entities (operations, files, users) the state describes: its
  /// size, for memory estimates.
  var entityCount: Int { get }
}

/// The final state of a world made of entities (operations, files), in
/// entity order.
public struct EntityStates<Entity: Hashable & Sendable & CustomStringConvertible>: WorldFinalState, Sendable {
  /// Each entity's final state, in entity order.
  public var entities: [Entity]

  /// The state of `entities`, in entity order.
  @usableFromInline package init(_ entities: [Entity]) {
    self.entities = entities
  }

  /// The digest of every entity's description, in order.
  ///
  /// - Complexity: O(total length of the descriptions).
  public var digest: UInt64 {
    var digest = ContentDigest()
    for entity in entities { digest.absorb(Array(entity.description.utf8)) }
    return digest.value
  }

  /// This state's description of each entity that differs from `other`'s
  /// (`-` for an entity only one of them has), at most `limit`.
  ///
  /// - Complexity: O(entities).
  public func differences(from other: EntityStates<Entity>, limit: Int) -> [String] {
    var lines: [String] = []
    for index in 0..<Swift.max(entities.count, other.entities.count) where lines.count < limit {
      let mine = index < entities.count ? entities[index].description : "-"
      let theirs = index < other.entities.count ? other.entities[index].description : "-"
      if mine != theirs { lines.append(mine) }
    }
    return lines
  }

  /// `12 entities`.
  public var summary: String { "\(entities.count) entities" }

  /// The number of entities.
  public var entityCount: Int { entities.count }
}
