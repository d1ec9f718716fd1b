import Foundation

/// Writes an output file all at once: to a temporary file in the same
/// directory, then renamed into place, so a reader never sees half a table
/// and an interrupted run never destroys what was there.
enum OutputFile {
  /// Whether something exists at `path`.
  static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  /// Writes `text` to `path`.
  ///
  /// - Parameter force: Whether an existing file may be replaced.
  static func write(_ text: String, to path: String, force: Bool) throws(CommandFailure) {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { throw .cannotCreate("\(path) is a directory; give a file name for --out") }
      if !force { throw .cannotCreate("\(path) already exists; pass --force to replace it") }
    }
    let url = URL(fileURLWithPath: path)
    do {
      try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
      throw .cannotCreate("cannot write \(path): \(error.localizedDescription)")
    }
  }
}
