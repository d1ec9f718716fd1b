/// The keys an `lru` key store holds: at most `capacity` operations' keys,
/// in order of their last use, the least recently used evicted when one
/// more is stored.
///
/// A doubly linked list threaded through slot arrays, with a dictionary
/// from operation to slot: every operation is O(1) and the memory is
/// bounded by the capacity (the slots grow only as keys are stored). The
/// dictionary is only looked up, never iterated, so its order reaches no
/// output. Keys of operations already folded into the metrics stay until
/// evicted: the store does not know an operation is done.
@usableFromInline
struct RecentKeys: Sendable {
  /// The most keys held.
  @usableFromInline
  let capacity: Int
  /// The slot of each held key.
  @usableFromInline
  var slotOf: [UInt32: Int32] = [:]
  /// Each slot's key (its operation).
  @usableFromInline
  var keys: [UInt32] = []
  /// Each slot's neighbour towards the most recently used; -1 at the end.
  @usableFromInline
  var newer: [Int32] = []
  /// Each slot's neighbour towards the least recently used; -1 at the end.
  @usableFromInline
  var older: [Int32] = []
  /// The most recently used slot; -1 when empty.
  @usableFromInline
  var newest: Int32 = -1
  /// The least recently used slot; -1 when empty.
  @usableFromInline
  var oldest: Int32 = -1

  /// An empty store of `capacity` keys.
  @usableFromInline
  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 1)
  }

  /// The keys held now.
  @inlinable
  var count: Int { slotOf.count }

  /// The bytes the store holds: its index and its three arrays, room
  /// allocated included.
  ///
  /// - Complexity: O(1).
  var allocatedBytes: Int {
    let index = slotOf.capacity &* (MemoryLayout<UInt32>.stride &+ MemoryLayout<Int32>.stride &+ 1)
    let lists =
      keys.capacity &* MemoryLayout<UInt32>.stride &+ (newer.capacity &+ older.capacity) &* MemoryLayout<Int32>.stride
    return index &+ lists
  }

  /// The bytes one held key takes: its dictionary entry, and its slot in
  /// the key and neighbour arrays (which grow by doubling).
  static var bytesPerKey: UInt64 {
    MemoryFootprint.dictionaryEntry(UInt32.self, Int32.self)
      + MemoryFootprint.records(1, of: UInt32.self) + 2 * MemoryFootprint.records(1, of: Int32.self)
  }

  /// Whether `operation`'s key is held.
  ///
  /// - Complexity: O(1) on average.
  @inlinable
  func contains(_ operation: UInt32) -> Bool {
    slotOf[operation] != nil
  }

  /// Stores or uses `operation`'s key: it becomes the most recently used.
  /// Returns the key evicted to make room, if any.
  ///
  /// - Complexity: O(1) on average.
  @inlinable
  @discardableResult
  mutating func use(_ operation: UInt32) -> UInt32? {
    if let slot = slotOf[operation] {
      unlink(slot)
      linkNewest(slot)
      return nil
    }
    var evicted: UInt32?
    let slot: Int32
    if slotOf.count < capacity {
      slot = Int32(keys.count)
      keys.append(operation)
      newer.append(-1)
      older.append(-1)
    } else {
      slot = oldest
      let index = Int(slot)
      evicted = keys[index]
      slotOf[keys[index]] = nil
      unlink(slot)
      keys[index] = operation
    }
    slotOf[operation] = slot
    linkNewest(slot)
    return evicted
  }

  /// Forgets every key (a restart), keeping the storage.
  ///
  /// - Complexity: O(keys held).
  @inlinable
  mutating func removeAll() {
    slotOf.removeAll(keepingCapacity: true)
    keys.removeAll(keepingCapacity: true)
    newer.removeAll(keepingCapacity: true)
    older.removeAll(keepingCapacity: true)
    newest = -1
    oldest = -1
  }

  @inlinable
  mutating func unlink(_ slot: Int32) {
    let index = Int(slot)
    let toNewer = newer[index]
    let toOlder = older[index]
    if toNewer >= 0 { older[Int(toNewer)] = toOlder } else { newest = toOlder }
    if toOlder >= 0 { newer[Int(toOlder)] = toNewer } else { oldest = toNewer }
    newer[index] = -1
    older[index] = -1
  }

  @inlinable
  mutating func linkNewest(_ slot: Int32) {
    let index = Int(slot)
    older[index] = newest
    newer[index] = -1
    if newest >= 0 { newer[Int(newest)] = slot } else { oldest = slot }
    newest = slot
  }
}
