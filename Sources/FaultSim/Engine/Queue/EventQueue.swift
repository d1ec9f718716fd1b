/// The pending-event set: a radix heap over flat, manually managed buffers.
///
/// Events come out in order of (time, insertion sequence): the earliest time
/// first, and events with equal times in the order they were pushed (FIFO),
/// without storing a sequence number.
///
/// Why a radix heap: simulated time is an integer that never moves backwards,
/// so every pushed time is at least the last popped time (`floor`). An entry
/// lives in bucket `b = bitWidth(time XOR floor)`: bucket 0 holds entries at
/// exactly `floor`, bucket `b > 0` those whose highest bit differing from
/// `floor` is bit `b − 1`. Popping from an empty bucket 0 takes the lowest
/// non-empty bucket (one `trailingZeroBitCount` on an occupancy mask), makes
/// its minimum — tracked on push — the new floor, and redistributes its
/// entries into strictly lower buckets. Each entry therefore moves at most 64
/// times in its life, and in practice a handful.
///
/// Why FIFO holds: two entries with equal times always share a bucket (the
/// bucket depends only on the time and the current floor), every bucket is
/// appended to in order, and a redistribution walks its bucket in order.
///
/// The type is non-copyable and keeps its 65 bucket headers and their
/// entries in unsafe buffers, so the hot path has no reference counting and
/// no exclusivity checks. `Event` must be `BitwiseCopyable`: entries are
/// moved by plain copies and never deinitialised one by one.
@usableFromInline package struct EventQueue<Event: BitwiseCopyable>: ~Copyable {
  /// One pending event and its time.
  @usableFromInline package typealias Entry = EventQueueEntry<Event>

  @usableFromInline static var bucketCount: Int { 65 }

  @usableFromInline let buckets: UnsafeMutablePointer<EventQueueBucket<Event>>
  /// Bit `b − 1` is set when bucket `b` (1…64) is non-empty.
  @usableFromInline var occupied: UInt64 = 0
  /// The last popped time; every pending time is at or after it.
  @usableFromInline var floor: UInt64 = 0
  /// Read position in bucket 0, which is consumed as a FIFO queue; bucket 0
  /// is drained when `head == buckets[0].end`.
  @usableFromInline var head: UnsafeMutablePointer<Entry>
  /// Pending entries in all buckets.
  @usableFromInline var pending: Int = 0

  /// Creates an empty queue.
  ///
  /// - Parameter reservingCapacity: Entries to preallocate in each bucket
  ///   that the first pushes are likely to use.
  @usableFromInline package init(reservingCapacity: Int = 0) {
    buckets = .allocate(capacity: Self.bucketCount)
    buckets.initialize(repeating: EventQueueBucket(), count: Self.bucketCount)
    if reservingCapacity > 0 {
      buckets[0].reserve(reservingCapacity)
    }
    head = buckets[0].base
  }

  deinit {
    for index in 0..<Self.bucketCount {
      buckets[index].release()
    }
    buckets.deallocate()
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
  /// - Complexity: O(1) (the 65 buckets).
  @inlinable
  var allocatedBytes: Int {
    var entries = 0
    for index in 0..<Self.bucketCount {
      entries &+= buckets[index].limit - buckets[index].base
    }
    return entries &* MemoryLayout<Entry>.stride &+ Self.bucketCount &* MemoryLayout<EventQueueBucket<Event>>.stride
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
    if head != buckets[0].end { return floor }
    if occupied == 0 { return nil }
    return buckets[occupied.trailingZeroBitCount + 1].minimum
  }

  /// The bucket that holds `time` while the floor is `floor`.
  @inlinable @inline(__always)
  static func bucket(of time: UInt64, floor: UInt64) -> Int {
    UInt64.bitWidth &- (time ^ floor).leadingZeroBitCount
  }

  /// Adds an event. Events pushed with equal times pop in push order.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - time: Its time; must not be earlier than ``lowerBound`` (the engine
  ///     guarantees this: virtual time never moves backwards).
  /// - Complexity: Amortised O(1).
  @inlinable
  package mutating func push(_ event: Event, at time: UInt64) {
    precondition(time >= floor, "EventQueue: pushed time \(time) is before the last popped time \(floor)")
    let index = Self.bucket(of: time, floor: floor)
    if index != 0 {
      buckets[index].append(Entry(time: time, event: event))
      occupied |= 1 &<< UInt64(index &- 1)
    } else {
      appendAtFloor(Entry(time: time, event: event))
    }
    pending &+= 1
  }

  /// Appends to bucket 0, keeping `head` valid if the buffer moves (it can
  /// grow while partly consumed, unlike the other buckets).
  ///
  /// - Complexity: Amortised O(1).
  @inlinable
  mutating func appendAtFloor(_ entry: Entry) {
    if buckets[0].end == buckets[0].limit {
      let consumed = head - buckets[0].base
      buckets[0].grow()
      head = buckets[0].base + consumed
    }
    buckets[0].append(entry)
  }

  /// Removes and returns the earliest event (FIFO among equal times).
  ///
  /// - Complexity: Amortised O(log C) entry moves, where C is the span of
  ///   pending times; O(1) when the next event shares the current time.
  @inlinable
  package mutating func pop() -> Entry? {
    if head == buckets[0].end {
      if occupied == 0 { return nil }
      let lowest = occupied.trailingZeroBitCount &+ 1
      if buckets[lowest].holdsOneEntry {
        // A lone entry is the minimum: take it without moving it to bucket 0.
        return popLoneEntry(of: lowest)
      }
      redistributeLowestBucket()
    }
    let entry = head.pointee
    head += 1
    if head == buckets[0].end {
      // Drained: rewind so that bucket 0 reuses the start of its buffer.
      buckets[0].end = buckets[0].base
      head = buckets[0].base
    }
    pending &-= 1
    return entry
  }

  /// Empties a bucket that holds one entry and returns it as the minimum.
  @inlinable @inline(__always)
  mutating func popLoneEntry(of bucket: Int) -> Entry {
    occupied &= occupied &- 1
    let entry = buckets[bucket].base.pointee
    buckets[bucket].empty()
    floor = entry.time
    pending &-= 1
    return entry
  }

  /// Makes the lowest non-empty bucket's minimum the new floor and moves its
  /// entries into lower buckets, in order. Requires bucket 0 to be drained.
  @inlinable
  mutating func redistributeLowestBucket() {
    let source = occupied.trailingZeroBitCount &+ 1
    occupied &= occupied &- 1
    let newFloor = buckets[source].minimum
    floor = newFloor
    var read = buckets[source].base
    let end = buckets[source].end
    buckets[source].empty()
    // Targets are below `source` ≤ 64, so bit `target` fits in a word;
    // shifting right by one maps bucket b to occupancy bit b − 1 and drops
    // bucket 0, which is tracked by `head` and its end instead.
    var touched: UInt64 = 0
    while read != end {
      let entry = read.pointee
      let target = Self.bucket(of: entry.time, floor: newFloor)
      buckets[target].append(entry)
      touched |= 1 &<< UInt64(truncatingIfNeeded: target)
      read += 1
    }
    occupied |= touched &>> 1
    // Bucket 0 was drained, so reading starts at its (possibly new) buffer.
    head = buckets[0].base
  }

  /// Removes every event and resets the floor to zero, keeping the buffers
  /// for the next run.
  ///
  /// - Complexity: O(1).
  @usableFromInline package mutating func removeAll() {
    for index in 0..<Self.bucketCount {
      buckets[index].empty()
    }
    occupied = 0
    floor = 0
    head = buckets[0].base
    pending = 0
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
  @inlinable
  package init(time: UInt64, event: Event) {
    self.time = time
    self.event = event
  }
}
