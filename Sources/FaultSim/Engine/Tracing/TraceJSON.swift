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
