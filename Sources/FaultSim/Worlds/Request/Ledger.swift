/// The server's record of applied writes, in the order they were applied.
///
/// A write carries an optional idempotency key. When the server honours
/// keys, a second write of the same item with the same key is not applied
/// again; a keyless write is always applied. The description is the seed
/// lesson's: `[kitap@-,kitap@k-9]` (`-` for no key).
///
/// This is the readable ledger of small worlds and lessons; the retry world
/// keeps per-operation counts for hundreds of thousands of operations.
package struct Ledger: Hashable, Sendable, CustomStringConvertible {
  /// One applied write.
  package struct Entry: Hashable, Sendable {
    /// What was written (`kitap`).
    package var item: String
    /// The write's idempotency key, if it had one.
    package var key: String?

    /// An applied write of `item` under `key`.
    package init(item: String, key: String?) {
      self.item = item
      self.key = key
    }

    /// `item@key`, with `-` for a missing key.
    package var tag: String { "\(item)@\(key ?? "-")" }
  }

  /// The applied writes, oldest first.
  package private(set) var entries: [Entry] = []
  /// Whether a keyed write that repeats an applied (item, key) is skipped.
  /// `false` models a server that ignores the key header (seed AG7).
  package var honoursKeys: Bool

  /// An empty ledger.
  package init(honoursKeys: Bool = true) {
    self.honoursKeys = honoursKeys
  }

  /// Applies a write unless it repeats a keyed write the server has already
  /// applied.
  ///
  /// - Returns: Whether a new entry was recorded.
  /// - Complexity: O(n) in the number of entries.
  @discardableResult
  package mutating func place(_ item: String, key: String?) -> Bool {
    let entry = Entry(item: item, key: key)
    if honoursKeys, key != nil, entries.contains(entry) { return false }
    entries.append(entry)
    return true
  }

  /// The ledger after placing a write: the seed's `place(item, key:)`.
  package func placing(_ item: String, key: String?) -> Ledger {
    var copy = self
    copy.place(item, key: key)
    return copy
  }

  /// How many entries record `item`.
  package func count(of item: String) -> Int {
    entries.count { $0.item == item }
  }

  package var description: String {
    "[" + entries.map(\.tag).joined(separator: ",") + "]"
  }
}
