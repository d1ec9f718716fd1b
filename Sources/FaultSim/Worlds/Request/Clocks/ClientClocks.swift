/// The clocks a client's decisions run on (issue 13, clocks that
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

  /// The wait, on the client's clock, until it reads the Retry-After date
  /// `seconds` (after the ``HTTPDate`` epoch): `date − client clock now`,
  /// at least 0. Where agreeing clocks (the client's reading the server's)
  /// would wait differently, the skew is a fault (``RequestDraw/skewedRetryAfter``,
  /// probability 1): suppressed — by the shrinker — the client waits as if
  /// its clock agreed with the server's.
  @usableFromInline
  func wait(
    untilDate seconds: Int64, _ response: ResponseMessage, _ context: inout SimulationContext<RequestEvent>
  ) -> VirtualDuration {
    let operation = Int(response.operation)
    let offset =
      client.spread == .zero
      ? client.offset
      : client.deviceOffset(
        word: context.valueWord(
          DrawKey(OperationIdentity(operation: operation), RequestDraw.clientClockOffset.purpose)))
    let date = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let dateNanoseconds = date.overflow ? (seconds < 0 ? Int64.min : Int64.max) : date.partialValue
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

  /// `date − now` when positive, else 0.
  @inlinable
  static func wait(from now: Int64, until date: Int64) -> VirtualDuration {
    guard date > now else { return .zero }
    let (difference, overflow) = date.subtractingReportingOverflow(now)
    return overflow ? .nanoseconds(UInt64.max) : .nanoseconds(UInt64(difference))
  }
}
