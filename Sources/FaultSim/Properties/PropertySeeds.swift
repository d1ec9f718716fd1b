#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The seeds a property test checks: the ones its code names, unless
/// `FAULTSIM_SEED` or `FAULTSIM_SEEDS` in the environment names others —
/// how a failing seed is rerun without a change to the code
/// (`FAULTSIM_SEED=17 swift test --filter …`).
package enum PropertySeeds {
  /// The variables, in the order they are read: the first that is set and
  /// not empty wins.
  package static let variables = ["FAULTSIM_SEED", "FAULTSIM_SEEDS"]

  /// `seeds`, or the seeds the environment names: `N`, `A..<B` or `A...B`.
  ///
  /// - Parameter value: The environment (the process's by default).
  /// - Throws: `SeedRangeError` whose text names the variable, when its
  ///   value is not a seed or a range.
  /// - Complexity: O(length of the value).
  package static func chosen(
    _ seeds: Range<UInt64>, environment value: (String) -> String? = PropertySeeds.environment
  ) throws(SeedRangeError) -> Range<UInt64> {
    for name in variables {
      guard let text = value(name), !text.isEmpty else { continue }
      do {
        let range = try SeedRange(parsing: text)
        return range.lowerBound..<range.upperBound
      } catch {
        var named = error
        named.text = "\(name)=\(text)"
        throw named
      }
    }
    return seeds
  }

  /// The process environment's value of `name`.
  package static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
