/// The pending-event set: a radix heap with 64-way digits (a hierarchical
/// timing wheel that needs no horizon) over flat, manually managed buffers.
///
/// Events come out in order of (time, insertion sequence): the earliest time
/// first, and events with equal times in the order they were pushed (FIFO),
/// without storing a sequence number.
///
/// Why this structure: simulated time is an integer that never moves
/// backwards, so every pushed time is at least the last popped time
/// (`floor`). An entry at exactly `floor` goes to the floor bucket, read as a
/// FIFO queue. Any other entry goes to the level of the highest 6-bit digit
/// in which its time differs from `floor` (level `ℓ` for bits `6ℓ ..< 6ℓ +
/// 6`), and within that level to the slot of its own digit there. Entries of
/// a lower level are earlier than those of a higher one, and within a level a
/// lower slot is earlier, so the earliest entry lies in the lowest occupied
/// slot of the lowest occupied level: two `trailingZeroBitCount`s on
/// occupancy masks. Popping from an empty floor bucket takes that slot: a
/// lone entry is returned as it is; otherwise its minimum — tracked on push —
/// becomes the new floor and its entries move into strictly lower levels (a
/// slot of level 0 holds one time only, so its buffer simply becomes the
/// floor bucket). Each entry therefore moves at most once per level below the
/// one it was pushed to — at most 10 times — where a radix heap with one
/// bucket per bit moves it once per bit of its distance from the floor.
///
/// A small slot of a low level (at most ``sortedSlotLimit`` entries, spanning
/// at most 2¹⁸ ns) is not moved down level by level: its buffer becomes the
/// floor bucket and is sorted by time in place (insertion sort, which is
/// stable), and until it drains the floor bucket is a sorted *run* that
/// takes every push falling in that slot's span, inserted after the entries
/// of equal or earlier time. A simulation's events are sparse at that scale
/// (the request world's reference run: about 7 entries per 2¹⁸-ns slot), so
/// most entries move once or twice in their life.
///
/// Why FIFO holds: two entries with equal times always share a bucket (the
/// bucket depends only on the time and the current floor), every bucket is
/// appended to in order, and moving a slot walks it in order.
///
/// The type is non-copyable and keeps its bucket headers and their entries
/// in unsafe buffers, so the hot path has no reference counting and no
/// exclusivity checks. `Event` must be `BitwiseCopyable`: entries are moved
/// by plain copies and never deinitialised one by one.
@usableFromInline package struct EventQueue<Event: BitwiseCopyable>: ~Copyable {
  /// One pending event and its time.
  @usableFromInline package typealias Entry = EventQueueEntry<Event>
  /// Where an entry lives in a bucket's buffer.
  @usableFromInline typealias Address = EventQueueEntryAddress<Event>

  /// Bits per digit: a level's slots fit one occupancy word.
  @inlinable static var digitBits: Int { 6 }
  /// Slots per level.
  @inlinable static var slotsPerLevel: Int { 1 << digitBits }
  /// Levels: enough 6-bit digits for a 64-bit time (the last one has 4 bits).
  @inlinable static var levelCount: Int { 11 }
  /// The floor bucket and every level's slots.
  @inlinable static var bucketCount: Int { 1 + levelCount * slotsPerLevel }
  /// The most entries a slot may hold to be sorted into a run rather than
  /// moved to lower levels: insertion sort is quadratic.
  @inlinable static var sortedSlotLimit: Int { 16 }
  /// The lowest level whose slots give a grown buffer back when moved
  /// down: such a slot spans 2³⁰ ns (1.07 s) or more, so it is emptied
  /// rarely, and the queue holds room for what is pending rather than
  /// every slot's high-water mark.
  @inlinable static var releasedLevel: Int { 5 }
  /// The highest level whose slots may become a run: a run takes the pushes
  /// that fall in its span, so its span is kept short (2¹⁸ ns).
  @inlinable static var sortedLevelLimit: Int { 3 }

  /// Bucket 0 is the floor bucket; slot `s` of level `ℓ` is bucket
  /// `1 + 64ℓ + s`.
  @usableFromInline let buckets: UnsafeMutablePointer<EventQueueBucket<Event>>
  /// Word `ℓ`'s bit `s` is set when slot `s` of level `ℓ` is non-empty.
  @usableFromInline let slotMasks: UnsafeMutablePointer<UInt64>
  /// Bit `ℓ` is set when level `ℓ` has a non-empty slot.
  @usableFromInline var levelMask: UInt64 = 0
  /// The last popped time; every pending time is at or after it.
  @usableFromInline var floor: UInt64 = 0
  /// Read position in the floor bucket, which is consumed as a FIFO queue;
  /// it is drained when `head == buckets[0].end`.
  @usableFromInline var head: Address
  /// 0 while the floor bucket holds entries at `floor` only; `ℓ ≥ 1` while
  /// it is a sorted run made of a slot of level `ℓ`, which takes every push
  /// that falls in that slot's span: every push that would go below level
  /// `ℓ`.
  @usableFromInline var runLevels: Int = 0
  /// Pending entries in all buckets.
  @usableFromInline var pending: Int = 0

  /// Creates an empty queue.
  ///
  /// - Parameter reservingCapacity: Entries to preallocate in the floor
  ///   bucket.
  @usableFromInline package init(reservingCapacity: Int = 0) {
    precondition(
      MemoryLayout<Event>.alignment <= 8, "EventQueue: an event must be at most 8-byte aligned (EventQueueEntryAddress)"
    )
    buckets = .allocate(capacity: Self.bucketCount)
    buckets.initialize(repeating: EventQueueBucket(), count: Self.bucketCount)
    slotMasks = .allocate(capacity: Self.levelCount)
    slotMasks.initialize(repeating: 0, count: Self.levelCount)
    if reservingCapacity > 0 {
      buckets[0].reserve(reservingCapacity)
    }
    head = buckets[0].base
  }

  deinit {
    for index in 0..<Self.bucketCount where buckets[index].hasBuffer {
      buckets[index].base.deallocate()
    }
    buckets.deallocate()
    slotMasks.deallocate()
  }

  /// The number of pending events.
  @inlinable
  package var count: Int { pending }

  /// Whether no event is pending.
  @inlinable
  package var isEmpty: Bool { pending == 0 }

  /// The bytes the queue's buffers hold: their allocated room, which stays
  /// at its high-water mark until the queue is freed, so a budget compared
  /// with it sees what the process holds rather than what is pending.
  ///
  /// - Complexity: O(``bucketCount``), a constant (705 buckets).
  @inlinable
  var allocatedBytes: Int {
    var entries = 0
    for index in 0..<Self.bucketCount {
      entries &+= buckets[index].limit - buckets[index].base
    }
    return entries &* Address.stride
      &+ Self.bucketCount &* MemoryLayout<EventQueueBucket<Event>>.stride
      &+ Self.levelCount &* MemoryLayout<UInt64>.stride
  }

  /// The time of the last popped event (zero before the first pop): the
  /// earliest time a push may use.
  @inlinable
  package var lowerBound: UInt64 { floor }

  /// The earliest pending time, or `nil` when empty.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var nextTime: UInt64? {
    if head != buckets[0].end { return head.time }
    if levelMask == 0 { return nil }
    return buckets[lowestSlot().bucket].minimum
  }

  /// The bucket that holds `time` while the floor is `floor`, and the
  /// level of that bucket's slot (meaningless for the floor bucket, 0).
  ///
  /// - Complexity: O(1).
  @usableFromInline @_transparent
  static func bucket(of time: UInt64, floor: UInt64) -> (bucket: Int, level: Int, slot: Int) {
    let difference = time ^ floor
    if difference == 0 { return (0, 0, 0) }
    // Unsigned, so that the division by the constant 6 is a multiply and a
    // shift.
    let highestBit = UInt(truncatingIfNeeded: UInt64.bitWidth &- 1 &- difference.leadingZeroBitCount)
    let level = Int(truncatingIfNeeded: highestBit / UInt(truncatingIfNeeded: digitBits))
    let slot = Int(truncatingIfNeeded: time &>> UInt64(truncatingIfNeeded: level &* digitBits)) & (slotsPerLevel &- 1)
    return (1 &+ level &* slotsPerLevel &+ slot, level, slot)
  }

  /// The lowest occupied slot of the lowest occupied level.
  ///
  /// - Precondition: some level is occupied (`levelMask != 0`).
  /// - Complexity: O(1): two `trailingZeroBitCount`s.
  @usableFromInline @_transparent
  func lowestSlot() -> (bucket: Int, level: Int) {
    let level = levelMask.trailingZeroBitCount
    let slot = slotMasks[level].trailingZeroBitCount
    return (1 &+ level &* Self.slotsPerLevel &+ slot, level)
  }

  /// Adds an event. Events pushed with equal times pop in push order.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - time: Its time; must not be earlier than ``lowerBound`` (the engine
  ///     guarantees this: virtual time never moves backwards).
  /// - Complexity: Amortised O(1); O(entries of the run later than `time`)
  ///   when `time` falls in a sorted run's span.
  @usableFromInline @_transparent
  package mutating func push(_ event: Event, at time: UInt64) {
    precondition(time >= floor, "EventQueue: pushed time \(time) is before the last popped time \(floor)")
    let (index, level, slot) = Self.bucket(of: time, floor: floor)
    if index != 0 && level >= runLevels {
      buckets[index].append(time: time, event: event)
      markOccupied(level: level, slot: slot)
    } else if runLevels == 0 {
      appendAtFloor(time: time, event: event)
    } else {
      insertIntoRun(time: time, event: event)
    }
    pending &+= 1
  }

  /// ``push(_:at:)`` as a static function, the form the engine's loop
  /// calls: a debug build looks up a generic struct's metadata at each call
  /// of one of its mutating methods, and not for a static function, which
  /// is handed `Event`'s (Benchmarks/README.md, "In a debug build").
  /// Optimised builds inline both alike.
  @usableFromInline @_transparent
  static func push(_ event: Event, at time: UInt64, into queue: inout EventQueue) {
    queue.push(event, at: time)
  }

  /// Inserts into the sorted run after every entry of equal or earlier
  /// time, keeping `head` valid if the buffer moves.
  ///
  /// - Complexity: O(entries of the run later than `entry`).
  @inlinable
  mutating func insertIntoRun(time: UInt64, event: Event) {
    if buckets[0].end == buckets[0].limit { growFloorBucket() }
    var position = buckets[0].end
    while position != head && (position - 1).time > time {
      position.initialize(copying: position - 1)
      position = position - 1
    }
    position.initialize(time: time, event: event)
    buckets[0].end = buckets[0].end + 1
  }

  /// Grows the floor bucket's buffer, keeping `head` at the same entry: the
  /// floor bucket can grow while partly consumed, unlike the others.
  @usableFromInline @_transparent
  mutating func growFloorBucket() {
    let consumed = head - buckets[0].base
    buckets[0].grow()
    head = buckets[0].base + consumed
  }

  /// Records that slot `slot` of level `level` is non-empty.
  @usableFromInline @_transparent
  mutating func markOccupied(level: Int, slot: Int) {
    slotMasks[level] |= 1 &<< UInt64(truncatingIfNeeded: slot)
    levelMask |= 1 &<< UInt64(truncatingIfNeeded: level)
  }

  /// Records that the lowest occupied slot of `level` is empty now.
  @usableFromInline @_transparent
  mutating func clearLowestSlot(of level: Int) {
    let remaining = slotMasks[level] & (slotMasks[level] &- 1)
    slotMasks[level] = remaining
    if remaining == 0 { levelMask &= levelMask &- 1 }
  }

  /// Appends to the floor bucket, keeping `head` valid if the buffer moves
  /// (it can grow while partly consumed, unlike the other buckets).
  ///
  /// - Complexity: Amortised O(1).
  @inlinable
  mutating func appendAtFloor(time: UInt64, event: Event) {
    if buckets[0].end == buckets[0].limit { growFloorBucket() }
    buckets[0].append(time: time, event: event)
  }

  /// Removes and returns the earliest event (FIFO among equal times).
  ///
  /// - Complexity: Amortised O(L) entry moves, L ≤ 10 the levels between
  ///   an entry's push and its pop; O(1) when the next event shares the
  ///   current time or is alone in its slot.
  @inlinable
  @inline(__always)
  package mutating func pop() -> Entry? {
    var time: UInt64 = 0
    guard let event = Self.pop(from: &self, time: &time) else { return nil }
    return Entry(time: time, event: event)
  }

  /// ``pop()``'s work, as a static function: the form the engine's loop
  /// calls, for the reason ``push(_:at:into:)`` gives. It returns the
  /// event and sets `time` to its time, so that its caller never holds an
  /// entry, whose metadata a debug build would look up again. Inlined
  /// always in an optimised build, so that the optimiser's size budget of
  /// the caller (the engine's loop, the hold model's) does not decide it;
  /// one call in a debug build, which looks up no metadata (`@_transparent`
  /// would inline it there too, but cost the transfer benchmark 3.7%).
  @inlinable
  @inline(__always)
  static func pop(from queue: inout EventQueue, time: inout UInt64) -> Event? {
    if queue.head == queue.buckets[0].end {
      if queue.levelMask == 0 { return nil }
      let (lowest, level) = queue.lowestSlot()
      if queue.buckets[lowest].holdsOneEntry {
        // A lone entry is the minimum: take it without moving it.
        return queue.popLoneEntry(of: lowest, level: level, time: &time)
      }
      if level == 0 {
        queue.takeTimeSlot(lowest)
      } else if level <= Self.sortedLevelLimit && queue.buckets[lowest].count <= Self.sortedSlotLimit {
        queue.takeSortedRun(lowest, level: level)
      } else {
        queue.redistribute(lowest, level: level)
      }
    }
    let entry = queue.head
    let entryTime = entry.time
    let event = entry.event
    queue.head = entry + 1
    queue.floor = entryTime
    if queue.head == queue.buckets[0].end {
      // Drained: rewind so that the floor bucket reuses the start of its
      // buffer, and takes pushes at the floor only.
      queue.buckets[0].end = queue.buckets[0].base
      queue.head = queue.buckets[0].base
      queue.runLevels = 0
    }
    queue.pending &-= 1
    time = entryTime
    return event
  }

  /// Empties a bucket that holds one entry and returns it as the minimum.
  @usableFromInline @_transparent
  mutating func popLoneEntry(of bucket: Int, level: Int, time: inout UInt64) -> Event {
    clearLowestSlot(of: level)
    let entry = buckets[bucket].base
    let entryTime = entry.time
    let event = entry.event
    buckets[bucket].empty()
    floor = entryTime
    pending &-= 1
    time = entryTime
    return event
  }

  /// Makes the lowest slot of level 0, whose entries share one time, the
  /// floor bucket: the two buffers are exchanged, no entry moves. Requires
  /// the floor bucket to be drained.
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func takeTimeSlot(_ bucket: Int) {
    clearLowestSlot(of: 0)
    floor = buckets[bucket].minimum
    let drained = buckets[0]
    buckets[0] = buckets[bucket]
    buckets[bucket] = drained
    buckets[bucket].empty()
    head = buckets[0].base
  }

  /// Makes the lowest slot, of `level` (≥ 1), the floor bucket as a sorted
  /// run: the buffers are exchanged and the entries sorted by time in place,
  /// stably, so equal times keep their push order. Requires the floor
  /// bucket to be drained.
  ///
  /// - Complexity: O(k²) for k ≤ ``sortedSlotLimit`` entries.
  @inlinable
  @inline(__always)
  mutating func takeSortedRun(_ bucket: Int, level: Int) {
    clearLowestSlot(of: level)
    let drained = buckets[0]
    buckets[0] = buckets[bucket]
    buckets[bucket] = drained
    buckets[bucket].empty()
    let base = buckets[0].base
    let end = buckets[0].end
    var next = base + 1
    while next != end {
      let time = next.time
      let event = next.event
      var position = next
      while position != base && (position - 1).time > time {
        position.initialize(copying: position - 1)
        position = position - 1
      }
      position.initialize(time: time, event: event)
      next = next + 1
    }
    head = base
    runLevels = level
  }

  /// Makes the minimum of slot `bucket` of `level` (≥ 1), the lowest
  /// occupied slot, the new floor and moves the slot's entries into lower
  /// levels, in order. Requires the floor bucket to be drained.
  ///
  /// - Complexity: O(entries in the slot).
  @inlinable
  mutating func redistribute(_ bucket: Int, level: Int) {
    clearLowestSlot(of: level)
    let newFloor = buckets[bucket].minimum
    floor = newFloor
    let source = buckets[bucket]
    var read = source.base
    let end = source.end
    buckets[bucket].empty()
    // Every level below `level` was empty (the slot was the lowest
    // occupied), so the moves set only slot bits there; the level bits
    // are set once after the loop rather than once per entry.
    while read != end {
      let time = read.time
      let (target, targetLevel, targetSlot) = Self.bucket(of: time, floor: newFloor)
      buckets[target].append(copying: read, time: time)
      if target != 0 { slotMasks[targetLevel] |= 1 &<< UInt64(truncatingIfNeeded: targetSlot) }
      read = read + 1
    }
    for lower in 0..<level where slotMasks[lower] != 0 {
      levelMask |= 1 &<< UInt64(truncatingIfNeeded: lower)
    }
    // The floor bucket was drained, so reading starts at its (possibly new)
    // buffer.
    head = buckets[0].base
    if level >= Self.releasedLevel && source.limit - source.base > 16 {
      // Every slot would otherwise keep its own high-water mark; a buffer
      // of the smallest size is kept, so sparse slots do not reallocate.
      buckets[bucket] = EventQueueBucket()
      source.base.deallocate()
    }
  }

  /// Removes every event and resets the floor to zero, keeping the buffers
  /// for the next run.
  ///
  /// - Complexity: O(occupied slots).
  @usableFromInline package mutating func removeAll() {
    buckets[0].empty()
    while levelMask != 0 {
      let (lowest, level) = lowestSlot()
      buckets[lowest].empty()
      clearLowestSlot(of: level)
    }
    floor = 0
    head = buckets[0].base
    runLevels = 0
    pending = 0
  }
}

/// The address of one entry in a bucket's buffer: its time (8 bytes), then
/// its event at offset 8, one entry every ``stride`` bytes — the layout of
/// an ``EventQueueEntry``, read and written without naming that type.
///
/// Why not `UnsafeMutablePointer<EventQueueEntry<Event>>`: a debug build
/// (what `swift test` makes of FaultSim) does not specialise, and every use
/// of such a pointer — reading an entry, stepping to the next — looked up
/// `EventQueueEntry<Event>`'s metadata (a few hundred instructions), in each
/// push and each pop. This address is one raw pointer, so its layout
/// depends on nothing, and it reads and writes through `Event`'s own size,
/// which a generic function is handed for free. An optimised build folds
/// ``stride`` to a constant (Benchmarks/README.md, "In a debug build").
@frozen
@usableFromInline
struct EventQueueEntryAddress<Event: BitwiseCopyable>: Equatable {
  /// The entry's first byte (its time).
  @usableFromInline var raw: UnsafeMutableRawPointer

  @usableFromInline @_transparent
  init(_ raw: UnsafeMutableRawPointer) {
    self.raw = raw
  }

  /// A well-aligned, never dereferenced address that marks a bucket
  /// without a buffer yet, like the empty storage of an array. A bucket is
  /// full there (`end == limit`), so its first append allocates.
  @usableFromInline @_transparent
  static var unallocated: Self {
    Self(UnsafeMutableRawPointer(bitPattern: 8).unsafelyUnwrapped)
  }

  /// Room for `capacity` entries.
  @usableFromInline @_transparent
  static func allocate(capacity: Int) -> Self {
    Self(UnsafeMutableRawPointer.allocate(byteCount: capacity &* stride, alignment: 8))
  }

  /// Frees room that ``allocate(capacity:)`` made.
  @usableFromInline @_transparent
  func deallocate() { raw.deallocate() }

  /// Bytes from one entry to the next: `EventQueueEntry<Event>`'s stride
  /// (the time, the event at offset 8, rounded up to 8 bytes; an event is
  /// at most 8-byte aligned, which ``EventQueue/init(reservingCapacity:)``
  /// checks).
  @usableFromInline @_transparent
  static var stride: Int { (8 &+ MemoryLayout<Event>.size &+ 7) & ~7 }

  /// The entry's time.
  @usableFromInline @_transparent
  var time: UInt64 { raw.load(as: UInt64.self) }

  /// The entry's event.
  @usableFromInline @_transparent
  var event: Event { raw.load(fromByteOffset: 8, as: Event.self) }

  /// Writes an entry here.
  @usableFromInline @_transparent
  func initialize(time: UInt64, event: Event) {
    raw.storeBytes(of: time, as: UInt64.self)
    raw.storeBytes(of: event, toByteOffset: 8, as: Event.self)
  }

  /// Copies the entry at `source` here.
  @usableFromInline @_transparent
  func initialize(copying source: Self) {
    raw.copyMemory(from: source.raw, byteCount: Self.stride)
  }

  /// Copies `count` entries from `source` here.
  @usableFromInline @_transparent
  func initialize(copying source: Self, count: Int) {
    raw.copyMemory(from: source.raw, byteCount: count &* Self.stride)
  }

  /// The address `count` entries further on.
  @usableFromInline @_transparent
  static func + (address: Self, count: Int) -> Self {
    Self(address.raw + count &* stride)
  }

  /// The address `count` entries back.
  @usableFromInline @_transparent
  static func - (address: Self, count: Int) -> Self {
    Self(address.raw - count &* stride)
  }

  /// The entries from `start` to `end`.
  @usableFromInline @_transparent
  static func - (end: Self, start: Self) -> Int {
    (end.raw - start.raw) / stride
  }

  @usableFromInline @_transparent
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.raw == rhs.raw
  }
}

/// One pending event and its time.
@frozen
@usableFromInline package struct EventQueueEntry<Event: BitwiseCopyable>: BitwiseCopyable {
  /// When the event is due, in virtual nanoseconds.
  @usableFromInline package var time: UInt64
  /// The model's event, handed back by ``EventQueue/pop()`` when it is due.
  @usableFromInline package var event: Event

  /// An event due at `time` (virtual nanoseconds).
  @usableFromInline @_transparent
  package init(time: UInt64, event: Event) {
    self.time = time
    self.event = event
  }
}

// MARK: Buckets

/// One bucket of an ``EventQueue``: a growable buffer of entries and the
/// smallest time among them.
///
/// It lives in the queue's file because a debug build (what `swift test`
/// makes of FaultSim) compiles each file on its own and inlines
/// `@_transparent` helpers only within one: here `append` and
/// `holdsOneEntry` are inlined into `push` and `pop` (7% of the reference
/// run's instructions in a debug build, Benchmarks/README.md).
///
/// The buffer is described by three pointers rather than a base, a count and
/// a capacity, so that an append — the operation every push and every
/// redistribution move performs — is one compare, one store and one bump,
/// with no index arithmetic. The pointers are not optional (comparing
/// optionals tests for `nil` first, two more branches per append): a bucket
/// without a buffer has all three at ``EventQueueEntryAddress/unallocated``.
@usableFromInline
struct EventQueueBucket<Event: BitwiseCopyable> {
  @usableFromInline typealias Address = EventQueueEntryAddress<Event>

  /// The first entry.
  @usableFromInline var base: Address
  /// One past the last entry.
  @usableFromInline var end: Address
  /// One past the allocated room; `end == limit` means full.
  @usableFromInline var limit: Address
  /// The smallest time in the bucket, `UInt64.max` when empty.
  @usableFromInline var minimum: UInt64 = .max

  @usableFromInline
  init() {
    base = Address.unallocated
    end = base
    limit = base
  }

  /// The number of entries.
  @inlinable
  var count: Int { end - base }

  /// Whether the bucket has a buffer of its own: one has room for at least
  /// 16 entries, and an unallocated bucket (``EventQueueEntryAddress/unallocated``)
  /// has none.
  @inlinable
  var hasBuffer: Bool { limit != base }

  /// Whether the bucket holds exactly one entry.
  @usableFromInline @_transparent
  var holdsOneEntry: Bool { base + 1 == end }

  /// Appends an entry, growing the buffer geometrically when full.
  ///
  /// - Complexity: Amortised O(1).
  @usableFromInline @_transparent
  mutating func append(time: UInt64, event: Event) {
    if end == limit { grow() }
    end.initialize(time: time, event: event)
    end = end + 1
    // Branch-free on purpose (`min` compiles to a conditional move): whether
    // an entry is its bucket's new minimum is close to a coin flip, so a
    // branch here mispredicts often and costs more than the rest of a push.
    minimum = Swift.min(minimum, time)
  }

  /// Appends a copy of the entry at `source`, whose time is `time`.
  ///
  /// - Complexity: Amortised O(1).
  @usableFromInline @_transparent
  mutating func append(copying source: Address, time: UInt64) {
    if end == limit { grow() }
    end.initialize(copying: source)
    end = end + 1
    minimum = Swift.min(minimum, time)
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
    let grown = Address.allocate(capacity: newCapacity)
    if hasBuffer {
      grown.initialize(copying: base, count: count)
      base.deallocate()
    }
    base = grown
    end = grown + count
    limit = grown + newCapacity
  }
}
