/// One bucket of an ``EventQueue``: a growable buffer of entries and the
/// smallest time among them.
///
/// The buffer is described by three pointers rather than a base, a count and
/// a capacity, so that an append — the operation every push and every
/// redistribution move performs — is one compare, one store and one bump,
/// with no index arithmetic. The pointers are not optional (comparing
/// optionals tests for `nil` first, two more branches per append): a bucket
/// without a buffer has all three at ``unallocated``.
@usableFromInline
struct EventQueueBucket<Event: BitwiseCopyable> {
  @usableFromInline typealias Entry = EventQueueEntry<Event>

  /// The first entry.
  @usableFromInline var base: UnsafeMutablePointer<Entry>
  /// One past the last entry.
  @usableFromInline var end: UnsafeMutablePointer<Entry>
  /// One past the allocated room; `end == limit` means full.
  @usableFromInline var limit: UnsafeMutablePointer<Entry>
  /// The smallest time in the bucket, `UInt64.max` when empty.
  @usableFromInline var minimum: UInt64 = .max

  /// A well-aligned, never dereferenced address that marks "no buffer yet",
  /// like the empty storage of an array. A bucket is full there (`end ==
  /// limit`), so the first append allocates.
  @inlinable
  static var unallocated: UnsafeMutablePointer<Entry> {
    UnsafeMutablePointer(bitPattern: MemoryLayout<Entry>.alignment).unsafelyUnwrapped
  }

  @usableFromInline
  init() {
    base = Self.unallocated
    end = base
    limit = base
  }

  /// The number of entries.
  @inlinable
  var count: Int { end - base }

  /// Whether the bucket has a buffer of its own: one has room for at least
  /// 16 entries, and ``unallocated`` has none. (Comparing with
  /// ``unallocated`` instead would ask for the entry type's metadata, a few
  /// hundred instructions for a generic entry.)
  @inlinable
  var hasBuffer: Bool { limit != base }

  /// Whether the bucket holds exactly one entry.
  @usableFromInline @_transparent
  var holdsOneEntry: Bool { base + 1 == end }

  /// Appends an entry, growing the buffer geometrically when full.
  ///
  /// - Complexity: Amortised O(1).
  @usableFromInline @_transparent
  mutating func append(_ entry: Entry) {
    if end == limit { grow() }
    end.initialize(to: entry)
    end += 1
    // Branch-free on purpose (`min` compiles to a conditional move): whether
    // an entry is its bucket's new minimum is close to a coin flip, so a
    // branch here mispredicts often and costs more than the rest of a push.
    minimum = Swift.min(minimum, entry.time)
  }

  /// Forgets every entry, keeping the buffer.
  @usableFromInline @_transparent
  mutating func empty() {
    end = base
    minimum = .max
  }

  /// Doubles the capacity (at least 16 entries).
  @inlinable @inline(never)
  mutating func grow() {
    reserve(Swift.max(16, (limit - base) &* 2))
  }

  /// Ensures room for `newCapacity` entries, keeping the current ones.
  @inlinable
  mutating func reserve(_ newCapacity: Int) {
    guard newCapacity > limit - base else { return }
    let count = self.count
    let grown = UnsafeMutablePointer<Entry>.allocate(capacity: newCapacity)
    if hasBuffer {
      grown.moveInitialize(from: base, count: count)
      base.deallocate()
    }
    base = grown
    end = grown + count
    limit = grown + newCapacity
  }
}
