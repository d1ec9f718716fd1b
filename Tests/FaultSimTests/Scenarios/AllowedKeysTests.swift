import Foundation
import Testing

@testable import FaultSim

/// The "allowed keys" an unknown-key message lists must include every key
/// the reader accepts there, including keys read only when present
/// (`preset`, `bandwidthBytesPerSecond`, `keyTTL`, `bytes`).
@Suite struct AllowedKeysTests {
  /// The allowed keys the unknown key `key` at `path` gets in `json`.
  static func allowedKeys(_ json: String, file: String = "test.json", at path: String) -> [String]? {
    let override = try! ScenarioOverride(parsing: "\(path.isEmpty ? "" : path + ".")zzUnknownKey=1")
    do {
      _ = try Scenario.parse(bytes: Array(json.utf8), file: file, overrides: [override])
      return nil
    } catch {
      guard let range = error.message.range(of: "allowed keys: ") else { return nil }
      let rest = error.message[range.upperBound...]
      let list = rest.prefix { $0 != ";" }
      return list.components(separatedBy: ", ")
    }
  }

  @Test func keysReadOnlyWhenPresentAreListed() {
    let request = #"{"description": "d"}"#
    let network = Self.allowedKeys(request, at: "network") ?? []
    #expect(network.contains("preset"), "\(network)")
    #expect(network.contains("bandwidthBytesPerSecond"), "\(network)")
    let server = Self.allowedKeys(request, at: "server") ?? []
    #expect(server.contains("keyTTL"), "\(server)")
    let transfer = #"{"description": "d", "world": "transfer"}"#
    let workload = Self.allowedKeys(transfer, at: "workload") ?? []
    #expect(workload.contains("bytes"), "\(workload)")
  }

  /// Every object of every shipped scenario: an unknown key added there
  /// lists every key that any shipped scenario of the same world has at
  /// that path — so a key read only when present (`keyTTL` in one file) is
  /// listed for the files that leave it out. Objects whose keys depend on
  /// a selector (a distribution's `"distribution"`) are compared within
  /// their own file only.
  @Test func everyKeyShippedAtAPathIsListedAsAllowedThere() throws {
    var documents: [(name: String, path: String, json: String, world: String, objects: [(String, [String])])] = []
    var union: [String: [String]] = [:]
    for name in ScenarioTests.shipped {
      let path = ScenarioTests.folder.appendingPathComponent(name).path
      let bytes = try ScenarioDocument.bytes(path: path)
      let root = try ScenarioDocument.parseObject(bytes: bytes, file: path)
      let world = try Scenario.load(path: path).world.name
      let objects = Self.objects(in: root, at: "")
      for (keyPath, keys) in objects where !keys.contains("distribution") {
        let slot = "\(world) \(keyPath)"
        union[slot, default: []] += keys.filter { !(union[slot] ?? []).contains($0) }
      }
      documents.append((name, path, String(decoding: bytes, as: UTF8.self), world, objects))
    }
    var checked = 0
    for document in documents {
      for (keyPath, keys) in document.objects {
        guard let allowed = Self.allowedKeys(document.json, file: document.path, at: keyPath) else {
          Issue.record("\(document.name): \(keyPath): an unknown key was not reported with its allowed keys")
          continue
        }
        let expected = keys.contains("distribution") ? keys : union["\(document.world) \(keyPath)"] ?? keys
        let missing = expected.filter { !allowed.contains($0) }
        #expect(missing.isEmpty, "\(document.name): \(keyPath.isEmpty ? "top level" : keyPath): \(missing) not listed")
        checked += 1
      }
    }
    #expect(checked > 50)
  }

  /// Every object in a document with its `--set` key path and its keys.
  static func objects(in node: JSONNode, at path: String) -> [(String, [String])] {
    switch node.value {
    case .object(let members):
      var found = [(path, members.map(\.key))]
      for member in members {
        found += objects(in: member.node, at: path.isEmpty ? member.key : "\(path).\(member.key)")
      }
      return found
    case .array(let elements):
      return elements.enumerated().flatMap { objects(in: $0.element, at: "\(path)[\($0.offset)]") }
    default:
      return []
    }
  }
}
