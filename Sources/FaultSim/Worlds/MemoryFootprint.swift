/// The bytes a world's records hold, counted from their layouts
/// (`MemoryLayout<Record>.stride`) with the allowances of the containers
/// that store them, for the estimates behind `MemorySizedWorld`.
///
/// Counting from layouts keeps an estimate honest by itself: a field added
/// to a record grows the estimate of every world that stores the record.
/// What no layout tells — the process's own memory, a task's frames — is
/// stated once here, with how it was measured.
@usableFromInline
enum MemoryFootprint {
  /// A growing array or ring doubles when full, so it holds up to twice
  /// the room its records use.
  @usableFromInline
  static let growth: UInt64 = 2

  /// The bytes `count` records of `Record` hold in a growing array or ring
  /// (``growth``), saturating instead of overflowing.
  @inlinable
  static func records<Record>(_ count: UInt64, of record: Record.Type) -> UInt64 {
    count.multiplied(saturating: growth * UInt64(MemoryLayout<Record>.stride))
  }

  /// The bytes `count` records of `Record` hold in storage sized once, for
  /// the run (a table of every file, say).
  @inlinable
  static func fixed<Record>(_ count: UInt64, of record: Record.Type) -> UInt64 {
    count.multiplied(saturating: UInt64(MemoryLayout<Record>.stride))
  }

  /// The bytes one entry of a `[Key: Value]` holds. A Swift dictionary's
  /// buckets are a power of two filled to at most three quarters, so right
  /// after it grows each entry has 8/3 buckets: a key, a value and a bit
  /// of metadata each.
  @inlinable
  static func dictionaryEntry<Key, Value>(_ key: Key.Type, _ value: Value.Type) -> UInt64 {
    let bucket = UInt64(MemoryLayout<Key>.stride + MemoryLayout<Value>.stride) * 8 + 1
    return (bucket * 8 + 23) / 24  // bits × 8/3 ÷ 8, rounded up
  }

  /// The bytes a class instance with `payload` bytes of stored properties
  /// holds: a 16-byte header (type and reference counts), rounded up to
  /// the allocator's 16-byte granule.
  @inlinable
  static func object(payload: Int) -> UInt64 {
    UInt64((16 + payload + 15) / 16 * 16)
  }

  /// The bytes of an array's own allocation besides its elements: the
  /// object header, its count and its capacity.
  @inlinable
  static var arrayHeader: UInt64 { object(payload: 2 * MemoryLayout<Int>.stride) }

  /// A task of user code running under simulation: its object and its
  /// first allocator slab, about 1 KiB (no layout tells it; measured with
  /// the async checkout example, release, Linux x86-64).
  @usableFromInline
  static let task: UInt64 = 1_024

  /// The process before any world's records: the binary, the runtime and
  /// the standard library, the parsed scenario. Measured as the peak
  /// resident size of the smallest runs of each shipped scenario (13 to
  /// 16 MiB, release, Linux x86-64), with room for a larger scenario file.
  @usableFromInline
  static let process: UInt64 = 24 << 20
}

extension UInt64 {
  /// `self × other`, or `UInt64.max` when it does not fit.
  @inlinable
  func multiplied(saturating other: UInt64) -> UInt64 {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    return overflow ? .max : product
  }

  /// `self + other`, or `UInt64.max` when it does not fit.
  @inlinable
  func adding(saturating other: UInt64) -> UInt64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? .max : sum
  }
}
