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

  /// The words of ``choices(_:)``, or an empty list.
  var choices: [String] {
    if case .choices(let words) = self { return words }
    return []
  }
}
