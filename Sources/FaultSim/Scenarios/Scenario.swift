/// A loaded scenario file: what it describes, which world it runs, and a
/// digest that ties every table it produces back to its exact content.
public struct Scenario: Sendable {
  /// The file name without directory and extension, e.g. `checkout-reference`.
  public var name: String
  /// The path as given.
  @usableFromInline package var file: String
  /// The scenario's own explanation, for people.
  public var description: String
  /// The world and its options.
  public var world: World
  /// The overrides applied on top of the file, in order.
  @usableFromInline package var overrides: [ScenarioOverride]
  /// 16 hex digits identifying the file's bytes and the overrides.
  public var digest: String
  /// The options the scenario sets (in the file or by an override) that
  /// cannot affect its run as configured, in the order of the world's
  /// checks (docs/no-op-checks.md). Empty for a scenario without no-ops.
  public package(set) var warnings: [ScenarioWarning]
  /// The file's bytes as read (before overrides): what a sweep of the
  /// scenario reads again for each cell.
  package var source: [UInt8]

  /// The version written into tables and reports.
  @usableFromInline package static let faultSimVersion = "0.4.0"

  /// Loads and validates a scenario file, applying `overrides` first.
  ///
  /// - Throws: `ScenarioError`: `.unreadableInput` for a missing or
  ///   unreadable file, `.invalidData` for anything wrong in it.
  public static func load(path: String, overrides: [ScenarioOverride] = []) throws(ScenarioError) -> Scenario {
    try parse(bytes: try ScenarioDocument.bytes(path: path), file: path, overrides: overrides)
  }

  /// Validates scenario JSON held in a string, applying `overrides` first:
  /// a scenario written in a test, with no file to ship next to it.
  ///
  /// ```swift
  /// let scenario = try Scenario.parse(
  ///   json: #"{"description": "keyed orders", "workload": {"kind": "keyed-write", "operations": 500}}"#,
  ///   file: "keyed-orders.json")
  /// ```
  ///
  /// - Parameters:
  ///   - json: The scenario's text, in the format of
  ///     `docs/scenario-format.md`.
  ///   - file: The name used in messages, reports and replay commands; the
  ///     scenario's ``name`` is it without folder and extension.
  ///   - overrides: Values to change, applied in order, as `--set` does.
  /// - Throws: `ScenarioError` of kind `.invalidData` for anything wrong in
  ///   the text, located by line, column and key path.
  /// - Complexity: O(*n*) in the length of `json`.
  public static func parse(
    json: String, file: String, overrides: [ScenarioOverride] = []
  ) throws(ScenarioError) -> Scenario {
    try parse(bytes: Array(json.utf8), file: file, overrides: overrides)
  }

  /// Validates scenario JSON held in memory.
  public static func parse(
    bytes: [UInt8], file: String, overrides: [ScenarioOverride] = []
  ) throws(ScenarioError) -> Scenario {
    var root = try ScenarioDocument.parseObject(bytes: bytes, file: file)
    for override in overrides { try override.apply(to: &root, file: file) }
    let reader = ScenarioDocument.reader(for: root, file: file)
    let description: String
    let world: World
    do {
      description = try reader.string("description")
      reader.ignore("$schema")
      world = try World(reading: reader)
      try reader.finish()
    } catch {
      // An override's key declared only elsewhere in the world leaves a
      // key the reader refuses; the catalog's message, which names the full
      // paths it may mean, comes first. Only a failed read describes the
      // world's keys for it.
      try ScenarioOptionCatalog.checkKeyPaths(of: overrides, in: root, file: file)
      throw error
    }
    let warnings = world.warnings(keys: WrittenKeys(root), file: file)
    var digest = ContentDigest()
    digest.absorb(bytes)
    for override in overrides { digest.absorb(Array("\u{0}\(override)".utf8)) }
    return Scenario(
      name: Self.stem(of: file), file: file, description: description, world: world, overrides: overrides,
      digest: digest.hex, warnings: warnings, source: bytes)
  }

  /// `scenarios/checkout-reference.json` → `checkout-reference`.
  package static func stem(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}

/// A 64-bit digest of bytes (SplitMix64's finaliser over 8-byte words):
/// stable across platforms and versions, for identifying inputs, not for
/// security.
struct ContentDigest {
  private var state: UInt64 = 0x6A09_E667_F3BC_C908
  private var length: UInt64 = 0

  mutating func absorb(_ bytes: [UInt8]) {
    var word: UInt64 = 0
    var filled = 0
    for byte in bytes {
      word |= UInt64(byte) << UInt64(8 * filled)
      filled += 1
      if filled == 8 {
        mix(word)
        word = 0
        filled = 0
      }
    }
    if filled > 0 { mix(word ^ (UInt64(filled) << 56)) }
    length &+= UInt64(bytes.count)
  }

  private mutating func mix(_ word: UInt64) {
    state = SplitMix64.mix(state ^ word) &+ SplitMix64.gamma
  }

  /// The digest as a number.
  var value: UInt64 { SplitMix64.mix(state ^ length) }

  /// 16 lowercase hex digits.
  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
