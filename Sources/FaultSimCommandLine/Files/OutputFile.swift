import FaultSim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes an output file all at once: to a temporary file in the same
/// directory, then renamed into place, so a reader never sees half a table
/// and an interrupted run never destroys what was there.
///
/// Only regular files are written or replaced. A symbolic link is never
/// replaced and never written through, with or without `--force`: replacing
/// it would silently cut the link, and writing through it would change a
/// file the user did not name; the message names the link's target to give
/// instead. Directories, devices, pipes and sockets are refused. An existing
/// regular file is replaced only with `--force`.
///
/// Paths go to the kernel as bytes (`FileName`), so names that are not
/// UTF-8 work.
enum OutputFile {
  /// Whether anything — even a dangling symbolic link — exists at `path`.
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return FileName.withCString(path) { lstat($0, &status) } == 0
  }

  /// Throws unless `path` may be written: its directory must exist, and
  /// whatever is at `path` must be a regular file, replaced only with
  /// `force`. Commands call it before their work so that a long sweep does
  /// not end in a refusal.
  static func checkWritable(_ path: String, force: Bool) throws(CommandFailure) {
    let shown = FileName.display(path)
    guard !path.isEmpty else { throw .cannotCreate("an empty file name; give a file name for --out") }
    var status = stat()
    if FileName.withCString(path, { lstat($0, &status) }) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFREG:
        if !force { throw .cannotCreate("\(shown) already exists; pass --force to replace it") }
      case S_IFDIR:
        throw .cannotCreate("\(shown) is a directory; give a file name for --out")
      case S_IFLNK:
        let target = linkTarget(path).map { " to \(FileName.display($0))" } ?? ""
        throw .cannotCreate(
          "\(shown) is a symbolic link\(target); FaultSim neither replaces a link nor writes through it, even with --force: give the file's own path, or remove the link"
        )
      default:
        throw .cannotCreate(
          "\(shown) is \(describe(fileType: status.st_mode & S_IFMT)), not a regular file; FaultSim writes only regular files (without --out it writes to standard output)"
        )
      }
    } else if errno != ENOENT && errno != ENOTDIR {
      throw .cannotCreate("cannot create \(shown): \(failure(errno))")
    }
    try checkDirectory(of: path)
  }

  /// Writes `text` to `path`.
  ///
  /// - Parameter force: Whether an existing regular file may be replaced.
  static func write(_ text: String, to path: String, force: Bool) throws(CommandFailure) {
    try checkWritable(path, force: force)
    let shown = FileName.display(path)
    let (descriptor, temporary) = try createTemporary(beside: path)
    var failure: Int32?
    do {
      try FileDescriptor(number: descriptor).write(text)
    } catch {
      failure = error.code
    }
    if close(descriptor) != 0 && failure == nil { failure = errno }
    if let failure {
      remove(temporary)
      throw .cannotCreate("cannot write \(shown): \(self.failure(failure))")
    }
    // Whatever appeared at `path` meanwhile gets the same checks.
    do {
      try checkWritable(path, force: force)
    } catch {
      remove(temporary)
      throw error
    }
    let renamed = FileName.withCString(temporary) { from in FileName.withCString(path) { rename(from, $0) } }
    guard renamed == 0 else {
      let code = errno
      remove(temporary)
      throw .cannotCreate("cannot write \(shown): \(self.failure(code))")
    }
  }

  /// Removes the file at `path`, if any.
  static func remove(_ path: String) {
    _ = FileName.withCString(path) { unlink($0) }
  }

  /// Throws unless the directory `path` would be created in exists and
  /// takes new files.
  private static func checkDirectory(of path: String) throws(CommandFailure) {
    let shown = FileName.display(path)
    let directory = directoryName(path)
    let shownDirectory = FileName.display(directory)
    var status = stat()
    guard FileName.withCString(directory, { stat($0, &status) }) == 0 else {
      let code = errno
      if code == ENOENT {
        throw .cannotCreate(
          "cannot create \(shown): the directory \(shownDirectory) does not exist; create it first (mkdir -p \(shownDirectory))"
        )
      }
      if code == ENOTDIR {
        throw .cannotCreate("cannot create \(shown): a part of \(shownDirectory) is not a directory")
      }
      throw .cannotCreate("cannot create \(shown): \(failure(code))")
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw .cannotCreate("cannot create \(shown): \(shownDirectory) is not a directory")
    }
    guard FileName.withCString(directory, { access($0, W_OK | X_OK) }) == 0 else {
      throw .cannotCreate(
        "cannot create \(shown): \(errno == EROFS ? "\(shownDirectory) is on a read-only file system" : "no permission to create files in \(shownDirectory)")"
      )
    }
  }

  /// A new, empty file next to `path` (same directory, so the rename is
  /// atomic), open for writing.
  private static func createTemporary(beside path: String) throws(CommandFailure) -> (Int32, String) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let prefix = "\(directory).\(base).faultsim-\(getpid())-"
    for attempt in 0..<100 {
      let candidate = prefix + "\(attempt)"
      let descriptor = FileName.withCString(candidate) {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      }
      if descriptor >= 0 { return (descriptor, candidate) }
      if errno != EEXIST {
        throw .cannotCreate("cannot create \(FileName.display(path)): \(failure(errno))")
      }
    }
    throw .cannotCreate("cannot create a temporary file next to \(FileName.display(path))")
  }

  /// The directory part of `path`: `.` for a bare name, `/` for `/x`.
  static func directoryName(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let directory = trimmed[..<slash]
    return directory.isEmpty ? "/" : String(directory)
  }

  /// Where a symbolic link points, as written in the link.
  private static func linkTarget(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = FileName.withCString(path) { name in
      buffer.withUnsafeMutableBytes { readlink(name, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
    }
    return count > 0 ? FileName.decode(buffer[0..<count]) : nil
  }

  private static func describe(fileType type: mode_t) -> String {
    switch type {
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a named pipe"
    case S_IFSOCK: return "a socket"
    default: return "a special file"
    }
  }

  private static func failure(_ code: Int32) -> String {
    switch code {
    case EACCES, EPERM: return "permission denied"
    case ENOSPC: return "no space left on the device"
    case EROFS: return "the file system is read-only"
    case ENAMETOOLONG: return "the name is too long"
    default: return String(cString: strerror(code))
    }
  }
}
