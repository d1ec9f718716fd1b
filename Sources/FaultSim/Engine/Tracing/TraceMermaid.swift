/// Mermaid `sequenceDiagram` rendering, one entry at a time: participants,
/// the network between apps and servers, messages as arrows, lost messages
/// as crossed arrows into the network, race choices and other events as
/// notes. Every identifier and text goes through ``MermaidText``, so each
/// line is one statement of Mermaid's grammar whatever the trace says.
///
/// Participants appear left to right in the order they are declared. To
/// keep clients and apps on the left, then the network, the server and the
/// OS daemons, the writer holds the first ``lookahead`` entries, declares
/// the participants they use in that order (first appearance within each
/// group), and writes them. Any participant that first appears later is
/// declared just before its first line, which Mermaid's grammar allows (a
/// `participant` statement may stand anywhere in the document). A diagram
/// Mermaid renders with its default limit (50,000 characters) has far fewer
/// entries, so it is the same as ordering all participants at once; a longer
/// timeline streams in constant memory beyond the set of declared actors.
struct TraceMermaid: Sendable {
  /// How many entries are held to order the participants.
  static let lookahead = 4_096
  /// About how many bytes the held entries take (a rendered entry is rarely
  /// longer than 200 bytes).
  static let lookaheadBytes = UInt64(lookahead) * 256
  /// About how many bytes one declared participant takes in the set of
  /// declared actors: a hashed `String` with its share of empty buckets
  /// (measured: 57 bytes each at a million clients).
  static let bytesPerParticipant: UInt64 = 64
  /// The participant that race choices are drawn over (the engine's actor).
  static let raceActor = "engine"

  /// The entries held until the header is written.
  private var held: [TraceEntry] = []
  /// Whether the header and the held entries are written.
  private var headerWritten = false
  /// The actors declared so far; the set only answers "declared?" (its
  /// order never reaches the output).
  private var declared: Set<String> = []

  /// Appends `entry`'s lines, or holds it while the look-ahead fills.
  mutating func append(_ entry: TraceEntry, to text: inout String) {
    guard headerWritten else {
      held.append(entry)
      if held.count >= Self.lookahead { writeHeld(to: &text) }
      return
    }
    declareParticipants(of: entry, to: &text)
    appendStatement(entry, to: &text)
  }

  /// Appends whatever is still held (and the header, if not yet written).
  mutating func finish(to text: inout String) {
    if !headerWritten { writeHeld(to: &text) }
  }

  /// Writes the header, the participants of the held entries in group
  /// order, and the held entries.
  private mutating func writeHeld(to text: inout String) {
    let entries = held
    held = []
    headerWritten = true
    var participants: [String] = []
    for entry in entries {
      for actor in Self.participants(of: entry) where declared.insert(actor).inserted {
        participants.append(actor)
      }
    }
    participants = participants.enumerated()
      .sorted { (Self.group($0.element), $0.offset) < (Self.group($1.element), $1.offset) }
      .map(\.element)
    text += "sequenceDiagram\n"
    for actor in participants { appendDeclaration(actor, to: &text) }
    for entry in entries {
      declareParticipants(of: entry, to: &text)
      appendStatement(entry, to: &text)
    }
  }

  /// Clients and apps on the left, then the network, the server, the OS
  /// daemons and the race choices.
  private static func group(_ actor: String) -> Int {
    if actor == "network" { return 1 }
    if actor == "server" { return 2 }
    if actor.hasPrefix("daemon") { return 3 }
    if actor == raceActor { return 4 }
    return 0
  }

  /// The participants an entry's statement uses, in the order it names
  /// them.
  private static func participants(of entry: TraceEntry) -> [String] {
    switch entry.kind {
    case .race: [raceActor]
    case .note: [entry.actor]
    case .message: [entry.actor, entry.peer]
    case .lost: [entry.actor, "network"]
    }
  }

  /// Declares the participants `entry` uses that are not declared yet, in
  /// the order the entry names them.
  private mutating func declareParticipants(of entry: TraceEntry, to text: inout String) {
    for actor in Self.participants(of: entry) where declared.insert(actor).inserted {
      appendDeclaration(actor, to: &text)
    }
  }

  /// `  participant client_0 as client#35;0`.
  private func appendDeclaration(_ actor: String, to text: inout String) {
    text += "  participant "
    text += MermaidText.participantID(actor)
    text += " as "
    MermaidText.appendEscaped(actor == Self.raceActor ? "race choices" : actor, to: &text)
    text += "\n"
  }

  /// The entry's statement: an arrow, a crossed arrow into the network, or
  /// a note.
  private func appendStatement(_ entry: TraceEntry, to text: inout String) {
    var label = "\(entry.time) \(entry.event)"
    if !entry.details.isEmpty {
      label += " "
      label += entry.details
    }
    text += "  "
    switch entry.kind {
    case .message:
      text += MermaidText.participantID(entry.actor)
      text += "->>"
      text += MermaidText.participantID(entry.peer)
    case .lost:
      text += MermaidText.participantID(entry.actor)
      text += "-x"
      text += MermaidText.participantID("network")
      label += " (lost; meant for \(entry.peer))"
    case .race:
      text += "Note over "
      text += MermaidText.participantID(Self.raceActor)
    case .note:
      text += "Note over "
      text += MermaidText.participantID(entry.actor)
    }
    text += ": "
    MermaidText.appendEscaped(label, to: &text)
    text += "\n"
  }
}
