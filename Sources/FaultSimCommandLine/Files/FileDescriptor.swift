#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file that bytes are written to: standard output, standard error,
/// or the temporary file an ``OutputFile`` becomes.
struct FileDescriptor {
  /// Standard output: tables, traces, help.
  static let standardOutput = FileDescriptor(number: STDOUT_FILENO)
  /// Standard error: messages and the progress line.
  static let standardError = FileDescriptor(number: STDERR_FILENO)

  /// The descriptor the kernel gave.
  let number: Int32

  /// Writes every byte of `bytes`, in as many writes as the kernel takes,
  /// retrying a write a signal interrupted.
  ///
  /// - Throws: `FileDescriptor.WriteError` with the reason of the first
  ///   write that failed or wrote nothing; the bytes before it are written.
  /// - Complexity: O(n) in the number of bytes.
  func write(_ bytes: UnsafeRawBufferPointer) throws(WriteError) {
    var written = 0
    while written < bytes.count {
      let count = systemWrite(number, bytes.baseAddress! + written, bytes.count - written)
      if count < 0 && errno == EINTR { continue }
      // A write that writes nothing would repeat forever; it fails, as in
      // Foundation's FileHandle.
      guard count > 0 else { throw WriteError(code: count < 0 ? errno : EIO) }
      written += count
    }
  }

  /// Writes `text` as UTF-8, as the bytes are written.
  func write(_ text: String) throws(WriteError) {
    var text = text
    var failure: WriteError?
    text.withUTF8 { utf8 in
      do throws(WriteError) { try write(UnsafeRawBufferPointer(utf8)) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Why a write failed: the C library's `errno`, and for messages the
  /// words Foundation's `FileHandle` used for it, so that what the tool
  /// prints did not change when it stopped using Foundation.
  struct WriteError: Error, CustomStringConvertible {
    /// The `errno` of the failed write.
    let code: Int32

    /// `The operation could not be completed. There isn’t enough space.`
    var description: String {
      let reason: String
      switch code {
      case ENOENT: reason = "The file doesn’t exist."
      case EPERM, EACCES: reason = "You don’t have permission."
      case ENAMETOOLONG: reason = "The file name is invalid."
      case EDQUOT, ENOSPC: reason = "There isn’t enough space."
      case EROFS: reason = "The volume is read only."
      case EEXIST: reason = "A file with the same name already exists."
      default: reason = "(NSCocoaErrorDomain error 512.)"
      }
      return "The operation could not be completed. \(reason)"
    }
  }
}

/// The C library's `write`, which `FileDescriptor.write` hides by name.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
