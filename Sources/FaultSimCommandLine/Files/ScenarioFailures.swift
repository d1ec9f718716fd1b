import FaultSim

extension CommandFailure {
  /// A scenario error with the exit status its kind calls for: 66 when the
  /// file cannot be read, 65 when its contents are wrong.
  static func scenario(_ error: ScenarioError) -> CommandFailure {
    switch error.kind {
    case .unreadableInput: return .missingInput(error.description)
    case .invalidData: return .data(error.description)
    }
  }

  /// A run that stopped with an engine error: the scenario asked for
  /// something the engine cannot do (65) — or a signal asked it to stop
  /// (130), which says nothing about the scenario.
  static func simulation(_ error: SimulationError, scenario: String) -> CommandFailure {
    if case .interrupted(let time) = error {
      return .interrupted(
        "\(scenario): interrupted by a signal at virtual time \(time), before the run ended; it has no result")
    }
    return .data("\(scenario): the run stopped: \(error)")
  }
}

extension ArgumentReader {
  /// `--set key.path=value`, documented by `doc` (what it overrides).
  static func overridesOption(_ doc: String) -> ArgumentDeclaration {
    .option("--set", "<key.path=value>", repeatable: true, completion: .keyPaths, doc)
  }

  /// The `--set key.path=value` overrides, in order.
  mutating func overrides(_ option: ArgumentDeclaration) throws(CommandFailure) -> [ScenarioOverride] {
    var overrides: [ScenarioOverride] = []
    for text in try values(option) {
      do {
        overrides.append(try ScenarioOverride(parsing: text))
      } catch {
        throw usageError("--set \(ScenarioOverride.abbreviated(text)): \(error)")
      }
    }
    return overrides
  }

  /// `--order fifo|random:<seed>|<c0,c1,…>`; help shows the default as
  /// replay commands write it.
  static let orderOption = ArgumentDeclaration.option(
    "--order", "<order>", default: .word(ReplayCommand.orderText(.fifo)),
    "How racing events are ordered: fifo, random:<seed>, or a choice sequence such as 0,1,0 (as printed by 'explore'); each choice must be one of its race's alternatives, and there may be no more choices than races."
  )

  /// `--order`: how races are ordered.
  mutating func orderStrategy() throws(CommandFailure) -> OrderStrategy {
    guard let text = try value(Self.orderOption) else { return .fifo }
    if text == "fifo" { return .fifo }
    if text.hasPrefix("random:"), let seed = UInt64(text.dropFirst("random:".count)) {
      return .random(orderSeed: seed)
    }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    var sequence: [Int] = []
    for part in parts {
      guard let choice = Int(part), (0...1_000).contains(choice) else {
        throw usageError(
          "'--order' expects fifo, random:<seed> or a choice sequence such as 0,1,0; got '\(text)'")
      }
      sequence.append(choice)
    }
    return .replay(sequence)
  }
}

extension Argument where Value == [ScenarioOverride] {
  /// Every `--set key.path=value`, in order.
  init(_ declaration: ArgumentDeclaration) {
    self.init(declaration) { arguments, declaration throws(CommandFailure) in try arguments.overrides(declaration) }
  }
}

extension Argument where Value == OrderStrategy {
  /// `--order`: how races are ordered; FIFO when absent.
  init() {
    self.init(ArgumentReader.orderOption) { arguments, _ throws(CommandFailure) in try arguments.orderStrategy() }
  }
}
