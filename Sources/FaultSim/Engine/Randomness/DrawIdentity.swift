/// What a random draw decides about, as the model names it: order 17's
/// message 2, file `u3/f7`'s attempt 2, user 5's session 1 (SPEC §2.3).
///
/// A ``DrawKey`` is built only from an identity and a purpose, never from
/// bare integers, so that the key of a draw says what the draw is about.
/// Every world declares its identities as small structs whose initialisers
/// take the domain's own values (an operation, a file and its attempt
/// number); a storage slot, an array index or a count of things created so
/// far has no identity type and cannot become a key. That is the contract
/// that makes one entity's race choice leave every other entity's draws
/// unchanged: an identity depends only on the entity's own history.
@usableFromInline package protocol DrawIdentity: Hashable, Sendable {
  /// The entity the draw is about (an order, a file, a user), as a word.
  var entity: UInt64 { get }
  /// Which occurrence for that entity: a message, an attempt, a session.
  /// 0 for a draw made once per entity.
  var occurrence: UInt64 { get }
}

extension DrawKey {
  /// The key of the draw with `purpose` about `identity`.
  ///
  /// - Complexity: O(1).
  @usableFromInline @_transparent
  package init(_ identity: some DrawIdentity, _ purpose: DrawPurpose) {
    self.init(rawEntity: identity.entity, purpose: purpose, ordinal: identity.occurrence)
  }
}
