/// The clocks a client's decisions run on (clocks that
/// disagree): its own, on which it measures its timeouts and waits and
/// reads a Retry-After date, and the server's, for the counterfactual of
/// agreeing clocks that the skew fault is judged against.
@usableFromInline
struct ClientClocks: Sendable {
  /// The client's clock (`client.clock`).
  @usableFromInline
  let client: ClockOptions
  /// The server's clock (`server.clock`).
  @usableFromInline
  let server: ClockOptions

  /// The clocks of `options`.
  @inlinable
  init(_ options: RequestWorldOptions) {
    client = options.client.clock
    server = options.server.clock
  }

  /// Clocks that agree with true time.
  @inlinable
  init() {
    client = ClockOptions()
    server = ClockOptions()
  }

  /// The true time a wait of `duration` on the client's clock lasts.
  @inlinable
  @inline(__always)
  func realWait(_ duration: VirtualDuration) -> VirtualDuration {
    client.realDuration(duration)
  }

  /// The wait for the Retry-After `date`, measured on the client's clock.
  ///
  /// With ``ClockOptions/RetryAfterBasis/ownClock``: `date − client clock
  /// now`, at least 0. Where agreeing clocks (the client's reading the
  /// server's) would wait differently, the skew is a fault
  /// (``RequestDraw/skewedRetryAfter``, probability 1): suppressed — by the
  /// shrinker — the client waits as if its clock agreed with the server's.
  ///
  /// With ``ClockOptions/RetryAfterBasis/dateHeader``: `date − Date`, both
  /// on the server's clock, so no skew enters and nothing is a fault.
  ///
  /// - Complexity: O(1).
  @usableFromInline
  func wait(
    until date: RetryAfterDate, _ response: ResponseMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> VirtualDuration {
    let operation = Int(response.operation)
    if client.retryAfterBasis == .dateHeader {
      let wait = VirtualDuration.seconds(UInt64(date.distance))
      context.trace(
        RequestActor.client(operation),
        "Retry-After: \(HTTPDate.format(seconds: date.seconds)) − Date: "
          + "\(HTTPDate.timeOfDay(nanoseconds: date.dateHeader &* 1_000_000_000)) (both server clock): wait \(wait)",
        "seq=\(response.sequence)")
      return wait
    }
    let seconds = date.seconds
    let offset = deviceOffset(operation, &context)
    let product = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let dateNanoseconds = product.overflow ? (seconds < 0 ? Int64.min : Int64.max) : product.partialValue
    let clientNow = client.reading(at: context.now, offset: offset)
    let serverNow = server.reading(at: context.now, offset: server.offset)
    let skewed = Self.wait(from: clientNow, until: dateNanoseconds)
    let agreeing = Self.wait(from: serverNow, until: dateNanoseconds)
    var chosen = skewed
    var suppressed = false
    if skewed != agreeing && !context.permit(RequestDraw.skewedRetryAfter.key(response.delivery)) {
      chosen = agreeing
      suppressed = true
    }
    context.trace(
      RequestActor.client(operation),
      "Retry-After: \(HTTPDate.format(seconds: seconds)) (client clock says "
        + "\(HTTPDate.timeOfDay(nanoseconds: clientNow)), server clock \(HTTPDate.timeOfDay(nanoseconds: serverNow))"
        + "\(suppressed ? "; skew suppressed" : ""): wait \(chosen))",
      "seq=\(response.sequence)")
    return chosen
  }

  /// The clock offset of operation `operation`'s device: the clock's own,
  /// or drawn by operation (``RequestDraw/clientClockOffset``, and
  /// ``RequestDraw/clientClockComponent`` for a preset's mixture), so a
  /// device keeps its clock for all its attempts.
  ///
  /// - Complexity: O(1).
  @inlinable
  func deviceOffset(_ operation: Int, _ context: inout SimulationContext<RequestEvent>) -> Int64 {
    guard client.drawsDeviceOffsets else { return client.offset }
    let identity = OperationIdentity(operation: operation)
    let position = context.valueWord(DrawKey(identity, RequestDraw.clientClockOffset.purpose))
    switch client.preset {
    case .uniform:
      return client.deviceOffset(word: position)
    case .phonesMeasured:
      let component = context.valueWord(DrawKey(identity, RequestDraw.clientClockComponent.purpose))
      return client.offset &+ ClockOptions.PhonesMeasured.offset(component: component, position: position)
    }
  }

  /// `date − now` when positive, else 0.
  @inlinable
  static func wait(from now: Int64, until date: Int64) -> VirtualDuration {
    guard date > now else { return .zero }
    let (difference, overflow) = date.subtractingReportingOverflow(now)
    return overflow ? .nanoseconds(UInt64.max) : .nanoseconds(UInt64(difference))
  }
}
