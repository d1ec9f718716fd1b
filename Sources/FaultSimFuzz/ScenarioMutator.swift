import FaultSim

/// Makes scenario files for the reader to refuse or accept: mutations of
/// the shipped scenarios that know JSON's structure (values swapped for
/// other kinds, sizes and signs, keys dropped, doubled, misspelt or
/// invented, subtrees moved between worlds, deep nesting) and mutations
/// that do not (bytes flipped, cut, inserted, invalid UTF-8).
struct ScenarioMutator {
  /// The shipped scenarios, parsed.
  let corpus: [(name: String, tree: JSONTree, bytes: [UInt8])]

  /// Values a structure-aware mutation puts in place of another.
  static let values: [JSONTree] =
    [
      .null, .bool(true), .bool(false), .number("0"), .number("-0"), .number("-1"), .number("1"), .number("0.5"),
      .number("2.5"), .number("1e308"), .number("-1e308"), .number("1e-320"), .number("4.9e-324"),
      .number("9007199254740993"), .number("9223372036854775807"), .number("9223372036854775808"),
      .number("18446744073709551615"), .number("18446744073709551616"), .number("1e20"), .number("0.999999999999"),
      .string(""), .string("x"), .string("1s"), .string("0s"), .string("-1s"), .string("1ns"), .string("0.5ns"),
      .string("99999999999999h"), .string("1e9h"), .string("1.5ms"), .string("30d"), .string("1 s"), .string("NaN"),
      .string("\u{1}"), .string("é😀"), .string(String(repeating: "a", count: 3_000)), .array([]), .object([]),
      .array([.number("1"), .number("2"), .number("3")]),
      .object([("distribution", .string("uniform")), ("min", .string("5s")), ("max", .string("1s"))]),
      .object([("distribution", .string("lognormal")), ("median", .string("1ms")), ("sigma", .number("50"))]),
      .object([("distribution", .string("normal")), ("mean", .string("0s")), ("standardDeviation", .string("1d"))]),
      .object([("distribution", .string("exponential")), ("mean", .string("0ns"))]),
      .string("keyed-write"), .string("exponential"), .string("full"), .string("decorrelated"),
    ] + Scenario.World.names.map { .string($0) }

  /// Bytes that break encodings or the grammar.
  static let insertions: [[UInt8]] = [
    [0xC3, 0x28], [0xFF], [0xFE, 0xFF], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF], [0x00], [0x22], [0x5C], [0x7B],
    [0x5D], [0x2C], Array("\\ud800".utf8), Array("//".utf8), Array("NaN".utf8), Array("1e999".utf8),
  ]

  /// A scenario file for case `random`.
  func bytes(_ random: inout FuzzRandom) -> (source: String, bytes: [UInt8]) {
    let (name, tree, original) = random.pick(corpus)
    switch random.below(10) {
    case 0, 1:
      return (name, byteMutation(original, &random))
    default:
      var mutated = tree
      for _ in 0...random.below(3) { mutated = structureMutation(mutated, &random) }
      var bytes = Array(mutated.text(pretty: random.chance(0.5)).utf8)
      if random.chance(0.1) { bytes = byteMutation(bytes, &random) }
      return (name, bytes)
    }
  }

  func byteMutation(_ original: [UInt8], _ random: inout FuzzRandom) -> [UInt8] {
    var bytes = original
    switch random.below(5) {
    case 0:
      for _ in 0...random.below(4) where !bytes.isEmpty {
        bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
      }
    case 1:
      bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
    case 2:
      bytes.insert(contentsOf: random.pick(Self.insertions), at: random.below(bytes.count + 1))
    case 3 where bytes.count > 2:
      let start = random.below(bytes.count)
      let end = min(bytes.count, start + 1 + random.below(40))
      if random.chance(0.5) {
        bytes.removeSubrange(start..<end)
      } else {
        bytes.insert(contentsOf: bytes[start..<end], at: random.below(bytes.count + 1))
      }
    default:
      bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
    }
    return bytes
  }

  func structureMutation(_ tree: JSONTree, _ random: inout FuzzRandom) -> JSONTree {
    let paths = tree.paths()
    let path = random.pick(paths)[...]
    let target = tree.value(at: path)
    switch random.below(9) {
    case 0, 1, 2:
      return tree.updating(path) { _ in random.pick(Self.values) }
    case 3:
      // A number scaled, negated or nudged: range boundaries.
      guard case .number(let literal) = target, let value = Double(literal) else { return tree }
      let changed = [value * 10, value / 10, -value, value + 1, value - 1, value * 1e6, value.nextUp, 0][
        random.below(8)]
      return tree.updating(path) { _ in .number(changed.isFinite ? "\(changed)" : "1e308") }
    case 4:
      // A member dropped, doubled or renamed (a near miss or an unknown key).
      guard case .object(var members) = target, !members.isEmpty else { return tree }
      let index = random.below(members.count)
      switch random.below(3) {
      case 0: members.remove(at: index)
      case 1: members.append(members[index])
      default:
        var key = Array(members[index].0)
        if !key.isEmpty { key[random.below(key.count)] = random.pick(Array("aeiouxyz_.-")) }
        members[index].0 = random.chance(0.2) ? "unknownKey" : String(key)
      }
      return tree.updating(path) { _ in .object(members) }
    case 5:
      // A subtree from another scenario (often another world) in its place.
      let other = random.pick(corpus).tree
      let donor = other.value(at: random.pick(other.paths())[...])
      return tree.updating(path) { _ in donor }
    case 6:
      // Deep nesting, around the parser's depth limit.
      let depth = random.pick([10, 100, 127, 128, 129, 500])
      return tree.updating(path) { value in
        var nested = value
        for _ in 0..<depth { nested = random.chance(0.5) ? .array([nested]) : .object([("k", nested)]) }
        return nested
      }
    case 7:
      // A string value with odd units or text.
      guard case .string(let text) = target else { return tree }
      let variants = [text + text, text.uppercased(), " " + text, text + "0", String(text.reversed()), "-" + text]
      return tree.updating(path) { _ in .string(random.pick(variants)) }
    default:
      // A member added to an object: a real key of another place, or junk.
      guard case .object(var members) = target else { return tree }
      let keys = random.pick(corpus).tree.keyPaths().map { String($0.split(separator: ".").last ?? "") }
      members.insert(
        (random.pick(keys + ["", "é", "__proto__"]), random.pick(Self.values)), at: random.below(members.count + 1))
      return tree.updating(path) { _ in .object(members) }
    }
  }
}
