import Foundation
import Testing

@testable import FaultSim

/// Adding a world is one folder under `Sources/FaultSim/Worlds/` and one
/// line in ``WorldRegistry``: these tests count the places each registered
/// world is named in `Sources/` and fail when code outside its folder names
/// it anywhere but its registry line.
@Suite struct WorldRegistryTests {
  /// The package's root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Places outside a world's folder that may name it, with the reason.
  static let allowed: [(file: String, world: String, why: String)] = [
    (
      "Sources/FaultSimCommandLine/Commands/DemoCommand.swift", "request",
      "the built-in demonstration is the request world's reference checkout, by design"
    )
  ]

  /// Generated copies of the scenario files: data, not code.
  static let generated = ["Sources/FaultSim/Scenarios/Shipped/ShippedScenarioFiles.swift"]

  /// A place a name appears: file, line number, the line.
  struct Place: CustomStringConvertible, Equatable {
    var file: String
    var line: Int
    var text: String

    var description: String { "\(file):\(line): \(text.trimmingCharacters(in: .whitespaces))" }
  }

  /// The names that identify a world in code: its type, its options,
  /// metrics and draws types, and its name in quotes.
  static func names<World: RegisteredWorld>(of world: World.Type) -> [String] {
    [
      "\(World.self)", "\(World.Options.self)", "\(World.Metrics.self)", "\(World.Draws.self)",
      "\"\(World.worldName)\"",
    ]
  }

  /// Every Swift file under `Sources/`, as (path relative to the root, lines).
  static func sourceFiles() throws -> [(path: String, lines: [String])] {
    let sources = root.appendingPathComponent("Sources")
    guard let enumerator = FileManager.default.enumerator(atPath: sources.path) else { return [] }
    var files: [(String, [String])] = []
    for case let relative as String in enumerator where relative.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
      files.append(("Sources/" + relative, text.components(separatedBy: "\n")))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  /// The line without its `//` comment (a `//` inside a string literal is
  /// kept).
  static func code(_ line: String) -> Substring {
    var inString = false
    var previous: Character = " "
    for index in line.indices {
      let character = line[index]
      if character == "\"" && previous != "\\" { inString.toggle() }
      if !inString && character == "/" && previous == "/" {
        return line[..<line.index(before: index)]
      }
      previous = character
    }
    return line[...]
  }

  /// Whether `name` occurs in `code` as a whole word (a quoted name as is).
  static func contains(_ code: Substring, _ name: String) -> Bool {
    var searched = code[...]
    while let range = searched.range(of: name) {
      let before = range.lowerBound == code.startIndex ? nil : code[code.index(before: range.lowerBound)]
      let after = range.upperBound == code.endIndex ? nil : code[range.upperBound]
      func isWordPart(_ character: Character?) -> Bool {
        character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
      }
      if name.hasPrefix("\"") || (!isWordPart(before) && !isWordPart(after)) { return true }
      searched = code[range.upperBound...]
    }
    return false
  }

  /// The places in `files` outside `folder` (and the generated files) whose
  /// code names one of `names`.
  static func places(
    of names: [String], in files: [(path: String, lines: [String])], outside folder: String
  ) -> [Place] {
    var found: [Place] = []
    for (path, lines) in files where !path.hasPrefix(folder + "/") && !generated.contains(path) {
      for (number, line) in lines.enumerated() where names.contains(where: { contains(code(line), $0) }) {
        found.append(Place(file: path, line: number + 1, text: line))
      }
    }
    return found
  }

  /// The folder holding the declaration of a world's type.
  static func folder(of typeName: String, in files: [(path: String, lines: [String])]) -> String? {
    let declaration = try? Regex("^(public |package )?(final )?(struct|class|enum) \(typeName)\\b")
    for (path, lines) in files where lines.contains(where: { line in declaration.map { line.contains($0) } ?? false }) {
      return path.split(separator: "/").dropLast().joined(separator: "/")
    }
    return nil
  }

  /// Each registered world, by name, with the places outside its folder
  /// that name it.
  static func census() throws -> [(world: String, folder: String?, places: [Place])] {
    let files = try sourceFiles()
    func census<World: RegisteredWorld>(_ world: World.Type) -> (String, String?, [Place]) {
      let folder = folder(of: "\(World.self)", in: files)
      return (World.worldName, folder, places(of: names(of: World.self), in: files, outside: folder ?? "-"))
    }
    return WorldRegistry.worlds.map { census($0) }
  }

  @Test func eachWorldIsNamedOnlyInItsFolderAndItsRegistryLine() throws {
    let census = try Self.census()
    #expect(census.map(\.world) == ["request", "transfer", "background-fetch"])
    for (world, folder, places) in census {
      #expect(
        folder?.hasPrefix("Sources/FaultSim/Worlds/") == true,
        "\(world): its type is declared in \(folder ?? "no file")")
      let registry = places.filter { $0.file == "Sources/FaultSim/Worlds/WorldRegistry.swift" }
      #expect(registry.count == 1, "\(world): \(registry.count) registry lines: \(registry)")
      let elsewhere = places.filter { place in
        place.file != "Sources/FaultSim/Worlds/WorldRegistry.swift"
          && !Self.allowed.contains { $0.file == place.file && $0.world == world }
      }
      #expect(
        elsewhere.isEmpty,
        "\(world) is named outside \(folder ?? "its folder"):\n\(elsewhere.map(\.description).joined(separator: "\n"))")
    }
  }

  /// The background fetch world shows the design: one folder, one registry
  /// line, and nothing else names it.
  @Test func theBackgroundFetchWorldIsOneFolderAndOneLine() throws {
    let census = try Self.census()
    let fetch = try #require(census.first { $0.world == "background-fetch" })
    #expect(fetch.folder == "Sources/FaultSim/Worlds/BackgroundFetch")
    #expect(fetch.places.map(\.file) == ["Sources/FaultSim/Worlds/WorldRegistry.swift"], "\(fetch.places)")
  }

  /// Every allowance is still needed: an allowance for a place that no
  /// longer names its world would hide a future one.
  @Test func everyAllowanceIsUsed() throws {
    let census = try Self.census()
    for allowance in Self.allowed {
      let places = census.first { $0.world == allowance.world }?.places ?? []
      #expect(places.contains { $0.file == allowance.file }, "\(allowance.file) no longer names \(allowance.world)")
    }
  }

  /// The census sees names in code, not in comments, and not as parts of
  /// longer names; it would catch a world named in a command.
  @Test func theCensusFindsANameOutsideItsFolder() {
    let files: [(path: String, lines: [String])] = [
      ("Sources/FaultSim/Worlds/Toy/ToyWorld.swift", ["struct ToyWorld {}"]),
      (
        "Sources/FaultSimCommandLine/Commands/Some.swift",
        [
          "// ToyWorld in a comment", "let x = ToyWorldOptions()", "let y = \"a // ToyWorld\"",
          "run(ToyWorld.self) // here", "if name == \"toy\" {}",
        ]
      ),
    ]
    #expect(Self.folder(of: "ToyWorld", in: files) == "Sources/FaultSim/Worlds/Toy")
    let found = Self.places(of: ["ToyWorld", "\"toy\""], in: files, outside: "Sources/FaultSim/Worlds/Toy")
    #expect(found.map(\.line) == [3, 4, 5])
  }
}
