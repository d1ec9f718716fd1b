/// Entry points that turn a scenario file into a reader for its top-level
/// object.
///
/// Reading is strict (see `JSONParser`) and every failure is a
/// `ScenarioError`: `.unreadableInput` when the file cannot be read,
/// `.invalidData` for anything wrong with its contents.
package enum ScenarioDocument {
  /// The largest scenario file read, 64 MiB: scenarios are small, and the
  /// limit keeps a wrong path such as `/dev/zero` from reading forever.
  package static let maximumFileSize = 64 << 20

  /// Reads and parses the scenario file at `path`.
  ///
  /// - Returns: A reader for the top-level object; call `finish()` on it
  ///   after reading.
  /// - Throws: `ScenarioError` of kind `.unreadableInput` if the file is
  ///   missing, a directory or unreadable; `.invalidData` if it is not a
  ///   JSON object or too large.
  package static func load(path: String) throws(ScenarioError) -> ScenarioObjectReader {
    try parse(bytes: try readFile(path), file: path)
  }

  /// Parses scenario JSON held in memory.
  ///
  /// - Parameters:
  ///   - bytes: The document, UTF-8.
  ///   - file: The name to use in messages.
  /// - Throws: `ScenarioError` of kind `.invalidData`.
  package static func parse(bytes: [UInt8], file: String) throws(ScenarioError) -> ScenarioObjectReader {
    reader(for: try parseObject(bytes: bytes, file: file), file: file)
  }

  /// A reader for a top-level object node (e.g. after overrides were
  /// applied to it).
  package static func reader(for root: JSONNode, file: String) -> ScenarioObjectReader {
    guard case .object(let members) = root.value else {
      return ScenarioObjectReader(members: [], location: root.location, keyPath: .root, file: file)
    }
    return ScenarioObjectReader(members: members, location: root.location, keyPath: .root, file: file)
  }

  /// Reads a scenario file's bytes.
  ///
  /// - Throws: `ScenarioError` of kind `.unreadableInput`, or `.invalidData`
  ///   when it is larger than ``maximumFileSize``.
  package static func bytes(path: String) throws(ScenarioError) -> [UInt8] {
    try readFile(path)
  }

  /// Parses scenario JSON and checks that its top level is an object.
  package static func parseObject(bytes: [UInt8], file: String) throws(ScenarioError) -> JSONNode {
    let root: JSONNode
    do {
      root = try JSONParser().parse(bytes)
    } catch {
      throw ScenarioError(kind: .invalidData, file: file, location: error.location, message: error.message)
    }
    guard case .object = root.value else {
      throw ScenarioError(
        kind: .invalidData, file: file, location: root.location,
        message: "a scenario must be a JSON object {…} at the top level, got \(root.value.kindDescription)")
    }
    return root
  }

  /// The file's bytes (see `InputFile`), as a scenario error.
  private static func readFile(_ path: String) throws(ScenarioError) -> [UInt8] {
    do {
      return try InputFile.bytes(path: path, maximumSize: maximumFileSize, kind: "scenario file (.json)")
    } catch {
      throw ScenarioError(
        kind: error.kind == .unreadable ? .unreadableInput : .invalidData, file: path, message: error.message)
    }
  }
}
