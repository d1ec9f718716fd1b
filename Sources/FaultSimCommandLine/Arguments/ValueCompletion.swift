import FaultSim

/// What a shell may offer for an argument's value: the part of an
/// ``ArgumentDeclaration`` that the completion scripts read.
enum ValueCompletion: Sendable, Equatable {
  /// Free text (a number, a key path, a size): the shell offers nothing.
  case none
  /// A file name; with extensions (without the dot), only files ending in
  /// one of them are offered, and directories to descend into.
  case file(extensions: [String])
  /// A directory name.
  case directory
  /// One of a fixed list of words. The list is the one parsing checks, so
  /// what the shell offers is what the command takes.
  case choices([String])
  /// The names of the scenario option tables (`schema --markdown`): a list
  /// of choices made when asked, since making it describes every world's
  /// option table, which no other command needs (it was most of the start-up
  /// of every command while it was made up front).
  case optionTables
  /// A `--set`/`--vary` key path, offered as `key.path=` with no space
  /// after it, since the value follows at once. The paths are every world's
  /// (the scenario file, which picks one, is not read to complete).
  case keyPaths

  /// The words of ``choices(_:)``, ``optionTables`` and ``keyPaths``, or an
  /// empty list.
  var choices: [String] {
    switch self {
    case .choices(let words): return words
    case .optionTables: return ScenarioOptionDocs.tableNames
    case .keyPaths: return ScenarioOptionCatalog.completionKeyPaths
    case .none, .file, .directory: return []
    }
  }

  /// Whether the value is one of a list of words, which help names. Key
  /// paths are only the start of a value (`key.path=value`), so help does
  /// not list them as values.
  var offersChoices: Bool {
    switch self {
    case .choices, .optionTables: return true
    case .none, .file, .directory, .keyPaths: return false
    }
  }
}
