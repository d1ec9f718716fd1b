/// The retry lesson's world on the engine: one client places one order
/// (`kitap`) through a network that loses chosen messages, with a server
/// ledger, a timeout and an attempt budget. No backoff: the lesson does not
/// model waiting.
///
/// Which messages are lost is given per attempt (the lesson's "first N
/// responses are lost", and the two worlds of seed 004), or drawn with a
/// probability from the run's keyed randomness.
package struct SingleOrderWorld: SimulationModel {
  /// The world's parameters.
  package struct Configuration: Hashable, Sendable {
    /// Attempts the client may make.
    package var budget: Int = 3
    /// The idempotency key the order carries, if any.
    package var key: String?
    /// Attempts (1-based) whose request is lost on the way to the server.
    package var lostRequests: Set<Int> = []
    /// Attempts (1-based) whose response is lost on the way back.
    package var lostResponses: Set<Int> = []
    /// Probability that a response not listed above is lost (keyed draw).
    package var responseLoss: Double = 0
    /// One-way latency.
    package var latency = VirtualDuration.milliseconds(20)
    /// How long the client waits for a response.
    package var timeout = VirtualDuration.seconds(1)
    /// Whether the server skips a repeated keyed write.
    package var serverHonoursKeys = true

    package init(
      budget: Int = 3, key: String? = nil, lostRequests: Set<Int> = [], lostResponses: Set<Int> = [],
      responseLoss: Double = 0, serverHonoursKeys: Bool = true
    ) {
      self.budget = budget
      self.key = key
      self.lostRequests = lostRequests
      self.lostResponses = lostResponses
      self.responseLoss = responseLoss
      self.serverHonoursKeys = serverHonoursKeys
    }
  }

  /// What the client saw of one attempt.
  package enum Observation: Hashable, Sendable, CustomStringConvertible {
    case success
    case failure(AttemptFailure)

    package var description: String {
      switch self {
      case .success: return "success"
      case .failure(let failure): return failure.description
      }
    }
  }

  package enum Event: BitwiseCopyable {
    case send(attempt: Int)
    case arrive(attempt: Int)
    case respond(attempt: Int)
    case timeout(attempt: Int)
  }

  static let item = "kitap"

  package let configuration: Configuration
  /// The server's ledger.
  package private(set) var ledger: Ledger
  /// Attempts made.
  package private(set) var attempts = 0
  /// What the client saw, one entry per resolved attempt.
  package private(set) var observations: [Observation] = []
  private var budget: AttemptBudget
  private var resolved = false

  package init(_ configuration: Configuration) {
    self.configuration = configuration
    ledger = Ledger(honoursKeys: configuration.serverHonoursKeys)
    budget = AttemptBudget(configuration.budget)
  }

  package mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError) {
    try context.schedule(.send(attempt: 1), at: .zero)
  }

  package mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError) {
    switch event {
    case .send(let attempt):
      budget.spend()
      attempts = attempt
      let lost = configuration.lostRequests.contains(attempt)
      context.traceMessage(
        from: "client", to: "server", "request attempt \(attempt)", lost: lost,
        "key=\(configuration.key ?? "-")")
      if !lost {
        try context.schedule(.arrive(attempt: attempt), after: configuration.latency)
      }
      try context.schedule(.timeout(attempt: attempt), after: configuration.timeout)
    case .arrive(let attempt):
      let applied = ledger.place(Self.item, key: configuration.key)
      context.trace("server", applied ? "apply order" : "skip repeated key", "ledger=\(ledger)")
      let lost =
        configuration.lostResponses.contains(attempt)
        || context.fault(
          configuration.responseLoss,
          DrawKey(MessageIdentity(operation: 0, sequence: UInt32(attempt)), LessonDraw.responseLoss.purpose))
      context.traceMessage(from: "server", to: "client", "response attempt \(attempt)", lost: lost)
      if !lost {
        try context.schedule(.respond(attempt: attempt), after: configuration.latency)
      }
    case .respond(let attempt):
      guard !resolved, attempt == attempts else { return }
      resolved = true
      observations.append(.success)
      context.trace("client", "success on attempt \(attempt)")
    case .timeout(let attempt):
      guard !resolved, attempt == attempts else { return }
      observations.append(.failure(.timeout))
      if AttemptFailure.timeout.isRetryable && budget.allowsAttempt {
        context.trace("client", "timeout, retry")
        try context.schedule(.send(attempt: attempt + 1), after: .zero)
      } else {
        resolved = true
        context.trace("client", "timeout, give up")
      }
    }
  }

  /// Runs the world once and returns its final state.
  package static func run(_ configuration: Configuration, seed: UInt64 = 0) throws(SimulationError) -> SingleOrderWorld
  {
    var simulation = Simulation(model: SingleOrderWorld(configuration))
    _ = try simulation.run(seed: seed)
    return simulation.model
  }
}

/// The lesson world's draw purposes: its one order's lost responses, by
/// attempt.
package enum LessonDraw: UInt64, DrawPurposeSet {
  case responseLoss = 0x5110_0001

  package var role: DrawRole { .fault }
}
