/// One `faultsim` subcommand: its help, how it reads its arguments, what it
/// does.
protocol Subcommand {
  static var info: CommandInfo { get }

  /// Reads the subcommand's arguments; `--help` is handled before this.
  init(_ arguments: inout ArgumentReader) throws(CommandFailure)

  /// Does the work, writing data to `output`.
  func run(_ output: inout Output) throws(CommandFailure)
}
