/// The records of the operations a run may still touch: a ring over the
/// operation numbers `retired ..< opened`.
///
/// Operations start in number order, so the live ones form a window that
/// moves forward through the run: ``open(_:_:)`` adds the next operation's
/// record at the front, ``retire(below:)`` forgets records at the back once
/// nothing can change them any more (the world has folded them into its
/// metrics). Memory therefore grows with the operations in flight — the
/// span from the oldest unfinished operation to the newest started — not
/// with the operations run: 100 million orders over 10,000 s keep about as
/// many records as 100,000 over 10 s. Record `n` lives in slot
/// `n mod capacity`; a full ring doubles and moves each record to its new
/// slot. A world that never retires keeps every record, as an array would.
///
/// Storage is a buffer in a class, copied on write once per run
/// (``makeUnique()``), not on every access: the run loop's record reads and
/// writes are plain pointer accesses, with no uniqueness check (measured:
/// 2.5% of the reference run went to those checks on `Array`).
///
/// The window itself is four words: the ring's mask and the number of
/// operations in it share one. A debug build passes a struct of more than
/// four words by address, and a function that receives a generic struct by
/// address looks up the struct's metadata at each call; for the same
/// reason the worlds call ``open(_:_:in:)`` and ``retire(below:in:)``,
/// whose mutating forms get `self` by address whatever its size
/// (Benchmarks/README.md, "In a debug build"). Optimised builds inline
/// these calls either way.
@usableFromInline
struct OperationWindow<Record> {
  /// The buffer's owner, which frees it (and the records it holds).
  @usableFromInline
  var storage: Storage
  /// The first slot of the ring (the storage's, held here so that an
  /// access reads no class property).
  @usableFromInline
  var slots: UnsafeMutablePointer<Record>
  /// Operations below this number are forgotten.
  @usableFromInline
  private(set) var retired = 0
  /// Slots − 1, a power of two minus one: operation `n` is in slot
  /// `n & mask`. At most 2³¹ − 1 (``maximumCapacity``).
  @usableFromInline
  private(set) var ringMask: UInt32
  /// The operations in the ring, `opened − retired`: at most the slots.
  @usableFromInline
  private(set) var span: UInt32 = 0

  /// The most slots a ring may have, so that its mask and its span fit in
  /// 32 bits. A run never needs more: it has at most 10⁹ operations
  /// (`ScenarioLimits.operations`), and its memory budget stops it long
  /// before that many are in flight.
  @inlinable
  static var maximumCapacity: Int { 1 << 31 }

  /// An empty window with room for `capacity` records before it grows.
  @inlinable
  init(capacity: Int = 1024) {
    storage = Storage(capacity: Self.roundedCapacity(capacity))
    slots = storage.slots
    ringMask = UInt32(truncatingIfNeeded: storage.capacity - 1)
  }

  /// The power of two at or above `capacity` (at least 16, at most
  /// ``maximumCapacity``).
  @inlinable
  static func roundedCapacity(_ capacity: Int) -> Int {
    let wanted = Swift.min(Swift.max(16, capacity), maximumCapacity)
    return wanted.nonzeroBitCount == 1 ? wanted : 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount)
  }

  /// Slots − 1: operation `n` is in slot `n & mask`.
  @usableFromInline @_transparent
  var mask: Int { Int(truncatingIfNeeded: ringMask) }

  /// Operations opened so far: the next one to open.
  @usableFromInline @_transparent
  var opened: Int { retired &+ Int(truncatingIfNeeded: span) }

  /// Tells the storage which records are initialised, for its `deinit`;
  /// nothing for plain-data records, which need no deinitialising (the
  /// range is not even formed).
  @usableFromInline @_transparent
  func noteLive() {
    if !_isPOD(Record.self) { storage.note(retired..<opened) }
  }

  /// Records held: the operations opened and not retired, and the spilled.
  @inlinable
  var count: Int { Int(truncatingIfNeeded: span) + storage.spillIndex.count }

  /// Records spilled (held outside the ring).
  @inlinable
  var spilledCount: Int { storage.spillIndex.count }

  /// The bytes the window's buffers hold: the ring's slots, the spill pool,
  /// its index and free list, and the spill filter — room allocated, not
  /// only records in use, since that is what the process holds.
  ///
  /// - Complexity: O(1).
  var allocatedBytes: Int {
    let stride = MemoryLayout<Record>.stride
    let ring = storage.capacity &* stride
    let spill = storage.spillCapacity &* stride
    // A dictionary entry: key, value and about a byte of metadata.
    let index = storage.spillIndex.capacity &* (2 &* MemoryLayout<Int>.stride &+ 1)
    let free = storage.spillFree.capacity &* MemoryLayout<Int>.stride
    let filter = (Storage.filterMask &+ 1) &* MemoryLayout<UInt16>.stride
    return ring &+ spill &+ index &+ free &+ filter
  }

  /// Whether operation `operation`'s record is held (opened, not retired).
  @usableFromInline @_transparent
  func holds(_ operation: Int) -> Bool {
    if operation >= retired { return operation &- retired < Int(truncatingIfNeeded: span) }
    return storage.spilledAddress(operation) != nil
  }

  /// Where operation `operation`'s record is if it is held, `nil` if not:
  /// ``holds(_:)`` and ``address(of:)`` in one, which look up a spilled
  /// record once rather than twice.
  ///
  /// - Complexity: O(1); a hash lookup for a spilled record.
  @usableFromInline @_transparent
  func heldAddress(of operation: Int) -> UnsafeMutablePointer<Record>? {
    if operation >= retired {
      return operation &- retired < Int(truncatingIfNeeded: span) ? slots + (operation & mask) : nil
    }
    return storage.spilledAddress(operation)
  }

  /// The record of a held operation: in the ring, or spilled.
  ///
  /// - Precondition: ``holds(_:)`` (checked in debug builds only: the run
  ///   loop accesses records on every event).
  /// - Complexity: O(1); a hash lookup for a spilled record.
  @inlinable
  subscript(operation: Int) -> Record {
    @_transparent
    unsafeAddress {
      UnsafePointer(address(of: operation))
    }
    @_transparent
    nonmutating unsafeMutableAddress {
      address(of: operation)
    }
  }

  /// Where a held operation's record is: its ring slot, or its place among
  /// the spilled.
  @usableFromInline @_transparent
  func address(of operation: Int) -> UnsafeMutablePointer<Record> {
    #if DEBUG
      // Not `assert(holds(operation), …)`: its closures would copy the
      // window on every access of a debug build.
      if !holds(operation) { assertionFailure("operation \(operation) is not in the window \(retired)..<\(opened)") }
    #endif
    if operation >= retired { return slots + (operation & mask) }
    return storage.spilledAddress(operation).unsafelyUnwrapped
  }

  // MARK: Stragglers

  /// Whether the ring is full: opening the next operation grows it, unless
  /// the oldest is spilled first.
  @inlinable
  var isFull: Bool { span > ringMask }

  /// Whether a full ring had better spill its oldest record than double:
  /// once it has 4,096 slots, while the spilled records are fewer than a
  /// sixteenth of them. An operation that retries for seconds holds the
  /// ring's tail while thousands of younger ones finish behind it;
  /// spilling the few such stragglers keeps the ring near the size of what
  /// is really in flight (the reference checkout: 16,384 slots instead of
  /// 65,536). Spilling more costs more than it saves: an access to a
  /// spilled record is a hash lookup (measured under callgrind at 10,000
  /// orders a second: +3% instructions with a sixteenth, +18% with a
  /// quarter).
  @inlinable
  var prefersSpilling: Bool { mask >= 4_095 && storage.spillIndex.count < (mask + 1) / 16 }

  /// Moves the oldest record in the ring to the spilled ones.
  ///
  /// - Precondition: the ring holds a record.
  /// - Complexity: O(1) amortised.
  @inlinable
  mutating func spillOldest() {
    precondition(span > 0, "spilling from an empty ring")
    storage.spill(retired, (slots + (retired & mask)).move())
    retired &+= 1
    span &-= 1
    noteLive()
  }

  /// The operations whose records are spilled, in number order.
  ///
  /// - Complexity: O(s log s) for s spilled records.
  @inlinable
  var spilledOperations: [Int] { storage.spillIndex.keys.sorted() }

  /// Forgets a spilled record.
  @inlinable
  mutating func forgetSpilled(_ operation: Int) {
    storage.forgetSpilled(operation)
  }

  /// Gives this window its own storage if a copy of it shares the buffer.
  /// Call before a run (and before mutating outside one): the accesses of
  /// the run itself do not check.
  ///
  /// - Complexity: O(``count``) when a copy is made, O(1) otherwise.
  @inlinable
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) {
      storage = storage.copy(retired..<opened)
      slots = storage.slots
    }
  }

  /// Opens the next operation's record, `record`; grows the ring when it is
  /// full.
  ///
  /// - Precondition: `operation` is ``opened``: operations open in order.
  /// - Complexity: Amortised O(1).
  @usableFromInline @_transparent
  mutating func open(_ operation: Int, _ record: Record) {
    precondition(operation == opened, "operations open in order: \(operation) after \(opened)")
    if span > ringMask { grow() }
    (slots + (operation & mask)).initialize(to: record)
    span &+= 1
    noteLive()
  }

  /// Doubles the ring, keeping every record at its operation's new slot.
  @inlinable
  @inline(never)
  mutating func grow() {
    precondition(
      storage.capacity < Self.maximumCapacity,
      "more than \(Self.maximumCapacity) operations in flight at once")
    storage.grow(retired..<opened)
    slots = storage.slots
    ringMask = UInt32(truncatingIfNeeded: storage.capacity - 1)
  }

  /// Forgets the records of the operations below `operation`.
  ///
  /// - Precondition: `operation` is between ``retired`` and ``opened``.
  /// - Complexity: O(records forgotten).
  @usableFromInline @_transparent
  mutating func retire(below operation: Int) {
    assert(operation >= retired && operation <= opened, "retiring outside the window")
    while retired < operation {
      (slots + (retired & mask)).deinitialize(count: 1)
      retired &+= 1
      span &-= 1
    }
    noteLive()
  }

  /// ``open(_:_:)`` as a static function, the form the worlds call once
  /// an order: it is handed `Record`'s metadata, where the mutating form
  /// looks up the window's in a debug build (see the type's comment).
  @usableFromInline @_transparent
  static func open(_ operation: Int, _ record: Record, in window: inout OperationWindow) {
    window.open(operation, record)
  }

  /// ``retire(below:)`` as a static function, for the reason
  /// ``open(_:_:in:)`` gives.
  @usableFromInline @_transparent
  static func retire(below operation: Int, in window: inout OperationWindow) {
    window.retire(below: operation)
  }

  /// Forgets every record and starts numbering at zero again, keeping the
  /// buffer.
  ///
  /// - Complexity: O(``count``).
  @inlinable
  mutating func removeAll() {
    makeUnique()
    storage.forgetAllSpilled()
    retire(below: opened)
    retired = 0
    noteLive()
  }

  /// The ring's buffer; it deinitialises the records it holds when freed.
  @usableFromInline
  final class Storage {
    /// The first slot.
    @usableFromInline
    @exclusivity(unchecked)
    private(set) var slots: UnsafeMutablePointer<Record>
    /// Slots, a power of two.
    @usableFromInline
    @exclusivity(unchecked)
    private(set) var capacity: Int
    /// The operations whose records are initialised, for `deinit`; kept
    /// only for records that need deinitialising.
    @usableFromInline
    @exclusivity(unchecked)
    var live: Range<Int> = 0..<0

    /// The spilled records, in a pool of `spillCapacity` places; a place's
    /// operation is in `spillIndex`, free places are in `spillFree`.
    @usableFromInline
    @exclusivity(unchecked)
    var spillSlots: UnsafeMutablePointer<Record>
    @usableFromInline
    @exclusivity(unchecked)
    var spillCapacity = 0
    @usableFromInline
    @exclusivity(unchecked)
    var spillIndex: [Int: Int] = [:]
    @usableFromInline
    @exclusivity(unchecked)
    var spillFree: [Int] = []
    /// How many spilled operations have each value of their low 14 bits:
    /// a zero proves an operation is not spilled without hashing it (the
    /// common question, asked for each late answer to a folded operation).
    @usableFromInline
    let spillFilter: UnsafeMutablePointer<UInt16>
    @usableFromInline
    static var filterMask: Int { 0x3FFF }
    /// The last spilled operation looked up and its place: one event makes
    /// several accesses to its operation's record.
    @usableFromInline
    @exclusivity(unchecked)
    var lastSpilled = (operation: -1, place: 0)

    @inlinable
    init(capacity: Int) {
      slots = .allocate(capacity: capacity)
      self.capacity = capacity
      spillSlots = .allocate(capacity: 0)
      spillFilter = .allocate(capacity: Self.filterMask + 1)
      spillFilter.initialize(repeating: 0, count: Self.filterMask + 1)
    }

    /// The place of a spilled operation's record, if it is spilled.
    @inlinable
    func spilledAddress(_ operation: Int) -> UnsafeMutablePointer<Record>? {
      guard spillFilter[operation & Self.filterMask] != 0 else { return nil }
      if lastSpilled.operation == operation { return spillSlots + lastSpilled.place }
      guard let place = spillIndex[operation] else { return nil }
      lastSpilled = (operation, place)
      return spillSlots + place
    }

    /// Keeps `record` as the spilled record of `operation`.
    @inlinable
    func spill(_ operation: Int, _ record: consuming Record) {
      if spillFree.isEmpty {
        let grown = Swift.max(16, spillCapacity * 2)
        let pool = UnsafeMutablePointer<Record>.allocate(capacity: grown)
        for place in spillIndex.values {
          (pool + place).moveInitialize(from: spillSlots + place, count: 1)
        }
        spillSlots.deallocate()
        spillSlots = pool
        spillFree = Array((spillCapacity..<grown).reversed())
        spillCapacity = grown
      }
      let place = spillFree.removeLast()
      (spillSlots + place).initialize(to: record)
      spillIndex[operation] = place
      spillFilter[operation & Self.filterMask] &+= 1
    }

    /// Forgets the spilled record of `operation`.
    @inlinable
    func forgetSpilled(_ operation: Int) {
      guard let place = spillIndex.removeValue(forKey: operation) else { return }
      if lastSpilled.operation == operation { lastSpilled = (-1, 0) }
      spillFilter[operation & Self.filterMask] &-= 1
      (spillSlots + place).deinitialize(count: 1)
      spillFree.append(place)
    }

    /// Forgets every spilled record.
    @inlinable
    func forgetAllSpilled() {
      for (operation, place) in spillIndex {
        (spillSlots + place).deinitialize(count: 1)
        spillFree.append(place)
        spillFilter[operation & Self.filterMask] &-= 1
      }
      spillIndex.removeAll(keepingCapacity: true)
      lastSpilled = (-1, 0)
    }

    /// Records which operations' records are initialised (nothing to do
    /// for plain-data records, which need no deinitialising).
    @inlinable
    @inline(__always)
    func note(_ operations: Range<Int>) {
      if !_isPOD(Record.self) { live = operations }
    }

    /// A copy of the records of `operations`.
    @inlinable
    func copy(_ operations: Range<Int>) -> Storage {
      let copy = Storage(capacity: capacity)
      let mask = capacity - 1
      for operation in operations {
        (copy.slots + (operation & mask)).initialize(to: slots[operation & mask])
      }
      copy.note(operations)
      for (operation, place) in spillIndex {
        copy.spill(operation, spillSlots[place])
      }
      return copy
    }

    /// Doubles the buffer, moving each record of `operations` to its new
    /// slot.
    @inlinable
    func grow(_ operations: Range<Int>) {
      let newCapacity = capacity * 2
      let grown = UnsafeMutablePointer<Record>.allocate(capacity: newCapacity)
      let mask = capacity - 1
      let newMask = newCapacity - 1
      for operation in operations {
        (grown + (operation & newMask)).moveInitialize(from: slots + (operation & mask), count: 1)
      }
      slots.deallocate()
      slots = grown
      capacity = newCapacity
    }

    deinit {
      let mask = capacity - 1
      for operation in live {
        (slots + (operation & mask)).deinitialize(count: 1)
      }
      slots.deallocate()
      forgetAllSpilled()
      spillSlots.deallocate()
      spillFilter.deallocate()
    }
  }
}
