import Foundation
import Testing

@testable import FaultSim

/// The option tables are the one declaration of every scenario key: these
/// tests hold what is derived from them (the reader, the docs' tables, the
/// JSON Schema, the no-op rules' keys) to them.
@Suite struct ScenarioOptionTableTests {
  /// The package's root folder.
  static let root = ScenarioTests.folder.deletingLastPathComponent()

  // MARK: - Generated files

  @Test func schemaFileIsCurrent() throws {
    let url = Self.root.appendingPathComponent("schemas/faultsim-scenario.schema.json")
    let shipped = try String(contentsOf: url, encoding: .utf8)
    #expect(
      shipped == ScenarioSchema.text,
      "schemas/faultsim-scenario.schema.json differs from what the option tables generate; run scripts/generate-scenario-schema.sh"
    )
  }

  @Test(arguments: ["scenario-format.md", "transfer-world.md", "scheduling-world.md"])
  func docsTablesAreCurrent(page: String) throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent("docs/\(page)"), encoding: .utf8)
    #expect(!ScenarioOptionDocs.blockNames(in: text).isEmpty, "docs/\(page) has no generated option table")
    let updated = try ScenarioOptionDocs.updating(text)
    #expect(
      updated == text,
      "docs/\(page): an option table differs from the option tables; run scripts/generate-scenario-schema.sh")
  }

  /// Every shipped scenario names the schema, so that editors check it.
  @Test func shippedScenariosNameTheSchema() throws {
    for name in ScenarioTests.shipped {
      let bytes = try ScenarioDocument.bytes(path: ScenarioTests.folder.appendingPathComponent(name).path)
      let root = try ScenarioDocument.parseObject(bytes: bytes, file: name)
      guard case .object(let members) = root.value, let first = members.first else { continue }
      #expect(first.key == "$schema", "\(name): \"$schema\" is not the first key")
      #expect(first.node.value == .string("../schemas/faultsim-scenario.schema.json"), "\(name)")
    }
    #expect(ScenarioTests.shipped.count > 20)
  }

  /// Every key of every world is in a table of the docs (a shared section
  /// once, under any world).
  @Test func everyKeyIsDocumented() throws {
    var documented: Set<String> = []
    for page in ["scenario-format.md", "transfer-world.md", "scheduling-world.md"] {
      let text = try String(contentsOf: Self.root.appendingPathComponent("docs/\(page)"), encoding: .utf8)
      for name in ScenarioOptionDocs.blockNames(in: text) {
        let section = name.split(separator: ".").dropFirst().joined(separator: ".")
        if !section.isEmpty { documented.insert(section) }
        let table = try #require(ScenarioOptionDocs.table(name))
        for line in table.split(separator: "\n").dropFirst(2) {
          let key = line.split(separator: "`")[1].replacingOccurrences(of: "[]", with: "")
          documented.insert(section.isEmpty ? key : "\(section).\(key)")
        }
      }
    }
    for world in ScenarioOptionCatalog.worlds {
      for path in ScenarioOptionCatalog.paths(of: world).map(\.path) {
        let found = documented.contains(path)
        #expect(found, "\(world.name): \(path) is in no option table of the docs")
      }
    }
    #expect(documented.contains("description") && documented.contains("world"))
  }

  @Test func updatingRejectsAnUnknownOrUnclosedBlock() {
    #expect(throws: ScenarioOptionDocsError.self) {
      try ScenarioOptionDocs.updating("<!-- options: request.nothing -->\n<!-- end options -->\n")
    }
    #expect(throws: ScenarioOptionDocsError.self) {
      try ScenarioOptionDocs.updating("<!-- options: request.client -->\n| a |\n")
    }
    let stale = "text\n<!-- options: request.races -->\n| stale |\n<!-- end options -->\nmore\n"
    let updated = try? ScenarioOptionDocs.updating(stale)
    #expect(updated?.contains("| stale |") == false)
    #expect(updated?.contains("| `window` | duration | `0s` | 0s…24h |") == true)
    #expect(updated?.hasSuffix("<!-- end options -->\nmore\n") == true)
  }

  // MARK: - The reader follows the tables

  /// The catalog's worlds are the reader's.
  @Test func catalogWorldsAreTheReadersWorlds() {
    #expect(ScenarioOptionCatalog.worlds.map(\.name) == Scenario.World.names)
  }

  /// For every object the tables declare — sections, nested objects, each
  /// case of a variant object, array elements — an unknown key there lists
  /// exactly the declared keys, in order, as its allowed keys: custom rows
  /// and variants read what they declare.
  @Test func readerAllowsExactlyTheDeclaredKeys() throws {
    var checked = 0
    for world in ScenarioOptionCatalog.worlds {
      for (path, keys, document) in Self.objects(world: world) {
        var root = document
        Self.insert("zzUnknownKey", into: &root, at: path)
        let json = JSONOutput.object([("description", .string("d")), ("world", .string(world.name))] + root).compact
        do {
          _ = try Scenario.parse(json: json, file: "t.json")
          Issue.record("\(world.name) \(path): an unknown key was accepted")
        } catch {
          let allowed = error.message.components(separatedBy: "allowed keys: ").last?
            .components(separatedBy: ";").first?.components(separatedBy: ", ")
          let expected = path.isEmpty ? ScenarioOptionCatalog.commonKeys.map(\.key) + keys : keys
          #expect(
            error.message.hasPrefix("unknown key") && allowed == expected,
            "\(world.name) \(path.joined(separator: ".")): \(error)")
        }
        checked += 1
      }
    }
    #expect(checked > 60)
  }

  /// A document that writes every key with the default the docs show
  /// reads as the model's defaults: the defaults come from the model, and
  /// their written form reads back to them.
  @Test func documentedDefaultsReadBackAsTheModelsDefaults() throws {
    for world in ScenarioOptionCatalog.worlds {
      let written = Self.defaults(world.keys.keys)
      #expect(written.count >= 5, "\(world.name)")
      let explicit = try Scenario.parse(
        json: JSONOutput.object([("description", .string("d")), ("world", .string(world.name))] + written).compact,
        file: "t.json")
      let implicit = try Scenario.parse(json: #"{"description": "d", "world": "\#(world.name)"}"#, file: "t.json")
      #expect(String(reflecting: explicit.world) == String(reflecting: implicit.world), "\(world.name)")
    }
  }

  /// Every key a no-op rule names is a declared key of its world.
  @Test func noOpRulesNameDeclaredKeys() throws {
    let rules: [(String, [String])] = [
      ("request", RequestWorldOptions.noOpRules.flatMap(\.keys)),
      ("transfer", TransferWorldOptions.noOpRules.flatMap(\.keys)),
      ("background-fetch", BackgroundFetchWorldOptions.noOpRules.flatMap(\.keys)),
    ]
    for (name, keys) in rules {
      let world = try #require(ScenarioOptionCatalog.world(named: name))
      let declared = Set(ScenarioOptionCatalog.paths(of: world).map(\.path))
      #expect(!keys.isEmpty)
      for key in keys { #expect(declared.contains(key), "\(name): the no-op rules name \(key), which is no key") }
    }
  }

  // MARK: - Overrides

  @Test(arguments: [
    ("responseLoss=0.3", "responseLoss: unknown key", "did you mean network.responseLoss?"),
    ("client.window=1ms", "client.window: unknown key", "did you mean races.window?"),
    ("capacity.workers=2", "capacity: unknown key", "did you mean server.capacity.workers?"),
    ("network.timeout=1s", "network.timeout: unknown key", "did you mean client.timeout or gateway.timeout?"),
  ])
  func overrideOfAKeyDeclaredElsewhereGetsItsPath(assignment: String, path: String, suggestion: String) throws {
    let override = try ScenarioOverride(parsing: assignment)
    #expect {
      _ = try Scenario.parse(json: #"{"description": "d"}"#, file: "t.json", overrides: [override])
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix("t.json (command-line override): \(path); allowed keys: ") && text.hasSuffix(suggestion)
    }
  }

  /// A near miss in place keeps the reader's suggestion; a key declared
  /// nowhere gets none.
  @Test func overridesWithoutAPathSuggestionKeepTheReadersMessage() throws {
    func message(_ assignment: String) throws -> String {
      let override = try ScenarioOverride(parsing: assignment)
      do {
        _ = try Scenario.parse(json: #"{"description": "d"}"#, file: "t.json", overrides: [override])
      } catch { return error.message }
      return ""
    }
    #expect(try message("network.respnseLoss=0.1").hasSuffix(#"did you mean "responseLoss"?"#))
    #expect(try !message("network.zzUnknown=1").contains("did you mean"))
    #expect(try message("network.zzUnknown=1").hasPrefix("unknown key; allowed keys: preset, latency,"))
  }

  /// A suggestion is always a key of the world: a transfer scenario's
  /// `network.partitions` (a request-world key) is not sent to
  /// `conditions.network.partitions`, which does not exist, while
  /// `network.cellular` is sent to `conditions.network.cellular`, which does.
  @Test func aPathSuggestionIsAKeyThatExists() throws {
    func message(_ assignment: String) throws -> String {
      let override = try ScenarioOverride(parsing: assignment)
      do {
        _ = try Scenario.parse(
          json: #"{"description": "d", "world": "transfer"}"#, file: "t.json", overrides: [override])
      } catch { return "\(error)" }
      return ""
    }
    let partitions = try message("network.partitions=[]")
    #expect(partitions.contains("network: unknown key"), "\(partitions)")
    #expect(!partitions.contains("did you mean"), "\(partitions)")
    #expect(try message("network.cellular=0.1").hasSuffix("did you mean conditions.network.cellular?"))
  }

  // MARK: - Documents built from the declarations

  /// Every object in a world's declarations: its path from the root, its
  /// declared keys, and a valid document (the root's members) that holds
  /// it with its required keys.
  static func objects(world: ScenarioOptionCatalog.World) -> [([String], [String], [(key: String, value: JSONOutput)])]
  {
    var found: [([String], [String], [(key: String, value: JSONOutput)])] = [([], world.keys.keys.map(\.key), [])]
    func walk(_ keys: [OptionDescription], _ path: [String]) {
      for key in keys {
        let here = path + [key.key]
        switch key.type {
        case .object(let object):
          found.append((here, object.keys.map(\.key), Self.nest(here, .object(minimal(object.keys)))))
          walk(object.keys, here)
        case .variants(let variants):
          for variant in variants.cases {
            let value = JSONOutput.object([(variants.selector, .string(variant.name))] + minimal(variant.keys))
            found.append((here, [variants.selector] + variant.keys.map(\.key), Self.nest(here, value)))
          }
        case .distribution:
          for variant in LatencyDistribution.optionVariants {
            let value = JSONOutput.object([("distribution", .string(variant.name))] + minimal(variant.keys))
            found.append((here, ["distribution"] + variant.keys.map(\.key), Self.nest(here, value)))
          }
        default:
          break
        }
      }
    }
    walk(world.keys.keys, [])
    return found
  }

  /// `value` at `path` as the members of a root object.
  static func nest(_ path: [String], _ value: JSONOutput) -> [(key: String, value: JSONOutput)] {
    var node = value
    for key in path.dropFirst().reversed() { node = .object([(key, node)]) }
    return [(path[0], node)]
  }

  /// The required keys of an object, each with its smallest valid value.
  static func minimal(_ keys: [OptionDescription]) -> [(key: String, value: JSONOutput)] {
    keys.compactMap { key in
      guard case .required = key.defaultValue else { return nil }
      return (key.key, smallest(key.type))
    }
  }

  /// The smallest valid value of a type.
  static func smallest(_ type: OptionType) -> JSONOutput {
    switch type {
    case .integer(let range): return .integer(range.lowerBound)
    case .unsignedInteger(let range): return .unsigned(range.lowerBound)
    case .number(let range): return .number(range.lowerBound)
    case .probability: return .number(0)
    case .bool: return .bool(false)
    case .string, .any: return .string("x")
    case .duration(let range): return .string(DurationText.exact(range.lowerBound))
    case .choice(let names): return .string(names[0])
    case .constant(let text): return .string(text)
    case .distribution: return .string("0s")
    case .object(let object): return .object(minimal(object.keys))
    case .variants(let variants):
      return .object([(variants.selector, .string(variants.cases[0].name))] + minimal(variants.cases[0].keys))
    case .array: return .array([])
    case .either(let types): return smallest(types[0])
    }
  }

  /// Adds `key` to the object at `path` among a root's members.
  static func insert(_ key: String, into members: inout [(key: String, value: JSONOutput)], at path: [String]) {
    guard let first = path.first else {
      members.append((key, .integer(1)))
      return
    }
    guard let index = members.firstIndex(where: { $0.key == first }), case .object(var nested) = members[index].value
    else { return }
    insert(key, into: &nested, at: Array(path.dropFirst()))
    members[index].value = .object(nested)
  }

  /// Every key with a default value written out; objects that are present
  /// by default are entered, optional ones (absent: none) left out.
  static func defaults(_ keys: [OptionDescription]) -> [(key: String, value: JSONOutput)] {
    keys.compactMap { key in
      switch (key.defaultValue, key.type) {
      case (.value(let value), _): return (key.key, value)
      case (.absent("defaults"), .object(let object)): return (key.key, .object(defaults(object.keys)))
      default: return nil
      }
    }
  }
}
