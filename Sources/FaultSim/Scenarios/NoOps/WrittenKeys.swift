/// The keys a scenario document sets — in the file or by `--set`/`--vary`
/// overrides, which are applied to the document before it is read — by
/// dotted path (`client.backoff.jitter`).
///
/// The no-op checks (``NoOpRule``) flag only keys found here: an option the
/// user never wrote is a default, and a default is never a mistake.
/// Objects are entered; an array is recorded as one key (`network.offline`)
/// and not entered.
struct WrittenKeys: Sendable {
  /// Where each written key's value starts, by dotted path; line 0 marks a
  /// value from the command line. For lookup only, never iterated.
  private var locations: [String: ScenarioLocation] = [:]
  /// The string values, by dotted path, for rules that read one (a preset's
  /// name). For lookup only.
  private var strings: [String: String] = [:]

  /// The keys of a document's top-level object and everything nested in
  /// its objects.
  ///
  /// - Complexity: O(n) in the document's members.
  init(_ root: JSONNode) {
    var pending: [(prefix: String, node: JSONNode)] = [("", root)]
    while let (prefix, node) = pending.popLast() {
      guard case .object(let members) = node.value else { continue }
      for member in members {
        let path = prefix.isEmpty ? member.key : "\(prefix).\(member.key)"
        locations[path] = member.node.location
        if case .string(let text) = member.node.value { strings[path] = text }
        pending.append((path, member.node))
      }
    }
  }

  /// Whether the document sets the key at `path`.
  func contains(_ path: String) -> Bool {
    locations[path] != nil
  }

  /// Where the key's value starts, if the document sets it.
  func location(of path: String) -> ScenarioLocation? {
    locations[path]
  }

  /// The key's value when it is a string.
  func string(_ path: String) -> String? {
    strings[path]
  }
}
