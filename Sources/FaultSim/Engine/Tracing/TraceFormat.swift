/// How a timeline is written: for people, for tools, or as a diagram.
public enum TraceFormat: String, CaseIterable, Sendable {
  /// One aligned line per event: virtual time, actor, event, details.
  case text
  /// JSON Lines: one object per event, for tools.
  case json
  /// A Mermaid `sequenceDiagram` that GitHub renders in Markdown.
  case mermaid

  /// The whole timeline in this format, each line ending in a newline.
  public func render(_ entries: [TraceEntry]) -> String {
    switch self {
    case .text:
      var text = ""
      for entry in entries {
        text += entry.description
        text += "\n"
      }
      return text
    case .json:
      var text = ""
      for entry in entries {
        TraceJSON.append(entry, to: &text)
        text += "\n"
      }
      return text
    case .mermaid: return TraceMermaid.diagram(entries)
    }
  }
}

/// JSON Lines rendering of trace entries.
enum TraceJSON {
  /// Appends the object of `entry` to `text`, e.g.
  /// `{"time_ns":1020000,"time":"0.001020s","actor":"client#0","event":"…","kind":"message","peer":"server","details":"…"}`
  /// (a trace has one per event, so nothing is built only to be joined).
  static func append(_ entry: TraceEntry, to text: inout String) {
    text += "{\"time_ns\":\(entry.time.nanoseconds),\"time\":"
    appendQuoted(entry.time.description, to: &text)
    text += ",\"actor\":"
    appendQuoted(entry.actor, to: &text)
    text += ",\"event\":"
    appendQuoted(entry.event, to: &text)
    text += ",\"kind\":"
    appendQuoted(entry.kind.rawValue, to: &text)
    if !entry.peer.isEmpty {
      text += ",\"peer\":"
      appendQuoted(entry.peer, to: &text)
    }
    if !entry.details.isEmpty {
      text += ",\"details\":"
      appendQuoted(entry.details, to: &text)
    }
    if entry.kind == .lost { text += ",\"lost\":true" }
    text += "}"
  }

  /// A JSON string literal.
  static func quoted(_ text: String) -> String {
    var result = ""
    appendQuoted(text, to: &result)
    return result
  }

  /// Appends `value` as a JSON string literal; text with nothing to escape
  /// (nearly all of a trace) is copied whole.
  static func appendQuoted(_ value: String, to text: inout String) {
    text += "\""
    guard value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      text += value
      text += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}

/// Mermaid `sequenceDiagram` rendering: participants in order of first
/// appearance, the network between apps and servers, messages as arrows,
/// lost messages as crossed arrows into the network, race choices and other
/// events as notes.
enum TraceMermaid {
  static func diagram(_ entries: [TraceEntry]) -> String {
    // In order of first appearance; the set only answers "seen?" (its own
    // order never reaches the output).
    var participants: [String] = []
    var seen: Set<String> = []
    func add(_ actor: String) {
      if !actor.isEmpty && seen.insert(actor).inserted { participants.append(actor) }
    }
    for entry in entries {
      if entry.kind == .race { continue }
      add(entry.actor)
      if entry.kind == .lost { add("network") } else { add(entry.peer) }
    }
    // Clients and apps on the left, then the network, the server and the
    // OS daemons; the order of first appearance within each group.
    func group(_ actor: String) -> Int {
      if actor == "network" { return 1 }
      if actor == "server" { return 2 }
      if actor.hasPrefix("daemon") { return 3 }
      return 0
    }
    participants = participants.enumerated().sorted { (group($0.element), $0.offset) < (group($1.element), $1.offset) }
      .map(\.element)
    let hasRaces = entries.contains { $0.kind == .race }
    var lines = ["sequenceDiagram"]
    for actor in participants { lines.append("  participant \(id(actor)) as \(label(actor))") }
    if hasRaces { lines.append("  participant engine as race choices") }
    for entry in entries {
      let text = escape("\(entry.time) \(entry.event)\(entry.details.isEmpty ? "" : " \(entry.details)")")
      switch entry.kind {
      case .message:
        lines.append("  \(id(entry.actor))->>\(id(entry.peer)): \(text)")
      case .lost:
        lines.append("  \(id(entry.actor))-x\(id("network")): \(text) (lost; meant for \(escape(entry.peer)))")
      case .race:
        lines.append("  Note over engine: \(text)")
      case .note:
        lines.append("  Note over \(id(entry.actor)): \(text)")
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// A participant identifier: letters, digits and underscores.
  static func id(_ actor: String) -> String {
    String(actor.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }

  /// A participant's label: Mermaid reads `#` and `;` specially.
  static func label(_ actor: String) -> String {
    actor.replacingOccurrences(of: "#", with: " ")
  }

  /// Message text with Mermaid's special characters as entity codes.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "#": result += "#35;"
      case ";": result += "#59;"
      case ":": result += "#58;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      default: result.append(character)
      }
    }
    return result
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
