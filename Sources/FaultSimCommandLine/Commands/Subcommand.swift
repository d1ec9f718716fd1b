/// One `faultsim` subcommand: its help, its arguments, what it does.
///
/// Its arguments are its ``Argument`` properties: ``declaredArguments``
/// lists them for its ``CommandInfo``, and ``init(_:)`` reads them.
protocol Subcommand {
  /// The word that names it on the command line, e.g. `sweep`.
  static var name: String { get }
  /// One sentence: what it does (the top-level help's list).
  static var abstract: String { get }
  /// Its name, abstract and declared arguments. Describing the arguments
  /// makes every declaration, so a command that only lists or finds
  /// subcommands reads ``name`` and ``abstract`` instead.
  static var info: CommandInfo { get }

  /// The command with every argument declared and none read yet.
  init()

  /// Refuses arguments that are each valid but not together; called once
  /// they are all read.
  func validate(_ arguments: ArgumentReader) throws(CommandFailure)

  /// Does the work, writing data to `output`.
  func run(_ output: inout Output) throws(CommandFailure)
}

extension Subcommand {
  func validate(_ arguments: ArgumentReader) throws(CommandFailure) {}

  /// The declarations of the command's ``Argument`` properties, in the
  /// order they are written: the order of the usage line and of help.
  static var declaredArguments: [ArgumentDeclaration] {
    ArgumentCollection.collecting { Self() }.arguments.map(\.declaration)
  }

  /// Reads the command's arguments (`--help` is handled before this):
  /// flags first, then options, each kind in the order the properties are
  /// written, then positional arguments, so that a flag's name is never
  /// taken for an option's value and what is left is positional; then
  /// refuses anything left over and what ``validate(_:)`` refuses.
  init(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    let (command, declared) = ArgumentCollection.collecting { Self() }
    self = command
    for kind in [ArgumentDeclaration.Kind.flag, .option, .positional] {
      for argument in declared where argument.declaration.kind == kind {
        try argument.read(&arguments)
      }
    }
    try arguments.finish()
    try validate(arguments)
  }
}
