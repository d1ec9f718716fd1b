import Testing

@testable import FaultSim

/// The built-in relaunch reconcile policies as decisions per registry row
/// (seed 000's enqueueAll and enqueueIfMissing, seed 001's state
/// reconcile).
@Suite struct ReconcileDecisionTests {
  /// A row of `state`, and whether `getAllTasks` lists a task for it.
  struct Row {
    var file: AppFile
    var listed: Bool

    init(state: RegistryRow.State, wanted: Bool, present: Bool, listed: Bool) {
      var row = RegistryRow()
      row.state = state
      row.wanted = wanted
      file = AppFile(identity: FileIdentity(file: 0), row: row, isPresent: present)
      self.listed = listed
    }
  }

  @Test func eachPolicyDecidesFromTheRowAndTheDaemonsList() {
    let missing = Row(state: .active, wanted: true, present: false, listed: false)
    let running = Row(state: .active, wanted: true, present: false, listed: true)
    let present = Row(state: .done, wanted: true, present: true, listed: false)
    let failed = Row(state: .failed, wanted: true, present: false, listed: false)
    let unwanted = Row(state: .none, wanted: false, present: false, listed: false)
    let queued = Row(state: .queued, wanted: true, present: false, listed: true)
    let table: [(ReconcilePolicy, [ReconcileAction])] = [
      (.blind, [.enqueue, .enqueue, .leave, .leave, .leave, .enqueue]),
      (.byIdentifier, [.enqueue, .leave, .leave, .leave, .leave, .leave]),
      // `state` resets active rows the daemon does not list (with an empty
      // list, SQLite's `NOT IN ()` matches them all), then enqueues queued
      // rows, whatever runs.
      (.state, [.resetAndEnqueue, .leave, .leave, .leave, .leave, .enqueue]),
    ]
    for (policy, expected) in table {
      let decisions = [missing, running, present, failed, unwanted, queued].map {
        policy.action(for: $0.file, isListed: $0.listed)
      }
      #expect(decisions == expected, "\(policy)")
    }
  }
}
