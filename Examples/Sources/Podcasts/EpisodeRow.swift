/// The registry's row for one episode: the app's own record of where its
/// download is — a copy of the truth, which the OS holds, and which the
/// relaunch reconcile checks against it.
public struct EpisodeRow: Hashable, Sendable, CustomStringConvertible {
  /// Where the episode's download is.
  public enum State: Hashable, Sendable {
    /// Wanted, and no task of the OS downloads it: never handed over, or
    /// its task was cancelled. The next reconcile starts it.
    case queued
    /// Handed to the OS as task `task` (its `taskIdentifier`), whose ending
    /// the app has not heard yet.
    case downloading(task: Int)
    /// Validated and moved into place.
    case done
    /// Given up after the retry limit; the user can ask again.
    case failed
  }

  /// The episode.
  public let id: String
  /// Where its download is.
  public var state: State
  /// Download tasks started for it, the current one included.
  public var attempts: Int
  /// Why the latest attempt did not store the episode, if it did not.
  public var lastError: String?

  /// A row; see the properties for each argument.
  public init(id: String, state: State = .queued, attempts: Int = 0, lastError: String? = nil) {
    self.id = id
    self.state = state
    self.attempts = attempts
    self.lastError = lastError
  }

  /// `u0/f3 downloading (task 7), 2 attempts, last error: checksum mismatch`.
  public var description: String {
    let state: String =
      switch self.state {
      case .queued: "queued"
      case .downloading(let task): "downloading (task \(task))"
      case .done: "done"
      case .failed: "failed"
      }
    let error = lastError.map { ", last error: \($0)" } ?? ""
    return "\(id) \(state), \(attempts) attempt\(attempts == 1 ? "" : "s")\(error)"
  }
}

extension EpisodeRow {
  /// The row as the store keeps it: `downloading|7|2|checksum mismatch`
  /// (state, task, attempts, last error) — one line, as an SQLite row's
  /// columns would be.
  var stored: String {
    let (state, task): (String, Int) =
      switch self.state {
      case .queued: ("queued", 0)
      case .downloading(let task): ("downloading", task)
      case .done: ("done", 0)
      case .failed: ("failed", 0)
      }
    return "\(state)|\(task)|\(attempts)|\(lastError ?? "")"
  }

  /// The row `id` from what the store keeps, or `nil` when that is not a
  /// row (written by another version of the app, say).
  init?(id: String, stored: String) {
    // One pass over the bytes rather than split(separator:) and Int(_:):
    // the registry is read at every decision, and in a debug build this is
    // several times faster.
    var numbers = [0, 0]
    var column = 0
    var stateEnd = stored.utf8.endIndex
    var errorStart = stored.utf8.endIndex
    for index in stored.utf8.indices where column < 3 {
      let byte = stored.utf8[index]
      if byte == UInt8(ascii: "|") {
        if column == 0 { stateEnd = index }
        column += 1
        if column == 3 { errorStart = stored.utf8.index(after: index) }
      } else if column > 0 {
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
        numbers[column - 1] = numbers[column - 1] * 10 + Int(byte - UInt8(ascii: "0"))
      }
    }
    guard column == 3 else { return nil }
    let state: State
    switch stored[..<stateEnd] {
    case "queued": state = .queued
    case "downloading": state = .downloading(task: numbers[0])
    case "done": state = .done
    case "failed": state = .failed
    default: return nil
    }
    let error = stored[errorStart...]
    self.init(id: id, state: state, attempts: numbers[1], lastError: error.isEmpty ? nil : String(error))
  }
}
