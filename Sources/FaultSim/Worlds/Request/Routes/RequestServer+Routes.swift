extension RequestServer {
  /// A routed request reached the server and was refused with 409 (its
  /// key in flight on its route): a request received, as the order's
  /// 409 is.
  @inlinable
  mutating func countRefusedRouted(_ request: RequestMessage) {
    requests &+= 1
    if request.marks.isRoutedWriteCall { writeCalls &+= 1 }
  }

  /// What the server does with a routed request that arrives now: refused
  /// while down, else admitted to a worker or the capacity queue like any
  /// request. Its route's key in flight was checked before
  /// (``RouteServer/refuseWhileInFlight(_:_:)``), so the operation's order
  /// in flight does not refuse it.
  @inlinable
  mutating func receiveRouted(_ request: RequestMessage, _ context: inout SimulationContext<RequestEvent>) -> Reception
  {
    if restarts != nil, refusesWhileDown(request, &context) {
      return .refused(
        ResponseMessage(
          operation: request.operation, sequence: request.sequence, status: .transportFailure(.cannotConnect)))
    }
    requests &+= 1
    if request.marks.isRoutedWriteCall { writeCalls &+= 1 }
    if let capacity {
      if busyWorkers < capacity.workers {
        busyWorkers += 1
      } else if queue.count - queueHead < capacity.queueLimit {
        queue.append(request)
        return .queued
      } else {
        overloadRejections &+= 1
        context.trace(RequestActor.server, "503: overloaded", "op=\(request.operation)")
        return .answer(
          dating.dated(
            ResponseMessage(answering: request, status: 503, content: .retryAfter(capacity.retryAfter)),
            now: context.now))
      }
    }
    return .process
  }
}
