#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Host {
  /// The machine's physical memory in bytes: its pages times the page
  /// size, as `ProcessInfo.physicalMemory` computed it on Linux (the whole
  /// machine's, not a container's limit).
  static var physicalMemory: UInt64 {
    UInt64(truncatingIfNeeded: sysconf(Int32(_SC_PHYS_PAGES)) &* sysconf(Int32(_SC_PAGESIZE)))
  }
}
