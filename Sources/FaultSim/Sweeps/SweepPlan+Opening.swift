/// Generic work on the plan of a sweep, whichever world its scenario
/// names: what ``SweepRequest/open(file:bytes:limits:_:)`` calls once the
/// world is known.
package protocol SweepPlanVisitor {
  /// What the visit returns.
  associatedtype Result
  /// What the visit throws; a plan that cannot be made is one too.
  associatedtype Failure: Error

  /// Does the work for the plan of one world.
  mutating func visit<World: PluggableWorld>(_ plan: SweepPlan<World>) throws(Failure) -> Result

  /// The failure for a plan that cannot be made.
  func failure(_ error: SweepPlanError) -> Failure
}

extension SweepRequest {
  /// Reads cell 0 of the scenario to learn its world, makes the plan of
  /// that world (reading every other cell once) and hands it to `visitor`.
  ///
  /// - Parameters:
  ///   - file: The scenario file's name, for messages and digests.
  ///   - bytes: The scenario file's bytes.
  ///   - limits: The jobs and the memory budget the plan is checked
  ///     against.
  /// - Complexity: O(cells × size of the scenario), then the visit.
  package func open<Visitor: SweepPlanVisitor>(
    file: String, bytes: [UInt8], limits: SweepRequest.Limits, _ visitor: inout Visitor
  ) throws(Visitor.Failure) -> Visitor.Result {
    let first: Scenario
    do {
      first = try Scenario.parse(bytes: bytes, file: file, overrides: overrides(ofCell: 0))
    } catch {
      throw visitor.failure(.sweep(.scenario(error)))
    }
    var opener = SweepPlanOpener(
      request: self, file: file, bytes: bytes, first: first, limits: limits, visitor: visitor)
    defer { visitor = opener.visitor }
    return try first.world.open(&opener)
  }
}

/// Opens cell 0's world and makes the plan of that world.
struct SweepPlanOpener<Visitor: SweepPlanVisitor>: WorldVisitor {
  typealias Result = Visitor.Result
  typealias Failure = Visitor.Failure

  let request: SweepRequest
  let file: String
  let bytes: [UInt8]
  let first: Scenario
  let limits: SweepRequest.Limits
  var visitor: Visitor

  mutating func visit<World: PluggableWorld>(
    _ world: World.Type, _ options: World.Options
  ) throws(Visitor.Failure) -> Visitor.Result {
    let plan: SweepPlan<World>
    do {
      plan = try SweepPlan(request, file: file, bytes: bytes, first: (first, options), limits: limits)
    } catch {
      throw visitor.failure(error)
    }
    return try visitor.visit(plan)
  }
}
