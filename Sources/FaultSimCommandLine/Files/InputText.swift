import FaultSim

/// The text of a table a command reads — a partial table, a checkpoint, a
/// sweep's CSV — with the exit status each failure calls for: 66 when the
/// file cannot be read (missing, not a file, not readable), 65 when its
/// bytes are not text (not UTF-8, a NUL byte) or it is too large.
enum InputText {
  /// The largest table read, 1 GiB: far above a 100,000-cell sweep's
  /// partial table, and it keeps `/dev/zero`-like mistakes bounded.
  static let maximumSize = 1 << 30

  /// Reads `path`.
  ///
  /// - Parameter kind: What the file should be, for messages ("partial table").
  static func read(_ path: String, kind: String) throws(CommandFailure) -> String {
    do {
      return try InputFile.text(path: path, maximumSize: maximumSize, kind: kind)
    } catch {
      throw .input(error)
    }
  }
}

extension CommandFailure {
  /// An input file's failure: 66 when it cannot be read, 65 when its
  /// contents are wrong.
  static func input(_ error: InputFileError) -> CommandFailure {
    switch error.kind {
    case .unreadable: return .missingInput(error.description)
    case .invalidData: return .data(error.description)
    }
  }
}
