import Testing

@testable import FaultSim

/// The sizes the hot paths were measured with: events fit the queue's
/// 24-byte entries; in their line-aligned tables a daemon task fills one
/// cache line and the per-file and per-device records share one without
/// spanning two.
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
    #expect(MemoryLayout<DaemonFileState>.size == 3)
  }

  @Test func perDeviceRecordsDivideALine() {
    #expect(MemoryLayout<AppLifecycle>.stride == 32)
    #expect(MemoryLayout<DaemonUserState>.size <= DaemonDeviceTable.filesOffset)
  }

  @Test func aDeviceOfTenFilesIsOneLineOfTheDaemonsTable() {
    #expect(DaemonDeviceTable(devices: 3, filesPerDevice: 10).blockSize == 64)
    #expect(DaemonDeviceTable(devices: 3, filesPerDevice: 14).blockSize == 128)
  }
}
