#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes: standard output for data, standard error for
/// messages. Buffered; flushed by `main` before exit.
struct Output {
  private var buffer: [UInt8] = []

  /// Appends text to standard output.
  mutating func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes buffered standard output.
  mutating func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { Self.writeOrStop($0, to: .standardOutput, "standard output") }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes text to standard output at once, bypassing any buffer: for a
  /// stream (a trace) that is written while a command runs. Flush buffered
  /// output first to keep the order.
  ///
  /// - Throws: The write's error (a full disk, a closed descriptor).
  static func writeNow(_ text: String) throws(FileDescriptor.WriteError) {
    try FileDescriptor.standardOutput.write(text)
  }

  /// Writes a message to standard error at once.
  static func error(_ text: String) {
    var text = text
    text.withUTF8 { writeOrStop(UnsafeRawBufferPointer($0), to: .standardError, "standard error") }
  }

  /// Writes `bytes`, or stops the process with status 73 (an output that
  /// could not be written) when that fails — a full disk, a closed
  /// descriptor, `>/dev/full` — after saying so on standard error, unless
  /// standard error is what failed.
  private static func writeOrStop(_ bytes: UnsafeRawBufferPointer, to file: FileDescriptor, _ name: String) {
    do {
      try file.write(bytes)
    } catch {
      let failure = CommandFailure.cannotCreate("cannot write to \(name): \(error)")
      if name != "standard error" { try? FileDescriptor.standardError.write(failure.message) }
      exit(failure.exitCode)
    }
  }
}
