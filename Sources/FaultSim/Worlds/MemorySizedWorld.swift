/// A world that can say how much memory one simulation of given options
/// holds, so that a sweep or exploration too large for the machine is
/// refused up front with the option to lower.
@usableFromInline
package protocol MemorySizedWorld: ScenarioWorld {
  /// About how many bytes one simulation of these options holds.
  static func estimatedBytes(_ options: Options) -> UInt64

  /// The option to lower when a simulation is too large, for messages:
  /// `workload.operations`.
  static var sizeKey: String { get }
}
