/// The keys a `sampled` key store holds: Redis's `allkeys-lru`
/// approximation of LRU (https://redis.io/docs/latest/develop/reference/eviction/).
///
/// The store holds at most `limit` keys (`maxMemory` / `entryBytes`). When
/// a new key would exceed it, the store first makes room as Redis does
/// before running a write over `maxmemory` (evict.c, `performEvictions`):
/// it samples `samples` held keys uniformly (`maxmemory-samples`, default
/// 5), merges them into an eviction pool of the 16 best candidates kept
/// across evictions (`EVPOOL_SIZE`), ordered by idle time, and evicts the
/// pool's most idle candidate that is still held. Access times are kept
/// on Redis's LRU clock, in whole seconds (`LRU_CLOCK_RESOLUTION` 1000
/// ms), so keys used within the same second tie; a candidate's idle time
/// is the one measured when it was sampled, as in Redis.
///
/// Which key each sample picks is decided by the caller's `pick`, a keyed
/// draw, so the store itself holds no randomness. The keys are a dense
/// array (a removed key's slot takes the last key), sampled by index; the
/// dictionary from operation to slot is only looked up, never iterated.
@usableFromInline
struct SampledKeys: Sendable {
  /// Redis's eviction pool size (`EVPOOL_SIZE` in evict.c).
  static let poolSize = 16

  /// One eviction candidate: a key and its idle time (LRU-clock seconds)
  /// when it was sampled.
  @usableFromInline
  struct Candidate: Hashable, Sendable {
    /// The candidate key (its operation).
    @usableFromInline var key: UInt32
    /// Its idle time in LRU-clock seconds when sampled.
    @usableFromInline var idle: UInt64
  }

  /// The most keys held.
  @usableFromInline let limit: Int
  /// The keys sampled per eviction.
  @usableFromInline let samples: Int
  /// The slot of each held key.
  @usableFromInline var slotOf: [UInt32: Int32] = [:]
  /// Each slot's key (its operation), densely.
  @usableFromInline var keys: [UInt32] = []
  /// Each slot's last access on the LRU clock (whole seconds).
  @usableFromInline var accessed: [UInt64] = []
  /// The eviction pool, idle time ascending (the best candidate last).
  @usableFromInline var pool: [Candidate] = []

  /// An empty store of at most `limit` keys sampling `samples` per
  /// eviction.
  @usableFromInline
  init(limit: Int, samples: Int) {
    self.limit = Swift.max(limit, 1)
    self.samples = Swift.max(samples, 1)
    pool.reserveCapacity(Self.poolSize)
  }

  /// The keys held now.
  @inlinable var count: Int { keys.count }

  /// The bytes the store holds: its index, its arrays and its pool, room
  /// allocated included.
  ///
  /// - Complexity: O(1).
  var allocatedBytes: Int {
    let index = slotOf.capacity &* (MemoryLayout<UInt32>.stride &+ MemoryLayout<Int32>.stride &+ 1)
    return index &+ keys.capacity &* MemoryLayout<UInt32>.stride &+ accessed.capacity
      &* MemoryLayout<UInt64>.stride &+ pool.capacity &* MemoryLayout<Candidate>.stride
  }

  /// The bytes one held key takes: its dictionary entry, and its slot in
  /// the key and access-time arrays (which grow by doubling); the pool is
  /// a constant.
  static var bytesPerKey: UInt64 {
    MemoryFootprint.dictionaryEntry(UInt32.self, Int32.self)
      + MemoryFootprint.records(1, of: UInt32.self) + MemoryFootprint.records(1, of: UInt64.self)
  }

  /// The LRU clock at `now`: whole seconds.
  @inlinable
  static func clock(_ now: VirtualTime) -> UInt64 { now.nanoseconds / 1_000_000_000 }

  /// Whether `operation`'s key is held.
  ///
  /// - Complexity: O(1) on average.
  @inlinable
  func contains(_ operation: UInt32) -> Bool { slotOf[operation] != nil }

  /// Notes a read of `operation`'s key at `now`, if held.
  ///
  /// - Complexity: O(1) on average.
  @inlinable
  mutating func touch(_ operation: UInt32, at now: VirtualTime) {
    if let slot = slotOf[operation] { accessed[Int(slot)] = Self.clock(now) }
  }

  /// Stores (or touches) `operation`'s key at `now`, first evicting as
  /// many keys as needed to stay within `limit`. `pick(n, count)` is the
  /// slot the store's n-th sample of this insert takes among `count`
  /// held keys (uniform in `0 ..< count`). Returns the evicted keys, in
  /// eviction order.
  ///
  /// - Complexity: O(evictions × (samples + pool size)) on average.
  @discardableResult
  mutating func store(_ operation: UInt32, at now: VirtualTime, pick: (Int, Int) -> Int) -> [UInt32] {
    let clock = Self.clock(now)
    if let slot = slotOf[operation] {
      accessed[Int(slot)] = clock
      return []
    }
    var evicted: [UInt32] = []
    var drawn = 0
    while keys.count >= limit {
      var victim: UInt32?
      while victim == nil {
        for _ in 0..<samples {
          let slot = pick(drawn, keys.count)
          drawn += 1
          insertCandidate(Candidate(key: keys[slot], idle: clock &- accessed[slot]))
        }
        while victim == nil, let best = pool.popLast() {
          if slotOf[best.key] != nil { victim = best.key }
        }
      }
      if let victim {
        remove(victim)
        evicted.append(victim)
      }
    }
    slotOf[operation] = Int32(keys.count)
    keys.append(operation)
    accessed.append(clock)
    return evicted
  }

  /// Merges one sampled candidate into the pool as evict.c's
  /// `evictionPoolPopulate` does: kept in ascending idle order, a new
  /// candidate goes before those with the same idle time; a full pool
  /// drops its least idle candidate to make room, or the new one if it is
  /// less idle than all of them.
  ///
  /// - Complexity: O(pool size).
  @usableFromInline
  mutating func insertCandidate(_ candidate: Candidate) {
    var index = 0
    while index < pool.count, pool[index].idle < candidate.idle { index += 1 }
    if pool.count < Self.poolSize {
      pool.insert(candidate, at: index)
    } else if index > 0 {
      pool.remove(at: 0)
      pool.insert(candidate, at: index - 1)
    }
  }

  /// Removes a held key: the last slot's key takes its slot.
  ///
  /// - Complexity: O(1) on average.
  @usableFromInline
  mutating func remove(_ operation: UInt32) {
    guard let slot = slotOf.removeValue(forKey: operation) else { return }
    let index = Int(slot)
    let last = keys.count - 1
    if index != last {
      keys[index] = keys[last]
      accessed[index] = accessed[last]
      slotOf[keys[index]] = slot
    }
    keys.removeLast()
    accessed.removeLast()
  }

  /// Forgets every key and candidate (a restart), keeping the storage.
  ///
  /// - Complexity: O(keys held).
  mutating func removeAll() {
    slotOf.removeAll(keepingCapacity: true)
    keys.removeAll(keepingCapacity: true)
    accessed.removeAll(keepingCapacity: true)
    pool.removeAll(keepingCapacity: true)
  }
}
