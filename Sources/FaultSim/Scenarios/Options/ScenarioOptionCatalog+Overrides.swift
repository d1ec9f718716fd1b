/// What the catalog knows about `--set` and `--vary` key paths: a key that
/// sits in another object than the one typed (`--set responseLoss=0.3`,
/// `--set client.window=1ms`) gets the full path to suggest.
extension ScenarioOptionCatalog {
  /// Checks the key paths of `overrides`, applied to `root`, against the
  /// declared keys of the scenario's world.
  ///
  /// Called when reading the scenario failed: a key path this refuses also
  /// leaves a key the reader refuses, so a run whose overrides are fine
  /// does not describe its world.
  ///
  /// Only a key that no object at its place declares, with no near miss
  /// there, but that is declared elsewhere in the world, is reported here:
  /// every other problem is left to the reader, which reports it with the
  /// same message as for a file (so near misses in place keep its "did you
  /// mean").
  ///
  /// - Throws: `ScenarioError` located at the command line, naming the
  ///   unknown key, the allowed keys there and the full paths it may mean.
  /// - Complexity: O(*o*·*k*) for *o* overrides and *k* declared keys.
  static func checkKeyPaths(
    of overrides: [ScenarioOverride], in root: JSONNode, file: String
  ) throws(ScenarioError) {
    guard !overrides.isEmpty, let world = world(in: root) else { return }
    for override in overrides {
      if let error = unknownKeyError(override.keyPath, world: world, file: file) { throw error }
    }
  }

  /// The world `root` names (the default when it names none), or `nil` for
  /// an unknown world, which the reader reports.
  private static func world(in root: JSONNode) -> World? {
    guard case .object(let members) = root.value else { return nil }
    guard let member = members.first(where: { $0.key == "world" }) else { return world(named: WorldRegistry.names[0]) }
    guard case .string(let name) = member.node.value else { return nil }
    return world(named: name)
  }

  /// The error for a path whose key is declared only elsewhere, if it is one.
  private static func unknownKeyError(_ path: ScenarioKeyPath, world: World, file: String) -> ScenarioError? {
    var keys = scenarioKeys(of: world)
    var walked = ScenarioKeyPath.root
    var components = path.components[...]
    while let component = components.popFirst() {
      guard case .key(let name) = component else { return nil }
      guard let key = keys.first(where: { $0.key == name }) else {
        let names = keys.map(\.key)
        guard SpellingSuggestion.closest(to: name, among: names) == nil else { return nil }
        let rest = components.map { component -> String in
          switch component {
          case .key(let key): return ".\(key)"
          case .index(let index): return "[\(index)]"
          }
        }.joined()
        // A path that goes on below the key needs a key that holds keys,
        // and the whole suggestion must be a key of the world: moving
        // `network.requestLoss` under `conditions.network` is no help when
        // that section has no `requestLoss`.
        let all = paths(of: world)
        let known = Set(all.map(\.path))
        let keysOnly = components.allSatisfy { if case .key = $0 { true } else { false } }
        let candidates = all.filter { candidate in
          guard rest.isEmpty || candidate.holdsKeys,
            let last = candidate.path.split(separator: ".").last.map(String.init)
          else { return false }
          guard !keysOnly || known.contains(candidate.path + rest) else { return false }
          return last == name || SpellingSuggestion.closest(to: name, among: [last]) != nil
        }.map(\.path)
        guard !candidates.isEmpty else { return nil }
        return ScenarioError(
          file: file, keyPath: walked.appending(key: name), location: ScenarioLocation(line: 0, column: 0, offset: 0),
          message: "unknown key; allowed keys: \(names.joined(separator: ", ")); did you mean "
            + candidates.prefix(3).map { $0 + rest }.joined(separator: " or ") + "?")
      }
      walked = walked.appending(key: name)
      guard case .object(let object) = key.type else { return nil }
      keys = object.keys
    }
    return nil
  }

  /// Every dotted path to a key of the world, objects entered, variants'
  /// keys included, in declaration order, and whether the key's value is
  /// an object.
  static func paths(of world: World) -> [(path: String, holdsKeys: Bool)] {
    func walk(_ keys: [OptionDescription], _ prefix: String) -> [(path: String, holdsKeys: Bool)] {
      keys.flatMap { key -> [(path: String, holdsKeys: Bool)] in
        let path = prefix + key.key
        switch key.type {
        case .object(let object): return [(path, true)] + walk(object.keys, path + ".")
        case .variants(let variants):
          var seen: [(path: String, holdsKeys: Bool)] = []
          for variant in variants.cases {
            for nested in walk(variant.keys, path + ".") where !seen.contains(where: { $0.path == nested.path }) {
              seen.append(nested)
            }
          }
          return [(path, true)] + seen
        case .distribution: return [(path, true)]
        default: return [(path, false)]
        }
      }
    }
    return walk(world.keys.keys, "")
  }
}
