#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads an input file — a scenario, a partial table, a checkpoint, a CSV
/// table — the one way every command reads them: never blocking on a named
/// pipe nobody writes to, never reading a device forever, and saying what
/// is wrong in the user's terms.
///
/// Regular files and pipes (`<(…)`, `/dev/stdin` from a pipe) are read;
/// directories, devices and sockets are refused. The file is opened without
/// blocking, so a named pipe with no writer ends at once as empty instead of
/// waiting forever; a pipe with a writer is read to its end.
package enum InputFile {
  /// The file's bytes.
  ///
  /// - Parameters:
  ///   - path: The file, as ``FileName`` carries it.
  ///   - maximumSize: The most bytes accepted; more is `.invalidData`.
  ///   - kind: What the file is, for messages ("scenario file").
  /// - Throws: `InputFileError`: `.unreadable` when the file is missing, not
  ///   a file, not readable, or a pipe nothing was written to;
  ///   `.invalidData` when it is larger than `maximumSize`.
  /// - Complexity: O(file size).
  package static func bytes(path: String, maximumSize: Int, kind: String) throws(InputFileError) -> [UInt8] {
    func unreadable(_ message: String) -> InputFileError {
      InputFileError(kind: .unreadable, file: path, message: message)
    }
    guard !path.isEmpty else { throw unreadable("an empty file name; name a \(kind)") }
    let descriptor = FileName.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard descriptor >= 0 else { throw unreadable(openFailure(errno, kind: kind)) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw unreadable("cannot read the file: \(describe(errno))") }
    let type = status.st_mode & S_IFMT
    let isPipe = type == S_IFIFO
    guard type == S_IFREG || isPipe else {
      throw unreadable("is \(describe(fileType: type)), not a file; name a \(kind)")
    }
    if isPipe {
      // Opened without blocking so that a pipe with no writer cannot hang
      // the open; now wait for a writer's data like any reader of a pipe.
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EISDIR { throw unreadable("is a directory, not a file; name a \(kind)") }
        throw unreadable("cannot read the file: \(describe(code))")
      }
      bytes.append(contentsOf: chunk[0..<count])
      guard bytes.count <= maximumSize else {
        throw InputFileError(
          kind: .invalidData, file: path,
          message: "the file is larger than \(sizeText(maximumSize)); a \(kind) is not that large")
      }
    }
    if isPipe && bytes.isEmpty {
      throw unreadable("is a pipe and nothing was written to it (nothing had it open for writing)")
    }
    return bytes
  }

  /// The file's text: its bytes, which must be UTF-8 without NUL bytes.
  ///
  /// - Throws: `InputFileError` as ``bytes(path:maximumSize:kind:)``, and
  ///   `.invalidData` naming the line and column of the first byte that is
  ///   not UTF-8 or is NUL.
  /// - Complexity: O(file size).
  package static func text(path: String, maximumSize: Int, kind: String) throws(InputFileError) -> String {
    let bytes = try bytes(path: path, maximumSize: maximumSize, kind: kind)
    if let problem = firstBadByte(bytes) {
      throw InputFileError(
        kind: .invalidData, file: path, line: problem.line, column: problem.column,
        message: "\(problem.what); a \(kind) is UTF-8 text")
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Where the first NUL byte or byte that is not UTF-8 is, with 1-based
  /// line and column (in bytes), or `nil` when the text is clean.
  static func firstBadByte(_ bytes: [UInt8]) -> (line: Int, column: Int, what: String)? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    var line = 1
    var lineStart = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        if encoded.count == 1 {
          let byte = encoded.first!
          if byte == 0 { return (line, offset - lineStart + 1, "a NUL byte") }
          if byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
          }
        }
        offset += encoded.count
      case .error:
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        return (line, offset - lineStart + 1, "byte 0x\(byte.count == 1 ? "0" : "")\(byte) is not UTF-8")
      case .emptyInput:
        return nil
      }
    }
  }

  private static func openFailure(_ code: Int32, kind: String) -> String {
    switch code {
    case ENOENT: return "no such file; check the path"
    case ENOTDIR: return "no such file; a part of the path is not a directory"
    case EACCES: return "permission denied; the file is not readable"
    case ENXIO: return "is a socket or a device that is not there, not a file; name a \(kind)"
    default: return "cannot open the file: \(describe(code))"
    }
  }

  /// `a directory`, `a character device (such as /dev/null)`, ….
  private static func describe(fileType type: mode_t) -> String {
    switch type {
    case S_IFDIR: return "a directory"
    case S_IFCHR: return "a character device (such as /dev/null or a terminal)"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "not a regular file"
    }
  }

  static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  /// `64 MiB`.
  static func sizeText(_ bytes: Int) -> String {
    bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
  }
}

/// An input file that could not be read, or whose bytes are not text.
package struct InputFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Whether the file could not be read (66) or its contents are wrong (65).
  package enum Kind: Hashable, Sendable {
    case unreadable
    case invalidData
  }

  package var kind: Kind
  /// The file as the user named it.
  package var file: String
  /// The position of the bad byte, 1-based, when known.
  package var line: Int?
  package var column: Int?
  /// What is wrong and what to do.
  package var message: String

  package init(kind: Kind, file: String, line: Int? = nil, column: Int? = nil, message: String) {
    self.kind = kind
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `table.csv:3:7: byte 0xFF is not UTF-8; a partial table is UTF-8 text`.
  package var description: String {
    var text = FileName.display(file)
    if let line, let column { text += ":\(line):\(column)" }
    return text + ": " + message
  }
}
