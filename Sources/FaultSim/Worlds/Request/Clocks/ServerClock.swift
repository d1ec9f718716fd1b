/// How the server dates a Retry-After (clocks that disagree):
/// with ``ServerOptions/RetryAfterFormat/httpDate`` every delay leaving
/// the server becomes a date on its clock; with `seconds` nothing changes.
@usableFromInline
struct RetryAfterDating: Sendable {
  /// The server's clock when it writes dates; `nil` writes delays.
  @usableFromInline
  let clock: ClockOptions?

  /// The dating of `server`'s options.
  @inlinable
  init(_ server: ServerOptions) {
    clock = server.retryAfterFormat == .httpDate ? server.clock : nil
  }

  /// `response` as it leaves the server now: a Retry-After delay becomes
  /// the date ⌊(server clock now + delay) / 1 s⌋, in seconds after the
  /// ``HTTPDate`` epoch, sent with the `Date` header ⌊server clock now /
  /// 1 s⌋.
  ///
  /// - Complexity: O(1).
  @inlinable
  @inline(__always)
  func dated(_ response: ResponseMessage, now: VirtualTime) -> ResponseMessage {
    guard let clock, case .retryAfter(let delay) = response.content else { return response }
    var dated = response
    dated.content = .retryAfterDate(
      RetryAfterDate(
        seconds: Self.date(clock, now: now, delay: delay), dateHeader: Self.date(clock, now: now, delay: .zero)))
    return dated
  }

  /// ⌊(the clock's reading at `now` + `delay`) / 1 s⌋.
  @inlinable
  static func date(_ clock: ClockOptions, now: VirtualTime, delay: VirtualDuration) -> Int64 {
    let reading = clock.reading(at: now, offset: clock.offset)
    let target = reading.addingReportingOverflow(Int64(clamping: delay.nanoseconds))
    return HTTPDate.floorDivide(target.overflow ? Int64.max : target.partialValue, 1_000_000_000)
  }
}
