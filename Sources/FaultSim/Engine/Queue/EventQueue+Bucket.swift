/// One bucket of an ``EventQueue``: a growable buffer of entries and the
/// smallest time among them.
@usableFromInline
struct EventQueueBucket<Event: BitwiseCopyable> {
  @usableFromInline var storage: UnsafeMutablePointer<EventQueueEntry<Event>>?
  @usableFromInline var count: Int = 0
  @usableFromInline var capacity: Int = 0
  /// The smallest time in the bucket, `UInt64.max` when empty.
  @usableFromInline var minimum: UInt64 = .max

  @usableFromInline
  init() {}

  /// Appends an entry, growing the buffer geometrically when full.
  ///
  /// - Complexity: Amortised O(1).
  @inlinable @inline(__always)
  mutating func append(_ entry: EventQueueEntry<Event>) {
    if count == capacity { grow() }
    (storage.unsafelyUnwrapped + count).initialize(to: entry)
    count &+= 1
    // Branch-free on purpose (`min` compiles to a conditional move): whether
    // an entry is its bucket's new minimum is close to a coin flip, so a
    // branch here mispredicts often and costs more than the rest of a push.
    minimum = Swift.min(minimum, entry.time)
  }

  /// Doubles the capacity (at least 16 entries).
  @inlinable @inline(never)
  mutating func grow() {
    reserve(Swift.max(16, capacity &* 2))
  }

  /// Ensures room for `newCapacity` entries, keeping the current ones.
  @inlinable
  mutating func reserve(_ newCapacity: Int) {
    guard newCapacity > capacity else { return }
    let grown = UnsafeMutablePointer<EventQueueEntry<Event>>.allocate(capacity: newCapacity)
    if let old = storage {
      grown.moveInitialize(from: old, count: count)
      old.deallocate()
    }
    storage = grown
    capacity = newCapacity
  }

  /// Frees the buffer.
  @usableFromInline
  mutating func release() {
    storage?.deallocate()
    storage = nil
    count = 0
    capacity = 0
  }
}
