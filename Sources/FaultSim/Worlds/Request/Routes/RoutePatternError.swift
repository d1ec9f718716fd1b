/// Why a route's path pattern is not one.
struct RoutePatternError: Error, Sendable {
  /// The reason, naming the pattern.
  let message: String

  init(_ message: String) {
    self.message = message
  }
}
