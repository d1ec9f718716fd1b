#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processors this process may use: how many threads a sweep (when
/// `--jobs` is not given) and a property check run seeds on.
package enum Processors {
  /// The processors this process may use.
  ///
  /// As `ProcessInfo.activeProcessorCount` counts them on Linux, and a
  /// cgroup v2 limit too: a cgroup v1 CPU quota (`cpu.cfs_quota_us` over
  /// `cpu.cfs_period_us`, rounded up), else a cgroup v2 one (`cpu.max`,
  /// `quota period`, rounded up), else the first range of a cgroup v1
  /// cpuset, else the processors online — never more than those.
  package static var active: Int {
    let online = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #if os(Linux)
      if let count = cgroupQuotaProcessors() ?? cgroupV2QuotaProcessors() ?? cgroupSetProcessors() {
        return max(1, min(count, online))
      }
    #endif
    return online
  }

  #if os(Linux)
    /// `⌈quota / period⌉` of the cgroup v1 CPU controller, when both are
    /// positive.
    private static func cgroupQuotaProcessors() -> Int? {
      guard let quota = firstLine(of: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us").flatMap({ Int($0) }), quota > 0,
        let period = firstLine(of: "/sys/fs/cgroup/cpu/cpu.cfs_period_us").flatMap({ Int($0) }), period > 0
      else { return nil }
      return (quota - 1 + period) / period
    }

    /// `⌈quota / period⌉` of the cgroup v2 `cpu.max` (`max 100000` is no
    /// limit).
    private static func cgroupV2QuotaProcessors() -> Int? {
      guard let fields = firstLine(of: "/sys/fs/cgroup/cpu.max")?.split(separator: " "), fields.count == 2,
        let quota = Int(fields[0]), quota > 0, let period = Int(fields[1]), period > 0
      else { return nil }
      return (quota - 1 + period) / period
    }

    /// The size of the first range of the cgroup v1 cpuset (`0-3` in
    /// `0-3,8-11` is 4; later ranges were never counted).
    private static func cgroupSetProcessors() -> Int? {
      guard let first = firstLine(of: "/sys/fs/cgroup/cpuset/cpuset.cpus")?.split(separator: ",").first else {
        return nil
      }
      let ends = first.split(separator: "-", maxSplits: 1)
      guard let low = ends.first.flatMap({ Int($0, radix: 10) }), let high = ends.last.flatMap({ Int($0, radix: 10) }),
        high >= low
      else { return nil }
      return 1 + high - low
    }

    /// The first non-empty line of a small file; empty when the file is
    /// not UTF-8 or has no such line, `nil` when it cannot be read.
    private static func firstLine(of path: String) -> Substring? {
      guard let bytes = try? InputFile.bytes(path: path, maximumSize: 1 << 20, kind: "cgroup file") else { return nil }
      return String(validating: bytes, as: UTF8.self)?.split(separator: "\n").first ?? ""
    }
  #endif
}
