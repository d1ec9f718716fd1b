/// Why a scenario could not be loaded: a file that cannot be read, or data
/// that is not a valid scenario. Names the file and, when known, the line,
/// column and key path, and says what is allowed.
///
/// Reads like a compiler diagnostic:
/// `scenarios/x.json:12:5: network.responseLoss: 1.5 is out of range; allowed 0...1`.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The two families of failure, which a command-line tool reports with
  /// different exit statuses (sysexits: 65 for data, 66 for input).
  public enum Kind: Hashable, Sendable {
    /// The file was read but its contents are not a valid scenario:
    /// malformed JSON, wrong types, out-of-range values, unknown or missing
    /// keys.
    case invalidData
    /// The file is missing, is a directory, or cannot be read.
    case unreadableInput
  }

  /// Which family this failure belongs to.
  public var kind: Kind
  /// The scenario file as the user named it.
  @usableFromInline package var file: String
  /// The offending value's path, if the problem concerns one.
  @usableFromInline package var keyPath: ScenarioKeyPath?
  /// The offending text's position, if known.
  @usableFromInline package var location: ScenarioLocation?
  /// What is wrong and what is allowed.
  @usableFromInline package var message: String

  /// An error about `file`, at `keyPath` and `location` when known; see
  /// the properties for each argument.
  @usableFromInline package init(
    kind: Kind = .invalidData,
    file: String,
    keyPath: ScenarioKeyPath? = nil,
    location: ScenarioLocation? = nil,
    message: String
  ) {
    self.kind = kind
    self.file = file
    self.keyPath = keyPath
    self.location = location
    self.message = message
  }

  /// `file:line:column: key.path: message`, leaving out what is unknown.
  public var description: String {
    var text = FileName.display(file)
    if let location {
      // Line 0 marks a value given on the command line (`--set`, `--vary`).
      text += location.line > 0 ? ":\(location.line):\(location.column)" : " (command-line override)"
    }
    text += ": "
    if let keyPath, !keyPath.isRoot { text += "\(keyPath): " }
    return text + message
  }
}
