/// The option that sizes a world's runs, how many independent entities
/// (operations, users) they hold, declared once per world
/// (``OptionSizedWorld/sizeOption``). Everything else about size is
/// derived from it: the size of a world's options, the options at another
/// size (shrinking), the `--set` that gives a size, and the option a
/// too-large run's message names.
///
/// ```swift
/// static var sizeOption: WorldSizeOption<RequestWorldOptions> {
///   WorldSizeOption("workload.operations", \.workload.operations)
/// }
/// ```
@usableFromInline
package struct WorldSizeOption<Options> {
  /// The option's key path in a scenario file: `workload.operations`.
  @usableFromInline let key: String
  /// The property the option sets. It is made only when a size is read or
  /// set: a key path costs its metadata when first made, and a command
  /// that only names the option does not pay for it.
  @usableFromInline let property: () -> WritableKeyPath<Options, Int>
  /// Other options that also make a run smaller, named after ``key`` when
  /// a run is too large (`workload.filesPerUser`).
  @usableFromInline let alsoLoweredBy: [String]

  /// The size option `key`, which sets `property`; `alsoLoweredBy` are
  /// named with it in advice.
  @usableFromInline
  init(
    _ key: String, _ property: @autoclosure @escaping () -> WritableKeyPath<Options, Int>,
    alsoLoweredBy: [String] = []
  ) {
    self.key = key
    self.property = property
    self.alsoLoweredBy = alsoLoweredBy
  }

  /// How many entities `options` run.
  ///
  /// - Complexity: O(1).
  @inlinable
  func size(of options: Options) -> Int { options[keyPath: property()] }

  /// `options` with `size` entities.
  ///
  /// - Complexity: O(1).
  @inlinable
  func resized(_ options: Options, to size: Int) -> Options {
    var resized = options
    resized[keyPath: property()] = size
    return resized
  }

  /// The `--set` override that sets the size: `workload.operations=18`.
  @usableFromInline
  func override(_ size: Int) -> String { "\(key)=\(size)" }

  /// What to lower when a run is too large: `workload.users or
  /// workload.filesPerUser`.
  @usableFromInline
  var advice: String {
    var text = key
    for other in alsoLoweredBy { text += " or " + other }
    return text
  }
}

/// A world whose runs are sized by one option, declared once
/// (``sizeOption``): its size, resizing, the size override and the size
/// key of ``ShrinkableWorld`` and ``MemorySizedWorld`` come from it.
@usableFromInline
package protocol OptionSizedWorld: ShrinkableWorld, MemorySizedWorld {
  /// The option that sizes the world's runs.
  static var sizeOption: WorldSizeOption<Options> { get }
}

extension OptionSizedWorld {
  /// The size option's value.
  @inlinable
  package static func size(of options: Options) -> Int { sizeOption.size(of: options) }

  /// The options with the size option set to `size`.
  @inlinable
  package static func resized(_ options: Options, to size: Int) -> Options {
    sizeOption.resized(options, to: size)
  }

  /// `key=size`.
  @usableFromInline
  package static func sizeOverride(_ size: Int) -> String { sizeOption.override(size) }

  /// The size option, and the others that lower a run.
  @usableFromInline
  package static var sizeKey: String { sizeOption.advice }
}
