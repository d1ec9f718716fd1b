/// One line of a run's timeline: at a virtual time, an actor did or saw
/// something.
public struct TraceEntry: Hashable, Sendable, CustomStringConvertible {
  /// What kind of line this is; renderers draw each kind differently.
  public enum Kind: String, Hashable, Sendable {
    /// A state change or decision inside one actor.
    case note
    /// A message from `actor` to `peer` that arrives.
    case message
    /// A message from `actor` to `peer` that the network loses.
    case lost
    /// A race choice the engine made.
    case race
  }

  /// When it happened.
  public var time: VirtualTime
  /// Who: `client#17`, `network`, `server`, `daemon`, `app`.
  public var actor: String
  /// What, as a short verb phrase: `send attempt 2`, `timeout`.
  public var event: String
  /// Any further detail, `key=value` pairs; may be empty.
  @usableFromInline package var details: String
  /// A note, a delivered or lost message, or a race choice.
  public var kind: Kind
  /// The receiving actor of a message; empty otherwise.
  @usableFromInline package var peer: String

  /// A timeline line; see the properties for each argument. Without `kind` it
  /// is a note.
  @usableFromInline package init(
    time: VirtualTime, actor: String, event: String, details: String = "", kind: Kind = .note, peer: String = ""
  ) {
    self.time = time
    self.actor = actor
    self.event = event
    self.details = details
    self.kind = kind
    self.peer = peer
  }

  /// `  1.020000s  client#3   send attempt 1 -> server  key=-`.
  public var description: String {
    var line = "\(time.description.leftPadded(to: 14))  \(actor.rightPadded(to: 12)) \(event)"
    if !peer.isEmpty { line += (kind == .lost ? " -x " : " -> ") + peer }
    if kind == .lost { line += " (lost)" }
    if !details.isEmpty { line += "  " + details }
    return line
  }
}

extension String {
  /// The string preceded by spaces up to `width` characters.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  /// The string followed by spaces up to `width` characters.
  func rightPadded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
