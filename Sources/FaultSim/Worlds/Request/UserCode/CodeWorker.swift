/// A task of the runtime that runs launches of operations' code one after
/// another: when a launch's code returns, its task waits for the next
/// launch instead of ending, and the next launch resumes it instead of
/// creating a task — a task's creation and teardown cost more than the
/// rest of a short launch's bookkeeping.
///
/// To the code a reused task is a fresh one: it is not cancelled (a killed
/// launch's task is cancelled, and never reused), it carries no task-local
/// value of an earlier launch (those are bound around each launch), and
/// resuming it makes one job ready at the launch, where a new task's first
/// job was — so the interleavings, and the traces, are the same.
///
/// The worker holds its launch, not the task's closure, so that an idle
/// worker keeps neither the launch's client nor the world's clients alive
/// (``UserCodeClients/stopIdleWorkers()`` ends the idle tasks).
final class CodeWorker: @unchecked Sendable {
  /// One launch of an operation's code.
  struct Launch {
    /// The operation's code.
    let code: @Sendable (SimulatedClient) async -> ClientOutcome
    /// What the code gets.
    let client: SimulatedClient
    /// How many times it runs in a row.
    let times: Int
    /// Which launch of the operation's code it is.
    let launch: UInt32
    /// Whether the launch's tasks carry their operation
    /// (``UserCodeClients/tasksCarryOperation``).
    let carriesOperation: Bool
  }

  /// The clients whose launches the worker runs: unowned, since they keep
  /// their idle workers (and a weak reference would move every retain of
  /// the clients to a side table). The worker's task touches them only
  /// while it runs a job of the world, which keeps them alive; when they
  /// go, they stop their idle workers, which returns without them.
  unowned let clients: UserCodeClients
  /// The worker's task: what an app kill cancels.
  @exclusivity(unchecked) var task: Task<Void, Never>?
  /// The launch to run next, until the task takes it.
  @exclusivity(unchecked) private var pending: Launch?
  /// Where the idle task waits: resumed with `true` for a new launch (in
  /// ``pending``), `false` to end.
  @exclusivity(unchecked) private var next: UnsafeContinuation<Bool, Never>?

  /// A worker for `clients`, not started.
  init(clients: UserCodeClients) {
    self.clients = clients
  }

  /// Hands `launch` to the worker and makes its task ready: the first
  /// launch of a new worker before its task is spawned, later ones to the
  /// idle task.
  ///
  /// - Complexity: O(1).
  func start(_ launch: Launch) {
    pending = launch
    next.take()?.resume(returning: true)
  }

  /// Ends an idle worker's task: it returns at its next job.
  func stop() {
    next.take()?.resume(returning: false)
  }

  /// The task's body: runs launches until the worker is stopped, or its
  /// task is cancelled (a killed launch: the task ends with it).
  static func work(_ worker: CodeWorker) async {
    repeat {
      await worker.runPending()
      if Task.isCancelled { return }
    } while await worker.park()
  }

  /// Runs the pending launch, dropping it (and its client) on return.
  /// Inlined: each async frame costs two executor switches per launch.
  @inline(__always)
  private func runPending() async {
    guard let launch = pending.take() else { return }
    let operation = launch.client.operation
    if launch.carriesOperation {
      // With an app object, the tasks the code creates inherit the
      // operation: the app's transport sends their requests as this
      // operation's. Without one nothing reads it, and a task-local value
      // costs an allocation per launch.
      await RunningOperation.$current.withValue(RunningOperation(operation: operation, launch: launch.launch)) {
        await UserCodeClients.run(
          launch.code, launch.client, times: launch.times, operation: operation, launch: launch.launch)
      }
    } else {
      await UserCodeClients.run(
        launch.code, launch.client, times: launch.times, operation: operation, launch: launch.launch)
    }
  }

  /// Waits, idle, for the next launch: `false` when the worker is to end.
  private func park() async -> Bool {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Bool, Never>) in
      next = continuation
      clients.idle(self)
    }
  }
}
