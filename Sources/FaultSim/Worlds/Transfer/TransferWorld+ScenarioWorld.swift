extension TransferWorld: SimulatedWorld, WorldModel {
  /// Runs as a simulation of the world.
  public static var engine: WorldEngine<Self> { .simulating }
  /// The options a scenario file gives the world.
  public typealias Options = TransferWorldOptions
  /// What a run measures.
  public typealias Metrics = TransferMetrics
  /// Each entity's final state, in entity order.
  public typealias FinalState = EntityStates<TransferFileOutcome>

  /// The world's draw purposes: its fault and race kinds.
  public typealias Draws = TransferDraw

  /// The name scenario files use in `"world"`.
  @usableFromInline package static var name: String { "transfer" }

  /// The world is the model its runs run (see `RequestWorld`'s comment).
  @usableFromInline
  static func model(_ options: TransferWorldOptions) -> TransferWorld {
    TransferWorld(options)
  }
}

extension TransferWorld: ProbedWorld {
  @usableFromInline package static func repeating(_ options: TransferWorldOptions) -> TransferWorldOptions? {
    var repeated = options
    repeated.lifecycle.relaunches = options.lifecycle.relaunches * 2
    return repeated
  }

  @usableFromInline package static var repeatedOperation: String {
    "the user reopens the app twice in a row (the relaunch reconcile runs twice)"
  }
}

extension TransferWorld: MemorySizedWorld {
  @usableFromInline package static func estimatedBytes(_ options: TransferWorldOptions) -> UInt64 {
    recordBytes(options)
  }
}

extension TransferWorld: OptionSizedWorld {
  /// Runs are sized by their users; fewer files per user also lowers them.
  @usableFromInline package static var sizeOption: WorldSizeOption<TransferWorldOptions> {
    WorldSizeOption("workload.users", \.workload.users, alsoLoweredBy: ["workload.filesPerUser"])
  }
}

extension TransferWorld: ShrinkableWorld {
  /// The user a fault concerns (faults are keyed by file or by user).
  static func user(of fault: DrawKey, filesPerUser: Int) -> UInt64 {
    fault.purpose == TransferDraw.forceQuit.purpose ? fault.entity : fault.entity / UInt64(max(1, filesPerUser))
  }

  @usableFromInline package static func describe(fault: DrawKey, options: TransferWorldOptions) -> String {
    let perUser = UInt64(max(1, options.workload.filesPerUser))
    let file = "u\(fault.entity / perUser)/f\(fault.entity % perUser)"
    switch TransferDraw(rawValue: fault.purpose.rawValue) {
    case .failure: return "\(file)#\(fault.ordinal) fails part-way"
    case .resumeData: return "\(file)#\(fault.ordinal) fails without resume data"
    case .content: return "\(file)#\(fault.ordinal) delivers bad content"
    case .rejection: return "\(file)#\(fault.ordinal): the server rejects the upload with 413"
    case .userCancel: return "\(file): the user cancels it"
    case .forceQuit: return "user \(fault.entity): force-quits the app"
    default: return "\(file): fault \(fault.purpose)"
    }
  }

  @usableFromInline package static func traceTags(for faults: [DrawKey], options: TransferWorldOptions) -> [String] {
    var tags: [String] = []
    for fault in faults {
      let user = user(of: fault, filesPerUser: options.workload.filesPerUser)
      if !tags.contains("app#\(user)") { tags += ["app#\(user)", "daemon#\(user)"] }
    }
    return tags
  }

  @usableFromInline package static func minimumSize(keeping faults: [DrawKey], options: TransferWorldOptions) -> Int {
    Int(faults.map { user(of: $0, filesPerUser: options.workload.filesPerUser) }.max() ?? 0) + 1
  }
}
