/// The `network` section of a request scenario.
extension NetworkOptions {
  /// The section's keys, in reading order. A `preset` replaces the whole
  /// section first, so keys given explicitly override it.
  static let optionTable = OptionTable<NetworkOptions>([
    .whenPresent(
      OptionField<NetworkPreset>.choice(
        "preset",
        "sets latency, losses and bandwidth (see the presets below); keys given explicitly override it"),
      absent: "none"
    ) { network, preset in network = preset.options },
    .option(.distribution("latency", "one-way latency of every message"), \.latency),
    .option(.probability("requestLoss", "a request never reaches the server (nothing applied)"), \.requestLoss),
    .option(
      .probability("responseLoss", "a response never reaches the client (the write *was* applied)"), \.responseLoss),
    .optionalSection(
      "burstLoss", \.burstLoss, start: BurstLoss(meanGood: .zero, meanBad: .zero, lossBad: 0),
      OptionTable<BurstLoss>([
        .required(
          .duration("meanGood", in: 1...ScenarioLimits.span.upperBound, "mean time in the good state"), \.meanGood),
        .required(
          .duration("meanBad", in: 1...ScenarioLimits.span.upperBound, "mean time in the bad state"), \.meanBad),
        .option(.probability("lossGood", "loss in the good state"), \.lossGood),
        .required(.probability("lossBad", "loss in the bad state"), \.lossBad),
      ]),
      "Gilbert–Elliott bursts on top of the independent losses, in both directions", absent: "none"),
    .custom(keys: { _ in [OfflineWindow.optionDescription] }) { network, reader throws(ScenarioError) in
      if let windows = try reader.array("offline") { network.offline = try OfflineWindow.read(windows, in: reader) }
    },
    .optional(
      .unsigned(
        "bandwidthBytesPerSecond", in: ScenarioLimits.bandwidth, "adds body size ÷ bandwidth to each message"),
      \.bandwidthBytesPerSecond, absent: "unlimited"),
    .option(
      .probability("cannotConnect", "the attempt fails before anything is sent (provably not applied)"),
      \.cannotConnect),
    .option(
      .probability("dnsFailure", "the host name does not resolve: nothing is sent (provably not applied)"),
      \.dnsFailure),
    .option(
      .probability(
        "connectionLost",
        "the connection drops after the request arrived: the client sees \"connection lost\" (ambiguous) "
          + "instead of the response"),
      \.connectionLost),
    // Duplicates, reorders and partitions:
    .option(
      .probability(
        "requestDuplication",
        "a request that gets through is delivered twice: the server sees a second copy `duplicateDelay` later "
          + "(a gateway in front of it takes the copy as another request, with its own tries)"),
      \.requestDuplication),
    .option(
      .probability(
        "responseDuplication", "a response that gets through reaches the client twice (the client ignores the second)"
      ),
      \.responseDuplication),
    .option(
      .distribution("duplicateDelay", "how long after the original a duplicated message's copy arrives"),
      \.duplicateDelay),
    .option(
      .probability(
        "requestReordering", "a request is held back by `reorderDelay`, so a later retry can overtake it"),
      \.requestReordering),
    .option(
      .probability("responseReordering", "a response is held back by `reorderDelay` on top of its latency"),
      \.responseReordering),
    .option(.distribution("reorderDelay", "the extra delay of a held-back message"), \.reorderDelay),
    .custom(keys: { _ in [PartitionWindow.optionDescription] }) { network, reader throws(ScenarioError) in
      if let windows = try reader.array("partitions") {
        network.partitions = try PartitionWindow.read(windows, in: reader)
      }
    },
    .option(
      .choice(
        "partitionSemantics",
        "what becomes of a message sent into a partition: `connection` (TCP retransmits it after the heal, "
          + "unless the client's timeout closed the connection first or the retransmissions ran out) or `drop` "
          + "(lost: the cut kills the connection, as a resetting middlebox, a NAT rebinding or a handover does)"),
      \.partitionSemantics),
  ])
}

extension OfflineWindow {
  /// The window's bounds, as `{"from": …, "until": …}`.
  static let from = OptionField<VirtualDuration>.duration("from", in: ScenarioLimits.span, "the start")
  static let until = OptionField<VirtualDuration>.duration("until", in: ScenarioLimits.span, "the end (after `from`)")

  /// `network.offline`: an array of windows without connectivity.
  static let optionDescription = OptionDescription(
    key: "offline",
    summary: "spans without connectivity; they must not overlap",
    type: .array(
      .object(OptionObject(keys: [from.standaloneDescription, until.standaloneDescription])),
      count: ScenarioLimits.offlineWindows),
    defaultValue: .absent("none"))

  /// Reads the windows of `network.offline`, sorted; rejects too many,
  /// empty and overlapping windows.
  static func read(_ windows: [ScenarioValue], in reader: ScenarioObjectReader) throws(ScenarioError) -> [OfflineWindow]
  {
    guard ScenarioLimits.offlineWindows.contains(windows.count) else {
      throw reader.error(
        "\(windows.count) offline windows; allowed at most \(ScenarioLimits.offlineWindows.upperBound)",
        key: "offline")
    }
    var read: [OfflineWindow] = []
    for value in windows {
      let window = try value.object()
      let start = try from.read(window)
      let end = try until.read(window)
      guard start < end else { throw window.error("'from' must be before 'until'", key: "until") }
      read.append(
        OfflineWindow(
          start: VirtualTime(nanoseconds: start.nanoseconds), end: VirtualTime(nanoseconds: end.nanoseconds)))
    }
    read.sort { $0.start < $1.start }
    for (earlier, later) in zip(read, read.dropFirst()) where later.start < earlier.end {
      throw reader.error(
        "offline windows overlap (\(earlier.start)–\(earlier.end) and \(later.start)–\(later.end)); merge them",
        key: "offline")
    }
    return read
  }
}

extension PartitionWindow {
  /// The window's bounds and direction, as `{"from": …, "until": …, "direction": …}`.
  static let from = OptionField<VirtualDuration>.duration("from", in: ScenarioLimits.span, "the start")
  static let until = OptionField<VirtualDuration>.duration("until", in: ScenarioLimits.span, "the end (after `from`)")
  static let direction = OptionField<Direction>.choice(
    "direction",
    "which messages are cut: `requests` (held or lost before the server), `responses` (the write lands, "
      + "the answer is held or lost) or `both`"
  ).defaulting(to: .both)

  /// `network.partitions`: an array of windows in which the network drops
  /// messages.
  static let optionDescription = OptionDescription(
    key: "partitions",
    summary: "spans in which no message sent in a cut direction gets through (the device does not know); "
      + "they may overlap; `partitionSemantics` says whether it arrives after the heal",
    type: .array(
      .object(
        OptionObject(keys: [
          from.standaloneDescription, until.standaloneDescription, direction.standaloneDescription,
        ])),
      count: ScenarioLimits.offlineWindows),
    defaultValue: .absent("none"))

  /// Reads the windows of `network.partitions`, sorted by start (then
  /// end, then direction, so that equal inputs give equal options); rejects
  /// too many and empty windows.
  static func read(_ windows: [ScenarioValue], in reader: ScenarioObjectReader) throws(ScenarioError)
    -> [PartitionWindow]
  {
    guard ScenarioLimits.offlineWindows.contains(windows.count) else {
      throw reader.error(
        "\(windows.count) partitions; allowed at most \(ScenarioLimits.offlineWindows.upperBound)",
        key: "partitions")
    }
    var read: [PartitionWindow] = []
    for value in windows {
      let window = try value.object()
      let start = try from.read(window)
      let end = try until.read(window)
      let cut = try direction.read(window)
      guard start < end else { throw window.error("'from' must be before 'until'", key: "until") }
      read.append(
        PartitionWindow(
          start: VirtualTime(nanoseconds: start.nanoseconds), end: VirtualTime(nanoseconds: end.nanoseconds),
          direction: cut))
    }
    let order = Direction.allCases
    read.sort {
      ($0.start, $0.end, order.firstIndex(of: $0.direction) ?? 0)
        < ($1.start, $1.end, order.firstIndex(of: $1.direction) ?? 0)
    }
    return read
  }
}
