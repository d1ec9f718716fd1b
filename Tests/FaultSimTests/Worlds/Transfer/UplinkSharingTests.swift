import Testing

@testable import FaultSim

/// `daemon.uplink: shared` (docs/duplicates/outbox.md): a device's uploads
/// share its uplink by processor sharing, checked against the closed form.
@Suite struct UplinkSharingTests {
  /// One device, `files` uploads of 1–5 MB enqueued together at launch, no
  /// spread, no failures, always on Wi-Fi at `rate` bytes per second.
  static func device(files: Int, rate: UInt64, uplink: TransferWorldOptions.Daemon.Uplink) -> TransferWorldOptions {
    var options = TransferWorldOptions()
    options.workload.users = 1
    options.workload.filesPerUser = files
    options.workload.kind = .upload
    options.workload.minimumBytes = 1_000_000
    options.workload.maximumBytes = 5_000_000
    options.daemon.wifiBytesPerSecond = rate
    options.daemon.throughputSpread = 0
    options.daemon.uplink = uplink
    return options
  }

  /// Each upload's size and end, in nanoseconds, from the trace's
  /// `finish … bytes=N` lines.
  static func endings(_ options: TransferWorldOptions, seed: UInt64) throws -> [(bytes: UInt64, end: UInt64)] {
    let run = try TransferWorld.runOnce(options, seed: seed, tracing: true)
    return run.trace.compactMap { entry in
      let line = "\(entry)"
      guard entry.event.hasPrefix("finish "), let range = line.range(of: "bytes=") else { return nil }
      guard let bytes = UInt64(line[range.upperBound...].prefix { $0.isNumber }) else { return nil }
      return (bytes, entry.time.nanoseconds)
    }
  }

  /// Processor sharing of n uploads started together at rate r: sorted by
  /// size s₁ ≤ … ≤ sₙ, the k-th ends when every upload has moved
  /// min(its size, s_k), that is at (s₁ + … + s_k + (n − k)·s_k) / r (for
  /// two, a < b: 2a/r and (a + b)/r). The simulator moves whole bytes and
  /// rounds each segment's end up to the nanosecond, so at each of the n
  /// changes of share an upload may lag by one byte at its share r/n:
  /// within n²/r seconds plus n nanoseconds.
  @Test(arguments: [2, 3, 4, 5])
  func sharedUploadsEndAtTheProcessorSharingClosedForm(files: Int) throws {
    let rate: UInt64 = 60_000  // divisible by 1…5: every share is whole
    for seed in 0..<20 as Range<UInt64> {
      let endings = try Self.endings(Self.device(files: files, rate: rate, uplink: .shared), seed: seed)
      #expect(endings.count == files, "seed \(seed)")
      let sizes = endings.map(\.bytes).sorted()
      let ends = endings.map(\.end).sorted()
      var before: UInt64 = 0
      for k in 0..<sizes.count {
        let moved = before + sizes[k] * UInt64(files - k)
        let expected = Double(moved) * 1e9 / Double(rate)
        let tolerance = Double(files * files) * 1e9 / Double(rate) + Double(files)
        #expect(
          abs(Double(ends[k]) - expected) <= tolerance,
          "seed \(seed) n=\(files) k=\(k): ended at \(ends[k]) ns, closed form \(expected)")
        before += sizes[k]
      }
    }
  }

  /// Two uploads of sizes a < b: 2a/r and (a + b)/r to the nanosecond when
  /// every quantity divides (the sizes from the trace, r = 1,000 B/s: a
  /// share of 500 B/s moves a byte in exactly 2 ms); per task, a/r and b/r.
  @Test func twoUploadsEndAt2aOverRAndAPlusBOverR() throws {
    for seed in 0..<20 as Range<UInt64> {
      let shared = try Self.endings(Self.device(files: 2, rate: 1_000, uplink: .shared), seed: seed)
      let (a, b) = (min(shared[0].bytes, shared[1].bytes), max(shared[0].bytes, shared[1].bytes))
      let ends = shared.map(\.end).sorted()
      #expect(ends == [2 * a * 1_000_000, (a + b) * 1_000_000], "seed \(seed): a=\(a) b=\(b)")
      let perTask = try Self.endings(Self.device(files: 2, rate: 1_000, uplink: .perTask), seed: seed)
      #expect(perTask.map(\.end).sorted() == [a * 1_000_000, b * 1_000_000], "seed \(seed)")
    }
  }

  /// Only uploads share: downloads run as they did, and the shared uplink
  /// moves the same bytes as per-task, only later.
  @Test func downloadsAreUnchangedAndUploadsMoveTheSameBytes() throws {
    var downloads = Self.device(files: 4, rate: 60_000, uplink: .shared)
    downloads.workload.kind = .download
    var perTaskDownloads = downloads
    perTaskDownloads.daemon.uplink = .perTask
    for seed in 0..<20 as Range<UInt64> {
      #expect(
        try TransferWorld.runOnce(downloads, seed: seed).metrics
          == TransferWorld.runOnce(perTaskDownloads, seed: seed).metrics)
      let shared = try TransferWorld.runOnce(Self.device(files: 4, rate: 60_000, uplink: .shared), seed: seed)
      let perTask = try TransferWorld.runOnce(Self.device(files: 4, rate: 60_000, uplink: .perTask), seed: seed)
      #expect(shared.metrics.bytesTransferred == perTask.metrics.bytesTransferred, "seed \(seed)")
    }
  }
}
