/// The client component's part for your server code: it shares the
/// runtime with the client code, so it takes what the handlings post
/// between jobs, draws the crashes, and hands the router what to carry
/// out (``ServerWork``).
extension CodeClient {
  /// Whether your server code answers the requests.
  @inlinable
  var hasServerCode: Bool { mutating get { serverCode != nil } }

  /// Forgets the previous run's server: a new database, the first process.
  @usableFromInline
  mutating func resetServerCode() {
    guard let serverCode else { return }
    serverCode.reset()
    serverCommands.removeAll(keepingCapacity: true)
    serverWork.removeAll(keepingCapacity: true)
    nextServerWork = 0
  }

  @usableFromInline
  mutating func startHandling(
    _ request: RequestMessage, latestRestart: VirtualTime?, _ context: inout SimulationContext<RequestEvent>
  ) {
    guard let serverCode else { return }
    serverCode.isTracing = context.isTracing
    let before = serverCode.generation
    let (process, ended) = serverCode.start(request, now: context.now, latestRestart: latestRestart)
    for handling in ended { serverWork.append(.reset(handling.message)) }
    if process != before {
      context.trace(
        RequestActor.server, "your server's process \(before) ended at a restart: process \(process) starts")
    }
    context.trace(
      RequestActor.server, "your handler takes up \(serverCode.label(of: request))",
      "op=\(request.operation) seq=\(request.sequence) process=\(process)")
  }

  @usableFromInline
  mutating func serverRestarted(_ context: inout SimulationContext<RequestEvent>) {
    guard let serverCode, serverCode.isRunning else { return }
    let ended = serverCode.endProcess(at: context.now)
    context.trace(
      RequestActor.server,
      "your server's process \(serverCode.generation - 1) ends at a restart (\(ended.count) requests cut)")
    for handling in ended { serverWork.append(.reset(handling.message)) }
  }

  @usableFromInline
  mutating func takeServerWork() -> ServerWork? {
    guard nextServerWork < serverWork.count else {
      serverWork.removeAll(keepingCapacity: true)
      nextServerWork = 0
      return nil
    }
    nextServerWork += 1
    return serverWork[nextServerWork - 1]
  }

  @usableFromInline
  mutating func serverCodeApplied(_ operation: Int) -> Int {
    serverCode?.takeApplied(operation) ?? 0
  }

  /// Carries out what your server's handlings posted: trace lines, crash
  /// points (a keyed draw each) and answers. Returns whether the router
  /// has answers to send or connections to reset.
  @usableFromInline
  mutating func takeServerPosted(_ context: inout SimulationContext<RequestEvent>) -> Bool {
    guard let serverCode else { return false }
    while serverCode.hasCommands {
      serverCode.takeCommands(into: &serverCommands)
      for command in serverCommands {
        switch command {
        case .note(let event, let details):
          context.trace(RequestActor.server, event, details)
        case .crashPoint(let handling, let point, let continuation):
          guard handling.process == serverCode.generation else {
            continuation.resume(throwing: CancellationError())
            continue
          }
          let key = DrawKey(
            CrashPointIdentity(delivery: handling.message.delivery, point: point), RuntimeDraw.serverCrash.purpose)
          guard context.fault(serverCode.code.crashes, key) else {
            continuation.resume()
            continue
          }
          context.trace(
            RequestActor.server,
            "crash: your server's process \(handling.process) dies at crash point \(point) of "
              + "\(serverCode.label(of: handling.message))",
            "op=\(handling.message.operation) seq=\(handling.message.sequence)")
          for ended in serverCode.endProcess(at: context.now) {
            serverWork.append(.reset(ended.message))
          }
          continuation.resume(throwing: CancellationError())
        case .answer(let handling, let response, let failure):
          guard serverCode.finish(handling, response) else { continue }
          let message = handling.message
          if let failure {
            context.trace(
              RequestActor.server, "your handler threw: 500", "op=\(message.operation) error=\(failure)")
          }
          serverWork.append(
            .answer(message, ResponseMessage(answering: message, status: UInt16(clamping: response.status))))
        }
      }
      serverCommands.removeAll(keepingCapacity: true)
    }
    return nextServerWork < serverWork.count
  }
}
