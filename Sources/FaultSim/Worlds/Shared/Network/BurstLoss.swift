/// Gilbert–Elliott bursty loss: the channel alternates between a good and a
/// bad state, with exponentially distributed sojourn times, and loses each
/// message with the current state's probability.
///
/// The state timeline is a function of the seed alone — sojourn `n` is the
/// keyed draw (channel, burst sojourn, n) — so which state a message meets depends
/// only on when it is sent, never on how other events interleave.
@usableFromInline package struct BurstLoss: Hashable, Sendable {
  /// Mean time in the good state.
  @usableFromInline package var meanGood: VirtualDuration
  /// Mean time in the bad state.
  @usableFromInline package var meanBad: VirtualDuration
  /// Loss probability in the good state (default 0).
  @usableFromInline package var lossGood: Double
  /// Loss probability in the bad state.
  @usableFromInline package var lossBad: Double

  /// A two-state channel: mean sojourns in the good and bad states and their
  /// loss probabilities (none in the good state unless given).
  @usableFromInline package init(
    meanGood: VirtualDuration, meanBad: VirtualDuration, lossGood: Double = 0, lossBad: Double
  ) {
    self.meanGood = meanGood
    self.meanBad = meanBad
    self.lossGood = lossGood
    self.lossBad = lossBad
  }

  /// The long-run fraction of messages lost: the stationary mix of the two
  /// states' loss probabilities.
  @usableFromInline package var averageLoss: Double {
    let good = Double(meanGood.nanoseconds)
    let bad = Double(meanBad.nanoseconds)
    guard good + bad > 0 else { return lossGood }
    return (good * lossGood + bad * lossBad) / (good + bad)
  }
}

/// Walks a ``BurstLoss`` state timeline forward in time. Queries must come
/// in non-decreasing time order, as they do from a run loop.
@usableFromInline package struct BurstLossTimeline: Sendable {
  let model: BurstLoss
  var stream: KeyedStream
  /// Whether the channel is in the bad state during the current sojourn.
  var isBad = false
  /// When the current sojourn ends.
  var sojournEnd = VirtualTime.zero

  /// Starts the timeline in the good state at time zero.
  @usableFromInline package init(_ model: BurstLoss, random: KeyedRandom, channel: UInt64) {
    self.model = model
    stream = random.stream(ChannelIdentity(channel: channel), NetworkDraw.burstSojourn.purpose)
    sojournEnd = VirtualTime(sinceStart: Self.sojourn(model.meanGood, &stream))
  }

  /// The loss probability at time `now`.
  ///
  /// - Complexity: Amortised O(1) per query for monotone queries.
  @usableFromInline package mutating func lossProbability(at now: VirtualTime) -> Double {
    while now >= sojournEnd {
      isBad.toggle()
      let length = Self.sojourn(isBad ? model.meanBad : model.meanGood, &stream)
      // A sojourn lasts at least a nanosecond; past the clock's end the
      // state stays put (saturating: the timeline is not user arithmetic).
      let (end, overflow) = sojournEnd.nanoseconds.addingReportingOverflow(max(length.nanoseconds, 1))
      sojournEnd = VirtualTime(nanoseconds: overflow ? .max : end)
    }
    return isBad ? model.lossBad : model.lossGood
  }

  static func sojourn(_ mean: VirtualDuration, _ stream: inout KeyedStream) -> VirtualDuration {
    LatencyDistribution.exponential(mean: mean).delay(word: stream.next())
  }
}

/// The network's own draw purposes (shared by the worlds that model a
/// network channel).
@usableFromInline package enum NetworkDraw: UInt64, DrawPurposeSet {
  /// The length of a loss channel's n-th sojourn in the good or bad state.
  case burstSojourn = 0x4E45_5401

  /// What the purpose's draws decide.
  @usableFromInline package var role: DrawRole { .timeline }
}

/// One direction or path of the network whose loss state is a timeline
/// of its own.
@usableFromInline package struct ChannelIdentity: DrawIdentity {
  /// The channel's number (0: the one shared channel of the request world).
  @usableFromInline package var channel: UInt64

  /// The identity of channel `channel`'s loss timeline.
  @inlinable
  package init(channel: UInt64) {
    self.channel = channel
  }

  @inlinable package var entity: UInt64 { channel }
  @inlinable package var occurrence: UInt64 { 0 }
}
