/// A world that runs a registered world's scenario with some of it given in
/// Swift — your decisions (``CustomRequestWorld``, ``CustomTransferWorld``)
/// or your code (``UserCodeRequestWorld``, ``UserCodeTransferWorld``): its
/// options are the base world's options plus those parts.
///
/// What a command or a property needs to know about the scenario — how to
/// describe a fault, how to make the scenario smaller, how to repeat its
/// operation, the memory it needs — is the base world's, so it is said once
/// there and derived here: a derived world states only how its options hold
/// the base world's (``base(of:)``, ``rebased(_:on:)``), and overrides what
/// differs.
@usableFromInline
package protocol DerivedWorld: ScenarioWorld {
  /// The world whose scenarios this one runs.
  associatedtype Base: ShrinkableWorld & MemorySizedWorld

  /// The scenario options inside `options`.
  static func base(of options: Options) -> Base.Options

  /// The same parts given in Swift over other scenario options (a sweep's
  /// cell, a smaller scenario).
  static func rebased(_ options: Options, on base: Base.Options) -> Options
}

extension ProbedWorld where Self: DerivedWorld, Base: ProbedWorld {
  /// The base world's repeated operation, with the same parts given in
  /// Swift.
  @inlinable
  package static func repeating(_ options: Options) -> Options? {
    Base.repeating(base(of: options)).map { rebased(options, on: $0) }
  }

  /// What the base world's repeat does.
  @usableFromInline package static var repeatedOperation: String { Base.repeatedOperation }
}

extension MemorySizedWorld where Self: DerivedWorld {
  /// The base world's estimate.
  @inlinable
  package static func estimatedBytes(_ options: Options) -> UInt64 {
    Base.estimatedBytes(base(of: options))
  }

  /// The base world's size key.
  @usableFromInline package static var sizeKey: String { Base.sizeKey }
}

extension ShrinkableWorld where Self: DerivedWorld {
  /// A fault described as for the base world.
  @inlinable
  package static func describe(fault: DrawKey, options: Options) -> String {
    Base.describe(fault: fault, options: base(of: options))
  }

  /// The trace tags of the faults' entities, as for the base world.
  @inlinable
  package static func traceTags(for faults: [DrawKey], options: Options) -> [String] {
    Base.traceTags(for: faults, options: base(of: options))
  }

  /// The base world's size.
  @inlinable
  package static func size(of options: Options) -> Int { Base.size(of: base(of: options)) }

  /// The fewest entities that keep the faults, as for the base world.
  @inlinable
  package static func minimumSize(keeping faults: [DrawKey], options: Options) -> Int {
    Base.minimumSize(keeping: faults, options: base(of: options))
  }

  /// The same parts over a smaller scenario.
  @inlinable
  package static func resized(_ options: Options, to size: Int) -> Options {
    rebased(options, on: Base.resized(base(of: options), to: size))
  }

  /// The base world's override for a size.
  @inlinable
  package static func sizeOverride(_ size: Int) -> String { Base.sizeOverride(size) }
}
