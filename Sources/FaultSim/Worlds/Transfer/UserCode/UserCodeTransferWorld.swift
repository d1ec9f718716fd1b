/// The transfer world with its app written as your code: the OS transfer
/// daemon, the devices' conditions and the scenario's lifecycle are the
/// transfer world's; what the app does at launch, with its background
/// session and with every ending its delegate receives is your
/// ``BackgroundTransferApp``'s.
///
/// Each device runs the scenario's script: the user opens the app (a
/// process starts: a new `App(device:)`, then `launched(.firstLaunch)`),
/// leaves it (suspended: no code runs; sleeps that end meanwhile wait),
/// the system terminates it or the user force-quits it (the process is
/// gone with everything it held in memory; its tasks never run again; a
/// force-quit cancels the session's transfers), and the user opens it
/// again (a new process, `launched(.userOpened)`). Transfers that end
/// while the app is suspended or terminated wake or relaunch it in the
/// background (`launched(.backgroundEvents)`) when the scenario's
/// lifecycle sends launch events. Endings reach the delegate methods one
/// at a time, in the order the daemon delivers them, once the process has
/// connected its session.
///
/// Your code runs on the same deterministic runtime as the request
/// world's user code: the same seed gives the same interleaving, faults
/// and trace in every process, interleavings of ready tasks — the
/// relaunched app's launch code and the deliveries of endings that
/// happened while it was gone, say — are choice points, and work that
/// leaves the simulation stops the run with ``SimulationError/escape(_:)``.
///
/// Make one with ``Scenario/transferWorld(app:)``.
public enum UserCodeTransferWorld<App: BackgroundTransferApp> {
  /// A scenario's transfer world with your app.
  public struct Options: Sendable {
    /// The scenario's options: workload, daemon, lifecycle, conditions,
    /// races.
    @usableFromInline package var scenario: TransferWorldOptions

    /// The options of a world that runs `App` in `scenario`.
    @usableFromInline package init(scenario: TransferWorldOptions) {
      self.scenario = scenario
    }
  }

  /// What runs a scenario of the world: the transfer world's one model and
  /// router, with your app as its app.
  @usableFromInline
  typealias Model = TransferWorldModel<UserCodeTransferApp<App>>

  /// The model of a run of `options`, in its initial state.
  ///
  /// A scenario that needs the built-in app (uploads, a reconcile job,
  /// user cancellations) stops the run's start with
  /// ``SimulationError/model(_:)``; ``Scenario/transferWorld(app:)``
  /// refuses such a scenario earlier.
  @usableFromInline
  static func model(_ options: Options) -> Model {
    let settings = TransferWorld.Settings(options.scenario)
    return Model(settings, app: UserCodeTransferApp(settings))
  }
}
