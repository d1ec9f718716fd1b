import Testing

@testable import FaultSim

/// The sizes the hot paths were measured with: events fit the queue's
/// 24-byte entries, a daemon task fills one cache line.
@Suite struct ComponentLayoutTests {
  @Test func eventsAreSmallValues() {
    #expect(MemoryLayout<TransferEvent>.stride == 16)
    #expect(MemoryLayout<EventQueueEntry<TransferEvent>>.stride == 24)
    #expect(MemoryLayout<BackgroundFetchEvent>.stride == 12)
  }

  @Test func aDaemonTaskIsOneCacheLine() {
    #expect(MemoryLayout<DaemonTask>.stride == 64)
  }

  @Test func perFileRecordsStaySmall() {
    #expect(MemoryLayout<AppFileRecord>.stride == 48)
    #expect(MemoryLayout<DaemonFileRecord>.stride == 8)
  }
}
