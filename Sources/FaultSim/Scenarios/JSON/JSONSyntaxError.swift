/// Why a scenario file is not valid JSON, and where.
///
/// The parser stops at the first problem; `location` points at the
/// character that cannot be read (for a trailing comma, at the comma).
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the problem is.
  package var location: ScenarioLocation
  /// What is wrong, phrased so that a person can fix it.
  package var message: String

  /// Creates an error at `location`.
  package init(location: ScenarioLocation, message: String) {
    self.location = location
    self.message = message
  }

  /// `line 12, column 5: trailing comma before '}'`.
  package var description: String { "\(location): \(message)" }
}
