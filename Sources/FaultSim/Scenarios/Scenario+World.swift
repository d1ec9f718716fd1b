extension Scenario {
  /// The world a scenario runs, with its options: one of the registered
  /// worlds (`names`), known only once the file is read.
  ///
  /// Work on it is generic: ``open(_:)`` hands the world's type and options
  /// to a ``WorldVisitor``; ``ScenarioWorld/options(of:)`` gives the options
  /// when the caller knows which world to expect.
  ///
  /// ```swift
  /// let scenario = try Scenario.shipped("checkout-reference")
  /// if let options = RequestWorld.options(of: scenario.world) {
  ///   print(try RequestWorld.runOnce(options, seed: 42).metrics.duplicated)
  /// }
  /// ```
  public struct World: Sendable {
    /// The options and the world's type, behind the one existential.
    let storage: any WorldStorage

    /// The names scenario files use in `"world"`; a scenario without one
    /// runs the first.
    @usableFromInline package static var names: [String] { WorldRegistry.names }

    /// The world's name, as scenario files write it: `request`.
    public var name: String { storage.name }

    /// The options, if the world's options are `World.Options`.
    ///
    /// - Complexity: O(1).
    package func options<Model: ScenarioWorld>(for world: Model.Type) -> Model.Options? {
      storage.options(as: Model.Options.self)
    }

    /// Calls `visitor` with the world's type and options: everything the
    /// visitor does is compiled for that world.
    ///
    /// - Throws: What the visitor throws.
    public func open<Visitor: WorldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) -> Visitor.Result {
      try storage.open(&visitor)
    }

    /// What the scenario runs, for `faultsim check`:
    /// `transfer world, 1 users × 10 downloads`.
    package var summary: String { storage.summary }

    /// Reads `"world"` (by default the first registered world) and that
    /// world's options from a scenario's top-level object.
    init(reading reader: ScenarioObjectReader) throws(ScenarioError) {
      let name = try reader.choice("world", default: WorldRegistry.names[0], among: WorldRegistry.names)
      guard let world = WorldRegistry.world(named: name) else {
        preconditionFailure("'\(name)' is among the registered names but no registered world has it")
      }
      storage = try Self.read(world, reader)
    }

    private static func read<Model: RegisteredWorld>(
      _ world: Model.Type, _ reader: ScenarioObjectReader
    ) throws(ScenarioError) -> any WorldStorage {
      RegisteredWorldOptions<Model>(options: try Model.Options(reading: reader))
    }

    /// The warnings of the world's no-op checks for options read from a
    /// document that writes `keys`.
    func warnings(keys: WrittenKeys, file: String) -> [ScenarioWarning] {
      storage.warnings(keys: keys, file: file)
    }
  }
}

/// A world's type and options, so that ``Scenario/World`` holds any of them.
protocol WorldStorage: Sendable {
  var name: String { get }
  var summary: String { get }
  func options<Options>(as type: Options.Type) -> Options?
  func warnings(keys: WrittenKeys, file: String) -> [ScenarioWarning]
  func open<Visitor: WorldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) -> Visitor.Result
}

/// The options of one registered world.
struct RegisteredWorldOptions<Model: RegisteredWorld>: WorldStorage {
  let options: Model.Options

  var name: String { Model.worldName }

  var summary: String { Model.summary(of: options) }

  func options<Options>(as type: Options.Type) -> Options? {
    options as? Options
  }

  func warnings(keys: WrittenKeys, file: String) -> [ScenarioWarning] {
    NoOpRule.warnings(Model.Options.noOpRules, options: options, keys: keys, file: file)
      + NoOpRule.warnings(Model.Options.completionRules, options: options, keys: keys, file: file)
  }

  func open<Visitor: WorldVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) -> Visitor.Result {
    try visitor.visit(Model.self, options)
  }
}
