/// The key paths a shell offers after `--set` and `--vary`, derived from the
/// worlds' option tables so that a key added to a table is offered without
/// another list to keep in step.
extension ScenarioOptionCatalog {
  /// Every dotted path to a key that takes a value (a number, a choice, a
  /// distribution…) in any world, each followed by `=`, objects and
  /// variants entered, in catalogue order (the default world first), each
  /// path once.
  ///
  /// Objects themselves are not offered: typing their name completes to
  /// the common prefix of their keys, which is what a user wants next.
  ///
  /// - Complexity: O(*n*) for *n* declared keys in all worlds.
  package static var completionKeyPaths: [String] {
    var seen = Set<String>()
    var paths: [String] = []
    func offer(_ path: String) {
      if seen.insert(path).inserted { paths.append(path + "=") }
    }
    func walk(_ keys: [OptionDescription], _ prefix: String) {
      for key in keys {
        let path = prefix + key.key
        switch key.type {
        case .object(let object): walk(object.keys, path + ".")
        case .variants(let variants):
          offer(path + "." + variants.selector)
          for variant in variants.cases { walk(variant.keys, path + ".") }
        default: offer(path)
        }
      }
    }
    for world in worlds { walk(world.keys.keys, "") }
    return paths
  }
}
