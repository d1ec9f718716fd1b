/// An array whose first element starts on a cache-line boundary (64
/// bytes), so that an element whose stride divides 64 never spans two
/// lines: the storage of the transfer world's per-task, per-file and
/// per-user records.
///
/// Why not `Array`: its elements start 32 bytes into its heap object, and a
/// large allocation starts 16 bytes into a page, so the first element sits
/// 32 or 48 bytes past a line boundary. A 64-byte element of an `Array`
/// then always spans two lines, and every other 32-byte one does. Each
/// event of the transfer world touches a task, a file record and a user
/// record picked at random from tens of megabytes, so every record that
/// spans two lines costs a second cache miss.
///
/// A value type with copy-on-write, as `Array`: mutating a storage that
/// another copy shares copies it first. The elements are `BitwiseCopyable`,
/// so growing and copying are plain memory copies, nothing is
/// deinitialised, and the count lives in the value (the hot path reads
/// only constants of the shared storage: no exclusivity checks). Indices
/// are `0 ..< count`.
///
/// Every write through the subscript checks that the storage is this
/// copy's own (one runtime call), and unlike `Array`'s these checks are
/// not merged by the optimiser: a hot path that changes several fields of
/// one element copies it out, changes the copy and writes it back once.
@usableFromInline
struct CacheLineArray<Element: BitwiseCopyable> {
  /// The owner of the memory; shared by copies until one writes.
  @usableFromInline
  var storage: CacheLineStorage
  /// `storage.base`, bound to `Element`, kept here so that a read is one
  /// load from the element.
  @usableFromInline
  var base: UnsafeMutablePointer<Element>
  /// The number of elements, from `base` on.
  @usableFromInline
  var count: Int
  /// The room, in elements.
  @usableFromInline
  var capacity: Int

  /// An empty array.
  @inlinable
  init() {
    self.init(storage: CacheLineStorage(byteCount: 0), count: 0, capacity: 0)
  }

  /// `count` copies of `element`.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  init(repeating element: Element, count: Int) {
    self.init(storage: CacheLineStorage(byteCount: Self.bytes(count)), count: count, capacity: count)
    base.initialize(repeating: element, count: count)
  }

  @inlinable
  init(storage: CacheLineStorage, count: Int, capacity: Int) {
    self.storage = storage
    base = storage.base.bindMemory(to: Element.self, capacity: capacity)
    self.count = count
    self.capacity = capacity
  }

  /// The bytes `count` elements take.
  @inlinable
  static func bytes(_ count: Int) -> Int {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
    precondition(count >= 0 && !overflow, "a capacity that cannot be allocated")
    return bytes
  }

  /// The element at `index`, which must be in `0 ..< count`.
  ///
  /// - Complexity: O(1); a write to a shared storage copies it first.
  @inlinable
  subscript(index: Int) -> Element {
    @inline(__always)
    get {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
      return base[index]
    }
    @inline(__always)
    _modify {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
      makeUnique()
      yield &base[index]
    }
  }

  /// Appends an element, growing the storage geometrically when full.
  ///
  /// - Complexity: Amortised O(1).
  @inlinable
  mutating func append(_ element: Element) {
    if count == capacity {
      replaceStorage(capacity: Swift.max(16, count &* 2))
    } else {
      makeUnique()
    }
    (base + count).initialize(to: element)
    count &+= 1
  }

  /// Removes every element, keeping the room when `keepingCapacity`.
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func removeAll(keepingCapacity: Bool = false) {
    guard keepingCapacity else {
      self = CacheLineArray()
      return
    }
    if !isKnownUniquelyReferenced(&storage) {
      self = CacheLineArray(storage: CacheLineStorage(byteCount: storage.byteCount), count: 0, capacity: capacity)
    }
    count = 0
  }

  /// Sets every element to `element`.
  ///
  /// - Complexity: O(`count`).
  @inlinable
  mutating func update(repeating element: Element) {
    if !isKnownUniquelyReferenced(&storage) {
      self = CacheLineArray(storage: CacheLineStorage(byteCount: storage.byteCount), count: count, capacity: capacity)
    }
    base.initialize(repeating: element, count: count)
  }

  /// Makes the storage this copy's own before a write.
  @inlinable
  @inline(__always)
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { replaceStorage(capacity: capacity) }
  }

  /// Moves the elements into a new storage with room for `capacity`
  /// (growing this copy's own in place when it can), or copies them from a
  /// shared one.
  @inlinable
  @inline(never)
  mutating func replaceStorage(capacity: Int) {
    let kept = Self.bytes(count)
    let replacement =
      isKnownUniquelyReferenced(&storage)
      ? CacheLineStorage(growing: storage, keeping: kept, to: Self.bytes(capacity))
      : CacheLineStorage(copying: kept, of: storage, to: Self.bytes(capacity))
    self = CacheLineArray(storage: replacement, count: count, capacity: capacity)
  }
}

extension CacheLineArray: RandomAccessCollection, MutableCollection {
  @usableFromInline
  typealias Index = Int
  @usableFromInline
  typealias Indices = Range<Int>

  @inlinable
  var startIndex: Int { 0 }

  @inlinable
  var endIndex: Int { count }
}
