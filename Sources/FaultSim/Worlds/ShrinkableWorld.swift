/// A world whose failing runs can be shrunk (``ScenarioProperty``): it says
/// what a fault means, which trace lines concern it, and how to run fewer
/// entities with the same keyed faults.
@usableFromInline
package protocol ShrinkableWorld: ScenarioWorld {
  /// A person's reading of one fault: "op#17: the response to message 2 is lost".
  static func describe(fault: DrawKey, options: Options) -> String

  /// The words that mark trace lines about the entities of `faults`
  /// (`client#17`, `op=17`), to cut a timeline down to what matters.
  static func traceTags(for faults: [DrawKey], options: Options) -> [String]

  /// How many independent entities (operations, users) the options run.
  static func size(of options: Options) -> Int

  /// The smallest size that keeps every entity `faults` concern.
  static func minimumSize(keeping faults: [DrawKey], options: Options) -> Int

  /// The options with `size` entities: the first `size` of the original,
  /// with the same keyed faults.
  static func resized(_ options: Options, to size: Int) -> Options

  /// The `--set` override that sets the size, e.g. `workload.operations=18`.
  static func sizeOverride(_ size: Int) -> String
}
