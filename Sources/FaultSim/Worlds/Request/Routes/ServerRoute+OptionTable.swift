/// `server.routes` in a scenario file: an array of routes, each read by the
/// same fields the docs and the schema list.
extension ServerRoute {
  /// `method`: the request method the route matches.
  static let methodField = OptionField<String>(
    "method", "`GET`, `HEAD`, `POST`, `PUT`, `PATCH`, `DELETE`, `OPTIONS`, or `*` for any", type: .string,
    reading: { reader, key, fallback throws(ScenarioError) in try reader.string(key, default: fallback) },
    literal: { .string($0) })
  /// `path`: the pattern.
  static let pathField = OptionField<String>(
    "path", "the path pattern: `/orders/{order}/items/{item}`; a last `*` matches any rest", type: .string,
    reading: { reader, key, fallback throws(ScenarioError) in try reader.string(key, default: fallback) },
    literal: { .string($0) })
  /// `behaviour`: what the server does.
  static let behaviourField = OptionField<Behaviour>.choice(
    "behaviour",
    "`order` (the operation's order: writes apply it, GET/HEAD ask whether it was applied), `read`, "
      + "`idempotent-write` (applied each time, never a duplicate) or `write` (its own ledger per resource and "
      + "operation: applied twice is a duplicate)")
  /// `status`: the success status.
  static let statusField = OptionField<Int>.integer(
    "status", in: 200...299, "the status of a successful answer (default: 201 for `order` and `write`, else 200)")
  /// `body`: the success body's template.
  static let bodyField = OptionField<String>(
    "body",
    "the body of a successful answer; `{id}` is the id the server assigned to the write, `{name}` a path parameter "
      + #"(default: `{"order": {id}}` for `order`, `{"id": {id}}` for `write`, else empty)"#, type: .string,
    reading: { reader, key, fallback throws(ScenarioError) in try reader.string(key, default: fallback) },
    literal: { .string($0) })

  /// `server.routes`, as the docs and the schema describe it.
  static let optionDescription = OptionDescription(
    key: "routes",
    summary:
      "the server's routes, matched in order, for your code's requests (docs/user-code.md#routes); a request "
      + "matching none gets 404",
    type: .array(
      .object(
        OptionObject(keys: [
          methodField.description(default: .required), pathField.description(default: .required),
          behaviourField.description(default: .required), statusField.description(default: .absent("by behaviour")),
          bodyField.description(default: .absent("by behaviour")),
        ])),
      count: ScenarioLimits.routes),
    defaultValue: .absent("one order route for every request (writes apply the order, GET/HEAD ask about it)"))

  /// Reads `server.routes`, rejecting a bad method, a bad pattern and a
  /// route that repeats an earlier one.
  static func read(_ values: [ScenarioValue], in reader: ScenarioObjectReader) throws(ScenarioError) -> [ServerRoute] {
    guard ScenarioLimits.routes.contains(values.count) else {
      throw reader.error(
        "\(values.count) routes; allowed \(ScenarioLimits.routes.lowerBound)...\(ScenarioLimits.routes.upperBound)",
        key: "routes")
    }
    var routes: [ServerRoute] = []
    var readers: [ScenarioObjectReader] = []
    for value in values {
      let object = try value.object()
      let status = object.contains("status") ? try statusField.read(object, default: nil) : nil
      let body = object.contains("body") ? try bodyField.read(object, default: nil) : nil
      routes.append(
        ServerRoute(
          try methodField.read(object, default: nil), try pathField.read(object, default: nil),
          try behaviourField.read(object, default: nil), status: status, body: body))
      try object.finish()
      readers.append(object)
    }
    if case .failure(let error) = RouteTable.compile(routes) {
      throw readers[error.index].error(error.message, key: error.key)
    }
    return routes
  }

  /// The route as a scenario file writes it.
  var literal: JSONOutput {
    var members: [(key: String, value: JSONOutput)] = [
      Self.methodField.member(method), Self.pathField.member(path), Self.behaviourField.member(behaviour),
    ]
    if let status { members.append(Self.statusField.member(status)) }
    if let body { members.append(Self.bodyField.member(body)) }
    return .object(members)
  }
}
