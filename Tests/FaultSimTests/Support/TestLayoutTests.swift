import Foundation
import Testing

/// The test folders mirror `Sources/`: a test lives in the folder of the
/// code it tests (`Tests/FaultSimTests/Engine/Queue/` for
/// `Sources/FaultSim/Engine/Queue/`), so the tree says where a feature's
/// tests are. Shared helpers live in `Support/`, data in `Fixtures/`; a
/// test of another target the test target builds (`faultsim-fuzz`) lives in
/// a folder named like that target's (`FaultSimFuzz/`).
@Suite struct TestLayoutTests {
  /// The package's root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Each test target's folder and the source folder it mirrors.
  static let mirrors = [
    ("Tests/FaultSimTests", "Sources/FaultSim"),
    ("Tests/FaultSimCLITests", "Sources/FaultSimCommandLine"),
  ]

  /// Folders of a test target that mirror no source folder.
  static let unmirrored: Set<String> = ["Support", "Fixtures"]

  /// The paths under `folder` (relative to it) that end in `suffix`.
  static func paths(under folder: String, endingIn suffix: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(suffix) { found.append(path) }
    }
    return found.sorted()
  }

  /// Whether `path`, relative to the root, is a folder.
  static func isFolder(_ path: String) -> Bool {
    var folder: ObjCBool = false
    return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &folder)
      && folder.boolValue
  }

  /// The last part of a path.
  static func lastPart(of path: String) -> String { String(path.split(separator: "/").last ?? "") }

  /// The folders of `sources` a test named `subject` (`EventQueue` for
  /// `EventQueueTests.swift`) found in a folder named `area` probably
  /// belongs in: where a `subject.swift` or `subject+….swift` is, and the
  /// folders named `subject` or `area`.
  static func suggestions(subject: String, area: String, in sources: String) -> [String] {
    let files = paths(under: sources, endingIn: ".swift")
    let folders = Set(files.map { $0.split(separator: "/").dropLast().joined(separator: "/") }).filter { !$0.isEmpty }
    let typeFolders = files.filter { path in
      lastPart(of: path).split(whereSeparator: { $0 == "." || $0 == "+" }).first.map(String.init) == subject
    }.map { $0.split(separator: "/").dropLast().joined(separator: "/") }
    let namedFolders = folders.filter { [subject, area].contains(lastPart(of: $0)) }
    return Array(Set(typeFolders + namedFolders).filter { !$0.isEmpty }).sorted()
  }

  /// Why `file` (relative to `tests`) is misplaced and where it should go,
  /// or `nil` when it sits in a folder `sources` has.
  static func misplacement(of file: String, tests: String, sources: String) -> String? {
    let folders = file.split(separator: "/").dropLast().map(String.init)
    if let first = folders.first, unmirrored.contains(first) { return nil }
    let folder = folders.joined(separator: "/")
    if !folder.isEmpty && (isFolder("\(sources)/\(folder)") || isFolder("Sources/\(folder)")) { return nil }
    let subject = lastPart(of: file).replacingOccurrences(of: ".swift", with: "")
    let guesses = suggestions(
      subject: subject.hasSuffix("Tests") ? String(subject.dropLast(5)) : subject, area: folders.last ?? "",
      in: sources)
    let place = folder.isEmpty ? "directly in \(tests)" : "in \(folder)/, a folder \(sources) does not have"
    let areas = paths(under: sources, endingIn: "").filter {
      isFolder("\(sources)/\($0)") && !$0.contains("/") && !$0.contains(".")
    }
    let destination =
      guesses.isEmpty
      ? "the folder of \(sources) whose code it tests, under one of \(areas.sorted().joined(separator: ", ")) "
        + "(Support/ if it is a helper)"
      : guesses.prefix(3).map { "\(tests)/\($0)/" }.joined(separator: " or ")
    return "\(tests)/\(file) sits \(place); git mv it to \(destination)"
  }

  @Test(arguments: mirrors)
  func everyTestSitsInAFolderOfTheSourcesItTests(tests: String, sources: String) {
    #expect(Self.isFolder(sources), "\(sources) is gone; update TestLayoutTests.mirrors")
    let misplaced = Self.paths(under: tests, endingIn: ".swift").compactMap {
      Self.misplacement(of: $0, tests: tests, sources: sources)
    }
    #expect(
      misplaced.isEmpty, "\(misplaced.count) test files do not mirror \(sources):\n\(misplaced.joined(separator: "\n"))"
    )
  }
}
