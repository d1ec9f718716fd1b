/// One argument of a subcommand, declared where its value is stored: the
/// property is the declaration, and nothing else names the argument.
///
/// ```swift
/// @Argument(.flag("--force", "Replace --out if it exists.")) var force: Bool
/// ```
///
/// The command's ``CommandInfo`` lists its arguments as these properties
/// are initialised (``Subcommand/declaredArguments``, through
/// ``ArgumentCollection``), in the order they are written; ``Subcommand/init(_:)`` reads each one's value with its
/// declaration. So help, the manual, the completions and "did you mean"
/// cannot name an argument that is not parsed, and a new flag is one
/// property, as swift-argument-parser's `@Option` is.
///
/// The value lives in a slot shared by copies of the command: it is written
/// once, while the command line is read, before the command is used.
@propertyWrapper
struct Argument<Value>: DeclaredArgument {
  /// How the argument appears on the command line, in help and in the
  /// completions.
  let declaration: ArgumentDeclaration
  private let slot: ArgumentSlot<Value>

  /// An argument read by `read` (a reader method such as
  /// ``ArgumentReader/value(_:)``, or a conversion that says what is wrong
  /// with the text as a usage error).
  init(
    _ declaration: ArgumentDeclaration,
    read: @escaping (inout ArgumentReader, ArgumentDeclaration) throws(CommandFailure) -> Value
  ) {
    self.declaration = declaration
    slot = ArgumentSlot(read: read)
    ArgumentCollection.add(self)
  }

  /// The value read from the command line.
  var wrappedValue: Value {
    guard let value = slot.value else {
      preconditionFailure("\(declaration.name) is used before the command line is read")
    }
    return value
  }

  /// The argument itself: `$jobs.isGiven`.
  var projectedValue: Self { self }

  /// Whether the argument was on the command line (an option left out
  /// gives its default, which is not the same as giving the default).
  var isGiven: Bool { slot.isGiven }

  func read(_ arguments: inout ArgumentReader) throws(CommandFailure) {
    slot.isGiven = arguments.has(declaration)
    slot.value = try slot.read(&arguments, declaration)
  }
}

/// An ``Argument`` as the reader sees it, whatever its value's type.
protocol DeclaredArgument {
  /// The argument's declaration.
  var declaration: ArgumentDeclaration { get }
  /// Reads the value from the command line and keeps it.
  func read(_ arguments: inout ArgumentReader) throws(CommandFailure)
}

/// Where an ``Argument`` keeps its value once read.
private final class ArgumentSlot<Value> {
  let read: (inout ArgumentReader, ArgumentDeclaration) throws(CommandFailure) -> Value
  var value: Value?
  var isGiven = false

  init(read: @escaping (inout ArgumentReader, ArgumentDeclaration) throws(CommandFailure) -> Value) {
    self.read = read
  }
}

// MARK: - Values read as the declaration says

extension Argument where Value == Bool {
  /// A flag: whether it was given (or an option that implies it).
  init(_ declaration: ArgumentDeclaration) {
    self.init(declaration) { arguments, declaration in arguments.flag(declaration) }
  }
}

extension Argument where Value == String {
  /// A required positional argument, or a required option's text.
  init(_ declaration: ArgumentDeclaration) {
    self.init(declaration) { arguments, declaration throws(CommandFailure) in
      declaration.kind == .positional
        ? try arguments.positional(declaration) : try arguments.requiredValue(declaration)
    }
  }
}

extension Argument where Value == String? {
  /// An option's text, or an optional positional argument; `nil` when
  /// absent.
  init(_ declaration: ArgumentDeclaration) {
    self.init(declaration) { arguments, declaration throws(CommandFailure) in
      declaration.kind == .positional
        ? try arguments.optionalPositional(declaration) : try arguments.value(declaration)
    }
  }
}

extension Argument where Value == [String] {
  /// Every value of a repeatable option, or every remaining positional
  /// argument.
  init(_ declaration: ArgumentDeclaration) {
    self.init(declaration) { arguments, declaration throws(CommandFailure) in
      declaration.kind == .positional
        ? try arguments.positionals(declaration) : try arguments.values(declaration)
    }
  }
}

extension Argument where Value == Int {
  /// An integer option in its declared range, or its declared default.
  init(_ declaration: ArgumentDeclaration) {
    self.init(declaration) { arguments, declaration throws(CommandFailure) in try arguments.integer(declaration) }
  }
}

extension Argument where Value == Int? {
  /// An integer option in its declared range; `nil` when absent (its
  /// default is one the command works out).
  init(_ declaration: ArgumentDeclaration) {
    self.init(declaration) { arguments, declaration throws(CommandFailure) in
      try arguments.givenInteger(declaration)
    }
  }
}

extension Argument where Value == UInt64 {
  /// A 64-bit unsigned option (a seed), or its declared default.
  init(_ declaration: ArgumentDeclaration) {
    self.init(declaration) { arguments, declaration throws(CommandFailure) in try arguments.unsigned(declaration) }
  }
}

extension Argument where Value: RawRepresentable, Value.RawValue == String {
  /// One of the declared choices, as the type whose raw values they are;
  /// the declared default when absent.
  init(_ declaration: ArgumentDeclaration) {
    self.init(declaration) { arguments, declaration throws(CommandFailure) in
      // `choice` accepts only the declared words, the type's raw values;
      // it gives none for an absent argument without a default.
      guard let value = try arguments.choice(declaration).flatMap(Value.init(rawValue:)) else {
        throw arguments.usageError("Missing expected argument '\(declaration.synopsis)'")
      }
      return value
    }
  }
}
