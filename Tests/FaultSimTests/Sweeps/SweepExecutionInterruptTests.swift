import Synchronization
import Testing

@testable import FaultSim

/// A sweep whose runs are stopped through their watch (a signal in the
/// command line) keeps what finished, reports the rest as not done — not as
/// a failure — and resumes to the table of an uninterrupted sweep.
@Suite struct SweepExecutionInterruptTests {
  @Test func anInterruptedChunkIsNotDoneRatherThanAFailure() throws {
    let sweep = try SweepExecutionTests.sweep()
    let reference = try sweep.table()
    // A check every event: the stop reaches a seed while it runs.
    let watch = RunWatch(interval: 1)
    let execution = SweepExecution(sweep: sweep, chunkSeeds: 3)
    let chunks = Atomic<Int>(0)
    // Only the watch is stopped, as a signal handler might: the execution
    // must still see that its work did not finish.
    let finished = try execution.run(jobs: 2, watch: watch) { _ in
      if chunks.add(1, ordering: .relaxed).newValue == 5 { watch.requestStop() }
    }
    #expect(!finished)
    #expect(execution.isCancelled, "a stopped watch stops the other workers too")
    let checkpoint = execution.partialTable()
    let done = checkpoint.rows.reduce(0) { $0 + $1.ranges.reduce(0) { $0 + $1.count } }
    #expect(UInt64(done) == execution.seedsDone)
    #expect(done >= 15 && done < 80, "\(done) seeds done")
    let reread = try PartialTable(parsing: checkpoint.csv, file: "checkpoint")
    let resumed = try SweepExecution(sweep: sweep, chunkSeeds: 5, resume: reread)
    #expect(try resumed.run(jobs: 2, watch: RunWatch()))
    #expect(resumed.table() == reference)
  }

  @Test func aWatchStoppedBeforeTheSweepRunsNoSeed() throws {
    let sweep = try SweepExecutionTests.sweep()
    let watch = RunWatch()
    watch.requestStop()
    let execution = SweepExecution(sweep: sweep)
    #expect(try !execution.run(jobs: 2, watch: watch))
    #expect(execution.seedsDone == 0)
    #expect(execution.partialTable().rows.isEmpty)
  }
}
