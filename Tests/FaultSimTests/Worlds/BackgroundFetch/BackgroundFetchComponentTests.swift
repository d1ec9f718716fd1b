import Testing

@testable import FaultSim

/// The background fetch world's components on their own: the system's
/// fetch scheduling and the app's content.
@Suite struct BackgroundFetchComponentTests {
  static let horizon = VirtualTime(nanoseconds: 86_400_000_000_000)

  @Test func theSystemExpiresAFetchWokenOfflineAndAdaptsItsInterval() {
    var options = BackgroundFetchWorldOptions()
    options.fetch.interval.minimum = .minutes(15)
    options.fetch.interval.maximum = .hours(1)
    var system = BackgroundFetchSystem(options)
    system.addDevice()
    var conditions = DeviceConditions(horizon: Self.horizon)
    conditions.network = NetworkTimeline([.init(start: .zero, availability: .offline)], horizon: Self.horizon)
    let run = system.startRun(0, work: .seconds(2), at: .zero, in: conditions)
    #expect(run.ending == .expiredByConditions(.offline) && run.end == .zero)
    #expect(system.endRun(0) == run)
    #expect(system.endRun(0) == nil, "a run ends once")
    #expect(system.adapt(0, to: .failed) == .minutes(30))
    #expect(system.adapt(0, to: .killed) == .hours(1), "capped at the maximum")
    #expect(system.adapt(0, to: .newData) == .minutes(30))
    #expect(system.counts.failed == 2 && system.counts.killed == 1 && system.counts.newData == 1)
  }

  @Test func theAppReceivesTheServersItemsInOrderWithTheirStaleness() throws {
    var server = ContentServer()
    server.arrivals = [[.init(nanoseconds: 1_000), .init(nanoseconds: 5_000), .init(nanoseconds: 9_000)]]
    var app = FetchingApp(BackgroundFetchWorldOptions())
    app.addDevice()
    #expect(server.itemsEnd(for: 0, atOrBefore: .init(nanoseconds: 6_000), from: 0) == 2)
    try app.receive(0, upTo: 2, at: .init(nanoseconds: 6_000), from: server, via: .backgroundFetch)
    try app.receive(0, upTo: 3, at: .init(nanoseconds: 10_000), from: server, via: .foregroundRefresh)
    #expect(app.delivered(of: 0) == 3)
    #expect(app.counts.deliveredInBackground == 2 && app.counts.deliveredOnOpen == 1)
    #expect(app.counts.staleness.count == 3)
    #expect(app.completionResult(itemsReceived: 0) == .noData && app.completionResult(itemsReceived: 2) == .newData)
  }
}
