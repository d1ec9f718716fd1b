import Foundation

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
    FileHandle.standardOutput.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes text to standard output at once, bypassing any buffer: for a
  /// stream (a trace) that is written while a command runs. Flush buffered
  /// output first to keep the order.
  ///
  /// - Throws: The write's error (a full disk, a closed descriptor).
  static func writeNow(_ text: String) throws {
    try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  }

  /// Writes a message to standard error at once.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
