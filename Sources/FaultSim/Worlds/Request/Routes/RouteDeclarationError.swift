/// A route that cannot be one: which (its index in `server.routes`), at
/// which of its keys, and why.
struct RouteDeclarationError: Error, Sendable {
  let index: Int
  let key: String
  let message: String
}
