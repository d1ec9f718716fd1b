import Foundation

/// The directory commands run in: inputs a command may read (`table.csv`,
/// two parts of a sweep, the case's `case.json`) and outputs that already
/// exist (`existing.csv`, `existing.svg`, a dangling symbolic link). After
/// each command it checks that nothing was replaced that the command had
/// no `--force` for, then puts every file back as it was and removes
/// everything else.
struct Sandbox {
  let url: URL
  /// File name → bytes (nil for the dangling link), as they must stay.
  var precious: [(name: String, bytes: [UInt8]?)] = []

  static let linkTarget = "nowhere/at/all"

  init(directory: URL, table: String, parts: [String]) throws {
    url = directory
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    precious = [
      ("existing.csv", Array("precious,data\r\n1,2\r\n".utf8)), ("existing.svg", Array("<svg/>\n".utf8)),
      ("table.csv", Array(table.utf8)), ("part-1.csv", Array(parts[0].utf8)), ("part-2.csv", Array(parts[1].utf8)),
      ("link-dangling", nil),
    ]
    try restore()
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes the precious files and removes everything else.
  func restore() throws {
    let names = Set(precious.map(\.name) + ["dir", "case.json"])
    for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] where !names.contains(name) {
      try? FileManager.default.removeItem(atPath: path(name))
    }
    for (name, bytes) in precious where current(name) != .some(bytes) {
      try? FileManager.default.removeItem(atPath: path(name))
      if let bytes {
        try Data(bytes).write(to: url.appendingPathComponent(name))
      } else {
        try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: Self.linkTarget)
      }
    }
    var directory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path("dir"), isDirectory: &directory) || !directory.boolValue {
      try? FileManager.default.removeItem(atPath: path("dir"))
      try FileManager.default.createDirectory(atPath: path("dir"), withIntermediateDirectories: true)
    }
  }

  /// What a precious file holds now: its bytes, nil for the dangling link,
  /// or `.none` when it is missing or something else.
  func current(_ name: String) -> [UInt8]?? {
    let full = path(name)
    if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
      return destination == Self.linkTarget ? .some(nil) : .none
    }
    guard let data = FileManager.default.contents(atPath: full) else { return .none }
    return .some(Array(data))
  }

  /// The precious files `command` changed although it had no `--force`
  /// for them (naming one as `--out` with `--force` allows replacing it).
  func clobbered(by command: CommandCase) -> [String] {
    precious.compactMap { name, bytes in
      guard current(name) != .some(bytes) else { return nil }
      let allowed = command.forces && command.outputs.contains { $0 == name || $0.hasSuffix("/" + name) }
      return allowed ? nil : name
    }
  }
}
