import Foundation
import Testing

/// The request world's components — the clients, the network, the gateway
/// and the server — own their state: each exposes verbs, and no other file
/// reads or writes another component's stored fields. The compiler cannot
/// enforce it (the components' state is `@usableFromInline` so that the
/// router is specialised for each client), so this test reads the sources.
@Suite struct ComponentIsolationTests {
  /// The package's root: the first folder up from this file that holds
  /// `Package.swift`.
  static let root: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      folder.deleteLastPathComponent()
    }
    return folder
  }()

  static let world = "Sources/FaultSim/Worlds/Request"

  /// A component: the name the router and the others use for it, the types
  /// that implement it (each declared in `<Type>.swift`), and the files that
  /// are its own (`<Type>.swift`, `<Type>+….swift`).
  struct Component {
    var instance: String
    var types: [String]
  }

  static let components = [
    Component(instance: "client", types: ["RequestClient", "CodeClient"]),
    Component(instance: "network", types: ["RequestNetwork"]),
    Component(instance: "gateway", types: ["RequestGateway"]),
    Component(instance: "server", types: ["RequestServer"]),
  ]

  /// Reads of another component's state that are part of its interface,
  /// with the reason.
  static let allowed: [String: String] = [
    "client.endings": "a requirement of RequestClientComponent: the endings the client folded, read for the metrics"
  ]

  /// The Swift files under `folder`, relative to the root, sorted.
  static func swiftFiles(under folder: String) throws -> [String] {
    let base = root.appendingPathComponent(folder)
    let enumerator = try #require(FileManager.default.enumerator(atPath: base.path))
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
      .sorted()
  }

  /// The mutable stored properties a type declares in its own file: `var`s
  /// at the type's top level that are not computed. (`let`s are the
  /// component's configuration, fixed for the run.)
  static func storedFields(of type: String, in text: String) -> [String] {
    var fields: [String] = []
    var inside = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("struct \(type)") || line.hasPrefix("final class \(type)") {
        inside = true
        continue
      }
      if inside && line == "}" { break }
      guard inside, line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
      let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
      guard let index = words.firstIndex(of: "var"), index + 1 < words.count,
        words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "private(set)" || $0 == "internal" })
      else { continue }
      if line.contains("{") { continue }  // computed
      let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      fields.append(String(name))
    }
    return fields
  }

  /// Where `text` (the file `file`) touches a field of `fields` through
  /// `instance.`: `file:line: text`.
  static func touches(of instance: String, _ fields: [String], in text: String, file: String) -> [String] {
    var found: [String] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      // The code of the line: comments and string literals left out.
      let uncommented = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let code = uncommented.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "\"\"")
      for field in Set(fields).sorted() {
        for spelling in ["\(instance).\(field)", "\(instance)?.\(field)"] {
          var rest = Substring(code)
          while let range = rest.range(of: spelling) {
            let before = rest[..<range.lowerBound].last
            let after = rest[range.upperBound...].first
            let startsWord = before.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? true
            let endsWord = after.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true
            if startsWord && endsWord && allowed["\(instance).\(field)"] == nil {
              found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
            rest = rest[range.upperBound...]
          }
        }
      }
    }
    return found
  }

  @Test func noComponentTouchesAnothersStoredFields() throws {
    // Options files name their own `server`, `client` and `gateway` sections.
    let files = try Self.swiftFiles(under: Self.world).filter { !$0.contains("Options") }
    var texts: [String: String] = [:]
    for file in files { texts[file] = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8) }
    var violations: [String] = []
    for component in Self.components {
      var fields: [String] = []
      var own: Set<String> = []
      for type in component.types {
        let declaring = try #require(
          files.first { $0.hasSuffix("/\(type).swift") }, "\(type).swift is not under \(Self.world)")
        fields += Self.storedFields(of: type, in: texts[declaring] ?? "")
        for file in files {
          let name = (file as NSString).lastPathComponent
          if name == "\(type).swift" || name.hasPrefix("\(type)+") { own.insert(file) }
        }
      }
      #expect(!fields.isEmpty, "no stored fields found for \(component.types): the scanner is out of date")
      for file in files where !own.contains(file) {
        violations += Self.touches(of: component.instance, fields, in: texts[file] ?? "", file: file)
      }
    }
    #expect(
      violations.isEmpty,
      """
      These lines reach into another component's stored fields; give the component a verb instead \
      (see RequestClientComponent+Window.swift):
      \(violations.joined(separator: "\n"))
      """)
  }

  /// The router hands a message to the next hop of the path
  /// (`Path/RequestHop.swift`); it never branches on whether a gateway
  /// exists, so what one hop does composes with every other hop.
  @Test func theRouterAsksThePathNotWhetherAGatewayExists() throws {
    let files = try Self.swiftFiles(under: Self.world).filter {
      ($0 as NSString).lastPathComponent.hasPrefix("RequestWorldModel")
    }
    #expect(files.contains { $0.hasSuffix("/Path/RequestWorldModel+Path.swift") })
    var branches: [String] = []
    for file in files {
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        for spelling in ["gateway == nil", "gateway != nil"] {
          guard let range = code.range(of: spelling) else { continue }
          if code[..<range.lowerBound].last != "." { branches.append("\(file):\(number + 1): \(line)") }
        }
      }
    }
    #expect(branches.isEmpty, "ask the path (firstHop) instead:\n\(branches.joined(separator: "\n"))")
  }

  /// The scanner itself: it finds stored fields, skips computed ones, and
  /// flags a touch but not a verb of the same prefix.
  @Test func theScannerFindsWhatItLooksFor() {
    let text = """
      struct Thing {
        @usableFromInline
        var records: [Int] = []
        @usableFromInline var count = 0
        var computed: Int { records.count }
        let options: Int
        func verb() {}
      }
      """
    #expect(Self.storedFields(of: "Thing", in: text) == ["records", "count"])
    let user = """
      thing.records[0] += 1
      thing.recordsCount()
      let n = thing?.count // thing.records in a comment
      print("thing.records in a string")
      """
    #expect(
      Self.touches(of: "thing", ["records", "count"], in: user, file: "f")
        == ["f:1: thing.records[0] += 1", "f:3: let n = thing?.count // thing.records in a comment"])
  }
}
