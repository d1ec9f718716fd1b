/// The router's part for your server code: a handler's answer goes back
/// through the same path as the server's, and a crash resets the
/// connections of the requests its process was handling.
extension RequestWorldModel {
  /// Carries out what your server's handlings posted: the worker each one
  /// held takes the next queued request.
  @inlinable
  mutating func carryOut(_ work: ServerWork, _ context: inout SimulationContext<RequestEvent>) throws(SimulationError) {
    let request: RequestMessage
    switch work {
    case .answer(let answered, let response):
      request = answered
      client.requestAnswered(Int(request.operation))
      try answer(server.dating.dated(response, now: context.now), to: request, &context)
    case .reset(let cut):
      request = cut
      client.requestAnswered(Int(request.operation))
      try reply(Self.connectionReset(request), to: request, failingAt: context.now, &context)
    }
    if let next = RequestServer.nextQueued(in: &server) { try process(next, &context) }
    foldIfDone(Int(request.operation))
  }
}
