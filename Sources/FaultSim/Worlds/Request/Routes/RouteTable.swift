/// The server's routes, checked and compiled: what a request of your code
/// matches, in declaration order.
@usableFromInline
struct RouteTable: Sendable {
  /// The methods a route may name (`*` for any).
  static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "*"]

  /// The routes as declared.
  let routes: [ServerRoute]
  /// Their patterns, by index.
  let patterns: [RoutePattern]
  /// Whether any route is the operation's order.
  let hasOrderRoute: Bool

  /// The table of `routes`, or the first reason one is not a route: its
  /// index and key, and the message.
  static func compile(_ routes: [ServerRoute]) -> Result<RouteTable, RouteDeclarationError> {
    var patterns: [RoutePattern] = []
    var seen: [(method: String, shape: [RoutePattern.Segment], index: Int)] = []
    for (index, route) in routes.enumerated() {
      guard methods.contains(route.method) else {
        let upper = route.method.uppercased()
        let hint =
          methods.contains(upper)
          ? " (did you mean '\(upper)'?)"
          : SpellingSuggestion.closest(to: upper, among: methods).map { " (did you mean '\($0)'?)" } ?? ""
        return .failure(
          RouteDeclarationError(
            index: index, key: "method",
            message: "'\(route.method)' is not a method; allowed: \(methods.joined(separator: ", "))\(hint)"))
      }
      let pattern: RoutePattern
      switch RoutePattern.parse(route.path) {
      case .success(let parsed): pattern = parsed
      case .failure(let error):
        return .failure(RouteDeclarationError(index: index, key: "path", message: error.message))
      }
      if let status = route.status, !(200...299).contains(status) {
        return .failure(
          RouteDeclarationError(
            index: index, key: "status", message: "\(status) is not a success status; allowed: 200...299"))
      }
      let shape = pattern.shape
      if let earlier = seen.first(where: { ($0.method == route.method || $0.method == "*") && $0.shape == shape }) {
        return .failure(
          RouteDeclarationError(
            index: index, key: "path",
            message:
              "\(route) repeats route \(earlier.index) (\(routes[earlier.index])), which matches every request it "
              + "would: remove one"))
      }
      seen.append((route.method, shape, index))
      patterns.append(pattern)
    }
    return .success(
      RouteTable(routes: routes, patterns: patterns, hasOrderRoute: routes.contains { $0.behaviour == .order }))
  }

  /// The first route `method` and `path` match, with the request's
  /// resource (the path without its query) and the path's parameters;
  /// `nil` for none.
  ///
  /// - Complexity: O(routes × length of `path`).
  func match(method: String, path: String) -> RouteMatch? {
    let resource = path.firstIndex(of: "?").map { path[..<$0] } ?? path[...]
    for (index, route) in routes.enumerated()
    where route.method == "*" || TransportHeaders.sameName(route.method, method) {
      if let parameters = patterns[index].match(resource) {
        return RouteMatch(
          route: index, resource: String(resource), parameters: parameters.map { (String($0.name), String($0.value)) })
      }
    }
    return nil
  }

  /// `3 routes: POST /token, PUT /orders/{order}/items/{item}, POST /orders`.
  var summary: String {
    "\(routes.count) route\(routes.count == 1 ? "" : "s"): " + routes.map(\.description).joined(separator: ", ")
  }
}

/// A request's route: its index, its resource and its path's parameters.
@usableFromInline
struct RouteMatch: Sendable {
  /// The route's index in the table.
  let route: Int
  /// The path without its query: what the route's ledger is keyed by.
  let resource: String
  /// The path's parameters, in pattern order.
  let parameters: [(name: String, value: String)]
}
