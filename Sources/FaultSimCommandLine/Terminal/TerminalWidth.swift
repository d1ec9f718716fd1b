#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The width help is wrapped to: `COLUMNS` when it holds a positive number,
/// else the width of the terminal on standard output, else 80 (output to a
/// file or a pipe, where help must not depend on who runs it).
enum TerminalWidth {
  /// Used when standard output is not a terminal and `COLUMNS` is unset.
  static let fallback = 80
  /// The narrowest width help is wrapped to: below it, descriptions after
  /// the label column would be a word a line.
  static let minimum = 40

  /// The width for help printed now.
  static var current: Int {
    width(columns: Host.variable("COLUMNS"), terminalColumns: terminalColumns())
  }

  /// The width from `COLUMNS` in `environment`, else `terminalColumns`,
  /// else ``fallback``; never below ``minimum``.
  static func width(environment: [String: String], terminalColumns: Int?) -> Int {
    width(columns: environment["COLUMNS"], terminalColumns: terminalColumns)
  }

  /// The width from `columns` (the value of `COLUMNS`, if set), else
  /// `terminalColumns`, else ``fallback``; never below ``minimum``.
  ///
  /// Takes the one variable rather than an environment: `--help` makes no
  /// dictionary, whose first instantiation costs more than the rest of
  /// reading the command line.
  static func width(columns: String?, terminalColumns: Int?) -> Int {
    let columns = columns.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    return max(minimum, columns ?? terminalColumns ?? fallback)
  }

  /// The columns of the terminal on standard output, or `nil` when it is
  /// not a terminal (or reports no width).
  static func terminalColumns() -> Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
