#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory that starts on a cache-line boundary: `byteCount` bytes inside a
/// block from `malloc` that is 63 bytes larger. The storage of
/// ``CacheLineArray`` and ``DaemonDeviceTable``, shared by their copies
/// until one of them writes.
///
/// The hot path reads only its constants, which need no exclusivity
/// check. What the bytes hold is its owner's business (trivial values,
/// which need no deinitialising). Growing a storage nothing else shares
/// hands its block to `realloc`, which for a large block remaps its pages
/// instead of copying them, so the old and the new buffer are never both
/// resident.
@usableFromInline
final class CacheLineStorage {
  /// The first byte, on a line boundary.
  @usableFromInline
  let base: UnsafeMutableRawPointer
  /// The room, in bytes.
  @usableFromInline
  let byteCount: Int
  /// The block `base` lies in; `nil` once a grown storage took it over.
  var block: UnsafeMutableRawPointer?

  /// The line size the storage is aligned to.
  @inlinable
  static var lineSize: Int { 64 }

  /// Room for `byteCount` bytes, uninitialised.
  @usableFromInline
  init(byteCount: Int) {
    let block = malloc(Self.blockSize(byteCount))
    self.block = block
    self.byteCount = byteCount
    base = Self.lineStart(in: block)
  }

  /// Room for `byteCount` bytes, the first `keeping` of them taken over
  /// from `storage`, which is left without memory.
  @usableFromInline
  init(growing storage: CacheLineStorage, keeping kept: Int, to byteCount: Int) {
    let offset = storage.base - storage.block.unsafelyUnwrapped
    let block = realloc(storage.block, Self.blockSize(byteCount))
    storage.block = nil
    self.block = block
    self.byteCount = byteCount
    base = Self.lineStart(in: block)
    // `realloc` keeps the bytes, not their alignment: a block that moved
    // to another offset from a line boundary shifts its bytes back.
    let moved = block.unsafelyUnwrapped + offset
    if moved != base { base.copyMemory(from: moved, byteCount: kept) }
  }

  /// A copy of the first `count` bytes of `storage`, with room for
  /// `byteCount`.
  @usableFromInline
  convenience init(copying count: Int, of storage: CacheLineStorage, to byteCount: Int) {
    self.init(byteCount: byteCount)
    base.copyMemory(from: storage.base, byteCount: count)
  }

  deinit {
    free(block)
  }

  /// The bytes to ask for: `byteCount` and room to align them.
  static func blockSize(_ byteCount: Int) -> Int {
    precondition(byteCount >= 0 && byteCount <= Int.max - lineSize, "a size that cannot be allocated")
    return Swift.max(1, byteCount) + lineSize - 1
  }

  /// The first line boundary in `block`, which must not be `nil`.
  static func lineStart(in block: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
    guard let block else { fatalError("out of memory") }
    return block + (lineSize - Int(bitPattern: block) & (lineSize - 1)) & (lineSize - 1)
  }
}
