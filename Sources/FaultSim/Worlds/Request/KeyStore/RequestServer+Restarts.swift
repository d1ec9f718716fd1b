/// The server's restarts (``RestartOptions``), as its mechanics see them:
/// a request arriving while it is down is refused, and one being processed
/// at a restart instant is lost before its commit. Both are keyed faults
/// with probability 1 under their own purpose (``RequestDraw/serverDown``,
/// ``RequestDraw/requestLostToRestart``), keyed by the delivery, so
/// shrinking can keep the server up for one request. What a restart does
/// to the stored keys is the handler's (the built-in's key store).
extension RequestServer {
  /// Whether `request`, arriving now, finds the server down after a
  /// restart (and is refused: connection refused, provably not applied).
  ///
  /// - Complexity: Amortised O(1).
  @inlinable
  mutating func refusesWhileDown(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>) -> Bool {
    restarts?.advance(to: context.now, context.random)
    guard let restart = restarts?.latest, restarts?.isDown(at: context.now) == true,
      context.fault(1, RequestDraw.serverDown.key(request.delivery))
    else { return false }
    context.trace(
      RequestActor.server, "connection refused: server down since the restart at \(restart)",
      "op=\(request.operation) seq=\(request.sequence)")
    return true
  }

  /// The restart that cuts `request`'s processing, begun now and ending at
  /// `done`, if one comes first (a restart at the commit instant cuts it).
  ///
  /// - Complexity: Amortised O(1).
  @inlinable
  mutating func restartCuts(
    _ request: RequestMessage, before done: VirtualTime, _ context: inout SimulationContext<RequestEvent>
  ) -> VirtualTime? {
    restarts?.advance(to: context.now, context.random)
    guard let restart = restarts?.upcoming, restart <= done,
      context.fault(1, RequestDraw.requestLostToRestart.key(request.delivery))
    else { return nil }
    context.trace(
      RequestActor.server, "lost before commit: server restarts at \(restart)",
      "op=\(request.operation) seq=\(request.sequence)")
    return restart
  }
}
