import Foundation

/// Writes an output file all at once: to a temporary file in the same
/// directory, then renamed into place, so a reader never sees half a table
/// and an interrupted run never destroys what was there.
enum OutputFile {
  /// Whether something exists at `path`.
  static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  /// Throws unless `path` may be written: it must not be a directory, and
  /// an existing file only with `force`. Commands call it before their work
  /// so that a long sweep does not end in a refusal.
  static func checkWritable(_ path: String, force: Bool) throws(CommandFailure) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
    if isDirectory.boolValue { throw .cannotCreate("\(path) is a directory; give a file name for --out") }
    if !force { throw .cannotCreate("\(path) already exists; pass --force to replace it") }
  }

  /// Writes `text` to `path`.
  ///
  /// - Parameter force: Whether an existing file may be replaced.
  static func write(_ text: String, to path: String, force: Bool) throws(CommandFailure) {
    try checkWritable(path, force: force)
    let url = URL(fileURLWithPath: path)
    do {
      try Data(text.utf8).write(to: url, options: .atomic)
    } catch {
      throw .cannotCreate("cannot write \(path): \(error.localizedDescription)")
    }
  }
}
