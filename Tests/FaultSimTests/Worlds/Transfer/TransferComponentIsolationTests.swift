import Foundation
import Testing

/// The transfer world's components — the OS transfer daemon, the app (the
/// built-in one, or your code with the device state its facades reach),
/// the OS task scheduler — and the router own their state: each exposes
/// verbs, and no other file reads or writes another component's stored
/// fields or extends its type. The compiler cannot enforce it (the state is
/// `@usableFromInline` so that the router is specialised for each app), so
/// this test reads the sources, with the scanner of the request world's
/// test (``ComponentIsolationTests``). The OS task scheduler keeps its
/// state `private`, which the compiler checks.
@Suite struct TransferComponentIsolationTests {
  static let world = "Sources/FaultSim/Worlds/Transfer"
  /// Components declared outside the world's folder.
  static let shared = "Sources/FaultSim/Worlds/Shared/Device"

  /// A component: the names the others use for it (the router's, and the
  /// parameters that hand it to another component), each with the folder
  /// where the name means this component; the types that implement it
  /// (each declared in `<Type>.swift`), and so the files that are its own
  /// (`<Type>.swift`, `<Type>+….swift`).
  struct Component {
    var instances: [(name: String, under: String)]
    var types: [String]
  }

  static let components = [
    // The app reaches the daemon only through the session it is handed.
    Component(instances: [("daemon", world), ("session", world)], types: ["TransferDaemon"]),
    // Your code's app is two: the device state your code's facades reach
    // (`SimulatedDevice`, `SimulatedBackgroundSession`) by verbs, and its
    // face to the router. (The daemon names its own device table `devices`.)
    Component(
      instances: [("app", world), ("devices", "\(world)/UserCode")],
      types: ["TransferApp", "UserCodeTransferApp", "UserCodeDevices"]),
    Component(instances: [("model", world)], types: ["TransferWorldModel"]),
  ]

  /// Reads of another component's state that are part of its interface,
  /// with the reason. Empty: every read is a verb.
  static let allowed: [String: String] = [:]

  /// The Swift files of the world and of the shared components, each with
  /// its text.
  static func sources() throws -> [(file: String, text: String)] {
    let files =
      try ComponentIsolationTests.swiftFiles(under: world)
      + ComponentIsolationTests.swiftFiles(under: shared)
    // Options files name their own `app`, `daemon` and `scheduler` sections.
    return try files.filter { !$0.contains("Options") }.map { file in
      (file, try String(contentsOf: ComponentIsolationTests.root.appendingPathComponent(file), encoding: .utf8))
    }
  }

  /// Whether `file` is one of `types`' own files.
  static func isOwn(_ file: String, by types: [String]) -> Bool {
    let name = (file as NSString).lastPathComponent
    return types.contains { name == "\($0).swift" || name.hasPrefix("\($0)+") }
  }

  /// Where `text` (the file `file`) extends one of `types`: `file:line: text`.
  static func extensions(of types: [String], in text: String, file: String) -> [String] {
    var found: [String] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      for type in types where line.hasPrefix("extension \(type) ") || line.hasPrefix("extension \(type):") {
        found.append("\(file):\(number + 1): \(line)")
      }
    }
    return found
  }

  @Test func noComponentTouchesAnothersStoredFields() throws {
    let sources = try Self.sources()
    var violations: [String] = []
    for component in Self.components {
      var fields: [String] = []
      for type in component.types {
        let declaring = try #require(
          sources.first { $0.file.hasSuffix("/\(type).swift") }, "\(type).swift is not under \(Self.world)")
        fields += ComponentIsolationTests.storedFields(of: type, in: declaring.text)
      }
      #expect(!fields.isEmpty, "no stored fields found for \(component.types): the scanner is out of date")
      for source in sources where !Self.isOwn(source.file, by: component.types) {
        for instance in component.instances where source.file.hasPrefix("\(instance.under)/") {
          violations += ComponentIsolationTests.touches(of: instance.name, fields, in: source.text, file: source.file)
            .filter { touch in !Self.allowed.keys.contains { touch.contains($0) } }
        }
        violations += Self.extensions(of: component.types, in: source.text, file: source.file)
      }
    }
    #expect(
      violations.isEmpty,
      """
      These lines reach into another component's stored fields, or extend its type outside its own \
      files; give the component a verb in one of its files instead (see TransferApp+Metrics.swift):
      \(violations.joined(separator: "\n"))
      """)
  }

  /// The scanner catches both ways around privacy: a touch through an
  /// instance name, and an extension in a file that is not the type's.
  @Test func theScannerFindsAReachAndAForeignExtension() {
    let router = """
      extension TransferDaemon {
        func verb() {}
      }
      extension TransferDaemonTotals {}
      daemon.bytesMoved &+= 1
      session.bytesMovedSoFar()
      """
    #expect(
      Self.extensions(of: ["TransferDaemon"], in: router, file: "f") == ["f:1: extension TransferDaemon {"])
    #expect(
      ComponentIsolationTests.touches(of: "daemon", ["bytesMoved"], in: router, file: "f")
        == ["f:5: daemon.bytesMoved &+= 1"])
    #expect(Self.isOwn("Worlds/Transfer/TransferDaemon+Metrics.swift", by: ["TransferDaemon"]))
    #expect(!Self.isOwn("Worlds/Transfer/TransferDaemonTotals.swift", by: ["TransferDaemon"]))
  }
}
