/// An option a subcommand no longer takes under its old name because the
/// name now means something else elsewhere: refused with what to write,
/// never read with a new meaning, so an old command line cannot silently
/// run something other than what it used to.
extension ArgumentReader {
  /// Refuses `name` (`--name value` or `--name=value`) if it was given,
  /// with `message(value)` as the usage error (`value` is what followed it,
  /// or an empty string).
  ///
  /// The old name is deliberately not declared: help, the manual and the
  /// completions show only the new one.
  func refuseRenamed(_ name: String, message: (String) -> String) throws(CommandFailure) {
    for (index, argument) in given.enumerated() {
      if argument == name {
        throw usageError(message(index + 1 < given.count ? given[index + 1] : ""))
      }
      if argument.hasPrefix(name + "=") {
        throw usageError(message(String(argument.dropFirst(name.count + 1))))
      }
    }
  }
}
