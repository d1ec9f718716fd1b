import Testing

@testable import FaultSim

@Suite struct VirtualTimeTests {
  @Test func arithmeticThatWouldOverflowThrows() throws {
    let late = VirtualTime(nanoseconds: .max - 5)
    #expect(throws: ClockOverflow.self) { try late.advanced(by: .nanoseconds(6)) }
    #expect(try late.advanced(by: .nanoseconds(5)).nanoseconds == .max)
    #expect(VirtualDuration.seconds(3) == VirtualDuration(nanoseconds: 3_000_000_000))
    #expect(VirtualDuration.hours(2) == .minutes(120))
    #expect(throws: ClockOverflow.self) { try VirtualDuration.nanoseconds(.max).adding(.nanoseconds(1)) }
    #expect(throws: ClockOverflow.self) { try VirtualDuration(.seconds(-1)) }
  }

  @Test func overflowMessagesSayWhatToChange() {
    do {
      _ = try VirtualTime(nanoseconds: .max).advanced(by: .nanoseconds(1))
      Issue.record("expected an overflow")
    } catch {
      #expect(error.description.contains("584 years"))
      #expect(error.description.contains("use shorter durations"))
    }
  }

  @Test func modelArithmeticReportsOverflowAsTheRunsError() throws {
    let now = VirtualTime(nanoseconds: 1_500_000_000)
    #expect(try now + .milliseconds(250) == VirtualTime(nanoseconds: 1_750_000_000))
    #expect(try VirtualDuration.seconds(1) + .milliseconds(5) == .milliseconds(1_005))
    #expect(now.distance(to: VirtualTime(nanoseconds: 1_000_000_000)) == .milliseconds(500))
    #expect(VirtualTime(nanoseconds: 1_000_000_000).distance(to: now) == .milliseconds(500))
    let late = VirtualTime(nanoseconds: .max - 5)
    #expect(try late + .nanoseconds(5) == VirtualTime(nanoseconds: .max))
    do {
      _ = try late + .nanoseconds(6)
      Issue.record("expected an overflow")
    } catch {
      guard case .clockOverflow(let overflow) = error else {
        Issue.record("expected a clock overflow, got \(error)")
        return
      }
      #expect(overflow.operation == "\(late) + 6ns")
    }
    #expect(throws: SimulationError.self) { try VirtualDuration.nanoseconds(.max) + .nanoseconds(1) }
  }

  @Test func durationsConvertFromSwiftDurations() throws {
    #expect(try VirtualDuration(.milliseconds(1_500)).nanoseconds == 1_500_000_000)
    #expect(try VirtualDuration(.nanoseconds(7)).nanoseconds == 7)
    #expect(VirtualDuration.milliseconds(80).duration == .milliseconds(80))
  }

  @Test func timesAndDurationsPrintWithoutALocale() throws {
    #expect(VirtualTime(nanoseconds: 1_234_567_891).description == "1.234567s")
    #expect(VirtualDuration.nanoseconds(850).description == "850ns")
    #expect(VirtualDuration.nanoseconds(12_500).description == "12.5µs")
    #expect(VirtualDuration.milliseconds(80).description == "80ms")
    #expect(VirtualDuration.nanoseconds(1_200_000_000).description == "1.2s")
  }
}
