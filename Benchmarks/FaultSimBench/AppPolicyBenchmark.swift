import FaultSim

/// `faultsim-bench app-policy`: an app whose reconcile and completion
/// handler are written against the public API (Layer 1 of issue 11),
/// deciding as the built-in app of the podcast relaunch does, against the
/// built-in app itself. Runs alternate between the two in one process, so
/// the ratio is measured against an in-run baseline; the two must agree on
/// every metric.
///
/// The scenario is the transfer benchmark's podcast relaunch (a blind
/// reconcile) with failures and error pages added, so that every decision
/// of the completion handler is on the path: validation, the move, and the
/// retry from resume data.
struct AppPolicyBenchmark {
  var runs = 10
  var users = 10_000

  func run() throws(BenchmarkError) {
    var options = TransferWorldOptions.podcastRelaunch(users: users, reconcile: .blind)
    options.daemon.failure = 0.1
    options.daemon.errorPage = 0.05
    let builtIn = TransferWorld.makeRunner(options)
    let plugged = CustomTransferWorld<UserEnqueueAll, UserCompletionHandler, BuiltInReconcileJobHandler>.makeRunner(
      .init(
        scenario: options, reconcile: UserEnqueueAll(), completion: UserCompletionHandler(),
        job: BuiltInReconcileJobHandler()))
    var builtInMs: [Double] = []
    var pluggedMs: [Double] = []
    var ratios: [Double] = []
    var events: UInt64 = 0
    do {
      _ = try builtIn.run(999_999, .fifo)
      _ = try plugged.run(999_999, .fifo)
      for seed in 0..<UInt64(runs) {
        // Alternate which goes first, so neither always runs on a warmer cache.
        var pair: [Double] = [0, 0]
        var metrics: [TransferMetrics] = [TransferMetrics(), TransferMetrics()]
        for which in seed.isMultiple(of: 2) ? [0, 1] : [1, 0] {
          let watch = Stopwatch()
          let run = try (which == 0 ? builtIn : plugged).run(seed, .fifo)
          pair[which] = watch.elapsedNanoseconds / 1e6
          metrics[which] = run.metrics
          events = run.summary.events
          blackHole(run.metrics.duplicated)
        }
        guard metrics[0] == metrics[1] else {
          throw BenchmarkError("seed \(seed): the user-written app's metrics differ from the built-in app's")
        }
        builtInMs.append(pair[0])
        pluggedMs.append(pair[1])
        ratios.append(pair[1] / pair[0])
      }
    } catch let error as BenchmarkError {
      throw error
    } catch {
      throw BenchmarkError("the app-policy benchmark failed: \(error)")
    }
    print(
      "podcast relaunch with failures and error pages: \(users) users x 10 episodes per run, \(events) events;"
        + " \(runs) runs of each app, alternating")
    print("                        " + Percentiles.header + "  samples")
    print("ms, built-in app        " + Percentiles(builtInMs).formatted(decimals: 2) + String(runs).leftPadded(to: 9))
    print("ms, user-written app    " + Percentiles(pluggedMs).formatted(decimals: 2) + String(runs).leftPadded(to: 9))
    print("user / built-in         " + Percentiles(ratios).formatted(decimals: 3) + String(runs).leftPadded(to: 9))
    print("metrics identical on every seed: yes")
  }
}

/// Seed 000's enqueueAll, written as a user writes a reconcile: every
/// wanted episode the app does not have is enqueued, running or not.
struct UserEnqueueAll: TransferReconciler {
  var name: String { "blind" }

  func reconcile(
    _ file: AppFile, listed: ArraySlice<TransferTaskSnapshot>, _ context: inout DecisionContext
  ) -> ReconcileAction {
    file.row.wanted && !file.isPresent && file.row.state != .failed ? .enqueue : .leave
  }
}

/// The careful completion handler, written out: validate by status,
/// length and checksum, move in the delegate, keep an upload's staging
/// file after a 413, retry a failure from its resume data.
struct UserCompletionHandler: TransferCompletionHandler {
  func downloadFinished(
    _ download: FinishedDownload, of file: AppFile, _ context: inout DecisionContext
  ) -> DownloadDecision {
    guard download.status == 200, download.hasExpectedLength, download.matchesChecksum else {
      return .discard(retry: download.isCurrent && file.row.wanted)
    }
    return .moveInDelegate
  }

  func uploadRejected(
    _ upload: RejectedUpload, of file: AppFile, _ context: inout DecisionContext
  ) -> UploadRejectionDecision {
    UploadRejectionDecision(deletesStaging: false, row: .failed)
  }

  func transferInterrupted(
    _ interruption: TransferInterruption, of file: AppFile, _ context: inout DecisionContext
  ) -> InterruptionDecision {
    switch interruption.reason {
    case .failed: return file.row.wanted ? .retry(usingResumeData: true) : .leave
    case .cancelledByForceQuit: return file.row.wanted && !file.isPresent ? .retry(usingResumeData: false) : .leave
    case .cancelledByApp: return .mark(.failed)
    }
  }
}
