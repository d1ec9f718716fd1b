import Testing

@testable import FaultSim

/// The sizes the hot paths were measured with: events fit the queue's
/// 24-byte entries, a daemon task fills one cache line; in their
/// line-aligned tables the app's records share a line without spanning
/// two.
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
    #expect(MemoryLayout<AppFileRecord>.stride == 32)
    #expect(MemoryLayout<RegistryRow>.size == 12)
    #expect(MemoryLayout<DaemonFileRecord>.stride == 8)
    #expect(MemoryLayout<AppLifecycle>.stride == 32)
  }
}
