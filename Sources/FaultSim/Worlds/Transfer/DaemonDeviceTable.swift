/// The daemon's record of every device: per device one block of whole
/// cache lines holding its state (``DaemonUserState``, 24 bytes) and then
/// the state of each of its files (``DaemonFileState``, 3 bytes), so that
/// one line serves a device of up to 13 files.
///
/// Why one block: an event of the transfer world touches one device's
/// state and one of its files' (a task ending counts the file's live tasks
/// and queues the ending for the device), picked at random among every
/// device; in two tables that is two cache misses, in one block one.
///
/// A value with copy-on-write, like ``CacheLineArray``. The records are
/// stored and read as bytes (`storeBytes`, `load`): the block's memory is
/// never bound to a type, so the two kinds of record can share it.
@usableFromInline
struct DaemonDeviceTable {
  /// The blocks; shared by copies until one writes.
  @usableFromInline
  var storage: CacheLineStorage
  /// `storage.base`, kept here so that a read is one load.
  @usableFromInline
  var base: UnsafeMutableRawPointer
  /// The devices.
  @usableFromInline
  let devices: Int
  /// The files of each device.
  @usableFromInline
  let filesPerDevice: Int
  /// A device's block, in bytes: whole lines.
  @usableFromInline
  let blockSize: Int

  /// Where a device's file states start in its block.
  @inlinable
  static var filesOffset: Int { 24 }

  /// Every device and file in its initial state.
  ///
  /// - Complexity: O(devices × files per device).
  @usableFromInline
  init(devices: Int, filesPerDevice: Int) {
    precondition(MemoryLayout<DaemonUserState>.size <= Self.filesOffset, "a device's state outgrew its room")
    precondition(MemoryLayout<DaemonFileState>.alignment == 1, "file states are packed")
    let line = CacheLineStorage.lineSize
    let used = Self.filesOffset + filesPerDevice * MemoryLayout<DaemonFileState>.size
    blockSize = (used + line - 1) / line * line
    self.devices = devices
    self.filesPerDevice = filesPerDevice
    storage = CacheLineStorage(byteCount: devices * blockSize)
    base = storage.base
    reset()
  }

  /// Puts every device and file back in its initial state.
  ///
  /// - Complexity: O(devices × files per device).
  @usableFromInline
  mutating func reset() {
    makeUnique()
    for device in 0..<devices {
      let block = base + device * blockSize
      block.storeBytes(of: DaemonUserState(), as: DaemonUserState.self)
      for k in 0..<filesPerDevice {
        block.storeBytes(
          of: DaemonFileState(), toByteOffset: Self.filesOffset + k * MemoryLayout<DaemonFileState>.size,
          as: DaemonFileState.self)
      }
    }
  }

  /// A device's state.
  ///
  /// - Complexity: O(1); a write to a shared storage copies it first.
  @inlinable
  subscript(device: Int) -> DaemonUserState {
    @inline(__always)
    get {
      precondition(UInt(bitPattern: device) < UInt(bitPattern: devices), "device out of range")
      return UnsafeRawPointer(base + device &* blockSize).load(as: DaemonUserState.self)
    }
    @inline(__always)
    set {
      precondition(UInt(bitPattern: device) < UInt(bitPattern: devices), "device out of range")
      makeUnique()
      (base + device &* blockSize).storeBytes(of: newValue, as: DaemonUserState.self)
    }
  }

  /// The state of `device`'s file `file` (an index over every file).
  ///
  /// - Complexity: O(1); a write to a shared storage copies it first.
  @inlinable
  subscript(file file: Int, of device: Int) -> DaemonFileState {
    @inline(__always)
    get {
      UnsafeRawPointer(base).load(fromByteOffset: offset(of: file, device), as: DaemonFileState.self)
    }
    @inline(__always)
    set {
      let offset = offset(of: file, device)
      makeUnique()
      base.storeBytes(of: newValue, toByteOffset: offset, as: DaemonFileState.self)
    }
  }

  /// Where the state of `device`'s file `file` is, from `base`.
  @inlinable
  @inline(__always)
  func offset(of file: Int, _ device: Int) -> Int {
    let k = file &- device &* filesPerDevice
    precondition(UInt(bitPattern: device) < UInt(bitPattern: devices), "device out of range")
    precondition(UInt(bitPattern: k) < UInt(bitPattern: filesPerDevice), "file not of this device")
    return device &* blockSize &+ Self.filesOffset &+ k &* MemoryLayout<DaemonFileState>.size
  }

  /// The state of file `file`.
  ///
  /// - Complexity: O(1).
  @inlinable
  subscript(file file: Int) -> DaemonFileState {
    @inline(__always)
    get { self[file: file, of: file / filesPerDevice] }
    @inline(__always)
    set { self[file: file, of: file / filesPerDevice] = newValue }
  }

  /// Makes the storage this copy's own before a write.
  @inlinable
  @inline(__always)
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { copyStorage() }
  }

  @inlinable
  @inline(never)
  mutating func copyStorage() {
    storage = CacheLineStorage(copying: storage.byteCount, of: storage, to: storage.byteCount)
    base = storage.base
  }
}
