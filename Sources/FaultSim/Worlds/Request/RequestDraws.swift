/// The request world's draw purposes, in one place; the raw values are part
/// of the determinism contract (renumbering one changes every result that
/// uses it).
public enum RequestDraw: UInt64, DrawPurposeSet {
  // Arrivals (a timeline drawn up front, by operation).
  /// When the operation starts (its gap in the arrival process).
  case arrival = 0x5201
  // The network, by message.
  /// Whether a request is lost on the way to the server (a fault).
  case requestLoss = 0x5202
  /// Whether the server's response is lost on the way back (a fault).
  case responseLoss = 0x5203
  /// The one-way latency of a request.
  case latencyUp = 0x5204
  /// The one-way latency of a response.
  case latencyDown = 0x5205
  /// Whether the client cannot connect, the request provably never sent (a fault).
  case cannotConnect = 0x5208
  /// Whether the host name does not resolve (a fault).
  case dnsFailure = 0x5209
  /// Whether the connection drops after the request arrived (a fault).
  case connectionLost = 0x520A
  /// Whether a request is lost to the burst state of the channel (a fault).
  case burstRequestLoss = 0x5210
  /// Whether a response is lost to the burst state of the channel (a fault).
  case burstResponseLoss = 0x5211
  // The client, by message.
  /// The random word of the wait before a retry.
  case backoff = 0x5206
  /// Whether a retried keyed write carries a different payload (a client bug; a fault).
  case payloadChange = 0x520F
  // The client, by operation and conflict: the wait after its n-th 412.
  /// The random word of the wait before re-reading after a 412 conflict.
  case conflictBackoff = 0x5212
  // The server, by message.
  /// How long the server takes to process a request.
  case processing = 0x5207
  /// Whether the server fails before committing the write (a fault).
  case failureBeforeCommit = 0x520B
  /// Whether the server commits the write, then fails (a fault).
  case failureAfterCommit = 0x520C
  /// Whether the server rejects the request permanently (a fault).
  case rejection = 0x520D
  /// Whether the server throttles the request with 429 (a fault).
  case throttling = 0x520E
  // Races, by message.
  /// The race of a response with its attempt's timeout.
  case responseVsTimeout = 0x5301
  /// The race of a retry with the commit of the attempt it repeats.
  case retryVsCommit = 0x5302
  /// The race of a retry with its idempotency key's expiry.
  case retryVsKeyExpiry = 0x5303
  // The network duplicates, reorders and partitions (by delivery):
  /// Whether the network delivers a request twice (a fault).
  case requestDuplication = 0x5230
  /// Whether the network delivers a response twice (a fault).
  case responseDuplication = 0x5231
  /// How long after a duplicated request its copy arrives.
  case duplicateDelayUp = 0x5232
  /// How long after a duplicated response its copy arrives.
  case duplicateDelayDown = 0x5233
  /// Whether the network holds a request back, so a later one can overtake it (a fault).
  case requestReordering = 0x5234
  /// Whether the network holds a response back (a fault).
  case responseReordering = 0x5235
  /// The extra delay of a held-back request.
  case reorderDelayUp = 0x5236
  /// The extra delay of a held-back response.
  case reorderDelayDown = 0x5237
  /// Whether a request sent during a partition is cut (a fault of
  /// probability 1): its transmission is lost, and it arrives after the
  /// heal only if its connection survives (`PartitionSemantics`).
  case partitionRequestLoss = 0x5238
  /// Whether a response sent during a partition is cut (a fault of
  /// probability 1), as for requests.
  case partitionResponseLoss = 0x5239
  // Apps killed mid-request (the client's app), by message.
  /// Whether the app is killed while a write attempt is in flight (a fault).
  case appTermination = 0x5250
  /// When within the attempt's timeout the app is killed.
  case terminationTime = 0x5251
  /// How long after the kill the user opens the app again.
  case relaunchAfter = 0x5252
  /// The race of the app's kill with the answer to the write it was sending.
  case appKillVsResponse = 0x530A
  // Intermediaries that retry: the gateway, by delivery (its
  // upstream try `n` is copy `n` of the client's message).
  /// The one-way latency of an upstream try, gateway to server.
  case gatewayLatencyUp = 0x5220
  /// The one-way latency of the server's answer to a try, server to gateway.
  case gatewayLatencyDown = 0x5221
  /// Whether the upstream connection is reset after the server took the try (a fault).
  case upstreamReset = 0x5222
  /// Whether the gateway sends the request upstream again after a failed try
  /// (a fault of probability 1 when its policy retries: the shrinker can
  /// take the retry away).
  case gatewayRetry = 0x5223
  /// The jittered wait before an upstream retry, by the retry's delivery.
  case gatewayBackoff = 0x5224
  /// The race of an answer reaching the gateway with the gateway's timeout
  /// for that try.
  case gatewayResponseVsTimeout = 0x5304
  // Stores that forget:
  /// The gap before the server's n-th random restart (a timeline, by restart).
  case restartInterval = 0x5240
  /// Whether a request arriving while the server is down after a restart is
  /// refused (probability 1; a fault, so shrinking can keep the server up).
  case serverDown = 0x5241
  /// Whether a request being processed at a restart is lost before its
  /// commit (probability 1; a fault).
  case requestLostToRestart = 0x5242
  /// Whether a key stored before a restart (or not replicated by a
  /// failover) is forgotten (probability 1; a fault).
  case keyLostToRestart = 0x5243
  /// Whether a key evicted from an `lru` store is forgotten (probability 1;
  /// a fault).
  case keyEvicted = 0x5244
  /// Whether a retry's key lookup goes to a replica that has not received
  /// the key yet (probability `readFromReplica`; a fault).
  case keyNotReplicated = 0x5245
  /// Which replica a retry's key lookup goes to.
  case replicaChoice = 0x5246
  /// How long a key takes to reach one replica (by operation and replica).
  case replicationLag = 0x5247
  // Key stores like the ones users run:
  /// Which key a sampled (Redis-like) eviction samples, by the storing
  /// delivery and the sample's number within that store's evictions.
  case keySample = 0x5248
  /// How many replica-lag episodes start in a one-minute window (a
  /// timeline, by window).
  case lagSpikeCount = 0x5249
  /// When within its window a replica-lag episode starts (by window and
  /// episode).
  case lagSpikeStart = 0x524A
  /// How long a replica-lag episode lasts (by window and episode).
  case lagSpikeDuration = 0x524B
  // Clocks that disagree:
  /// A device's clock offset within `client.clock.spread` (or within its
  /// component of `client.clock.preset`), by operation.
  case clientClockOffset = 0x5258
  /// Whether the client judged a Retry-After date by its own, skewed clock
  /// where agreeing clocks would have waited differently (a fault with
  /// probability 1, so the shrinker can take the skew away), by the
  /// response's delivery.
  case skewedRetryAfter = 0x5259
  /// Which component of `client.clock.preset`'s mixture a device's clock
  /// offset comes from, by operation.
  case clientClockComponent = 0x525A

  /// What the purpose's draws decide.
  public var role: DrawRole {
    switch self {
    case .arrival: .timeline
    case .latencyUp, .latencyDown, .backoff, .conflictBackoff, .processing: .value
    case .responseVsTimeout, .retryVsCommit, .retryVsKeyExpiry: .race
    case .restartInterval: .timeline
    case .replicaChoice, .replicationLag: .value
    case .keySample: .value
    case .lagSpikeCount, .lagSpikeStart, .lagSpikeDuration: .timeline
    case .serverDown, .requestLostToRestart, .keyLostToRestart, .keyEvicted, .keyNotReplicated: .fault
    case .requestLoss, .responseLoss, .cannotConnect, .dnsFailure, .connectionLost, .burstRequestLoss,
      .burstResponseLoss, .payloadChange, .failureBeforeCommit, .failureAfterCommit, .rejection, .throttling:
      .fault
    case .duplicateDelayUp, .duplicateDelayDown, .reorderDelayUp, .reorderDelayDown: .value
    case .requestDuplication, .responseDuplication, .requestReordering, .responseReordering: .fault
    case .partitionRequestLoss, .partitionResponseLoss: .fault
    case .appTermination: .fault
    case .terminationTime: .value
    case .relaunchAfter: .value
    case .appKillVsResponse: .race
    case .gatewayLatencyUp, .gatewayLatencyDown, .gatewayBackoff: .value
    case .upstreamReset: .fault
    case .gatewayRetry: .fault
    case .gatewayResponseVsTimeout: .race
    case .clientClockOffset, .clientClockComponent: .value
    case .skewedRetryAfter: .fault
    }
  }
}

/// An operation of the workload (an order), by its number: the draws made
/// once per operation, such as its start time.
@usableFromInline package struct OperationIdentity: DrawIdentity {
  /// The operation's number in the workload, `0 ..< operations`.
  @usableFromInline package var operation: Int

  /// The identity of operation `operation`'s draws.
  @inlinable
  package init(operation: Int) {
    self.operation = operation
  }

  @inlinable package var entity: UInt64 { UInt64(operation) }
  @inlinable package var occurrence: UInt64 { 0 }
}

/// One message of one operation: the n-th request the operation's client
/// sent (reads, writes and queries share one sequence), and the server's
/// answer to it. The sequence is the operation's own count, so it depends
/// on that operation's history alone.
public struct MessageIdentity: DrawIdentity {
  /// The operation's number in the workload, `0 ..< operations`.
  public var operation: Int
  /// The message's sequence number within its operation, from 1.
  public var sequence: UInt32

  /// The identity of message `sequence` of operation `operation`.
  @inlinable
  package init(operation: Int, sequence: UInt32) {
    self.operation = operation
    self.sequence = sequence
  }

  @inlinable package var entity: UInt64 { UInt64(operation) }
  @inlinable package var occurrence: UInt64 { UInt64(sequence) }
}

/// One delivery of one message: the message as the client sent it (copy
/// 0) or a copy of it — delivered twice by the network, or sent again by an
/// intermediary on its own. Copy 0 has the ``MessageIdentity``'s keys, so
/// a world without copies draws as before; each copy draws anew.
///
/// With a gateway, the copy numbers the gateway's tries of one request it
/// received, and the network copy tells the client's request apart from
/// the network's second delivery of it, which the gateway takes as a
/// request of its own with tries of its own.
@usableFromInline package struct DeliveryIdentity: DrawIdentity {
  /// The operation's number in the workload, `0 ..< operations`.
  @usableFromInline package var operation: Int
  /// The message's sequence number within its operation, from 1.
  @usableFromInline package var sequence: UInt32
  /// Which delivery: bits 0–6 the copy (0 the original, then 1, 2, …);
  /// bit 7 set for the network's second delivery of the client's message
  /// to a gateway (``RequestMessage/networkCopy``), clear otherwise, so
  /// every world without that combination draws as before.
  @usableFromInline package var copy: UInt8

  /// The identity of delivery `copy` of message `sequence` of `operation`.
  @inlinable
  package init(operation: Int, sequence: UInt32, copy: UInt8) {
    self.operation = operation
    self.sequence = sequence
    self.copy = copy
  }

  /// The copy without the network-copy bit: a gateway's try.
  @inlinable
  package var copyIndex: UInt8 { copy & 0x7F }

  /// 1 for the network's copy of the client's message at a gateway, else 0.
  @inlinable
  package var networkCopy: UInt8 { copy >> 7 }

  @inlinable package var entity: UInt64 { UInt64(operation) }
  @inlinable package var occurrence: UInt64 { UInt64(sequence) | UInt64(copy) << 32 }
}

/// One 412 conflict of one operation: the n-th time its conditional write
/// found a newer version, counted over the operation's whole life (all its
/// submissions). The count is the operation's own, so it depends on that
/// operation's history alone.
@usableFromInline package struct ConflictIdentity: DrawIdentity {
  /// The operation's number in the workload, `0 ..< operations`.
  @usableFromInline package var operation: Int
  /// Which conflict of the operation, from 1.
  @usableFromInline package var conflict: UInt32

  /// The identity of operation `operation`'s `conflict`-th 412.
  @inlinable
  package init(operation: Int, conflict: UInt32) {
    self.operation = operation
    self.conflict = conflict
  }

  @inlinable package var entity: UInt64 { UInt64(operation) }
  @inlinable package var occurrence: UInt64 { UInt64(conflict) }
}

/// One restart of the server: the n-th of its random restart process
/// (from 0), whose gap before it is drawn under this identity.
@usableFromInline package struct RestartIdentity: DrawIdentity {
  /// Which random restart, from 0.
  @usableFromInline package var restart: UInt64

  /// The identity of random restart `restart`.
  @inlinable
  package init(restart: UInt64) {
    self.restart = restart
  }

  @inlinable package var entity: UInt64 { restart }
  @inlinable package var occurrence: UInt64 { 0 }
}

/// One operation's key at one replica of a `replicated` key store: how
/// long the key takes to reach that replica is drawn under it.
@usableFromInline package struct ReplicaIdentity: DrawIdentity {
  /// The operation whose key it is.
  @usableFromInline package var operation: Int
  /// The replica, from 0 (replica 0 is the one a failover promotes).
  @usableFromInline package var replica: Int

  /// The identity of `operation`'s key at `replica`.
  @inlinable
  package init(operation: Int, replica: Int) {
    self.operation = operation
    self.replica = replica
  }

  @inlinable package var entity: UInt64 { UInt64(operation) }
  @inlinable package var occurrence: UInt64 { UInt64(replica) }
}

extension RequestDraw {
  /// The key of this decision about `message`: "op 17, backoff, message
  /// 2". What a ``ClientPolicy`` or a ``RequestHandler`` of your own draws
  /// with, so that its draws are keyed as the built-in ones are.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func key(_ message: MessageIdentity) -> DrawKey {
    DrawKey(message, purpose)
  }

  /// The key of this decision about one delivery of a message
  /// (``DeliveryIdentity``): copy 0 has the message's own key.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func key(_ delivery: DeliveryIdentity) -> DrawKey {
    DrawKey(delivery, purpose)
  }

  /// The key of the wait after `conflict`'s 412 (``ConflictIdentity``).
  ///
  /// - Complexity: O(1).
  @inlinable
  package func key(_ conflict: ConflictIdentity) -> DrawKey {
    DrawKey(conflict, purpose)
  }

  /// The key of this decision about message `sequence` of `operation`:
  /// "op 17, request loss, message 2".
  @inlinable
  func key(_ operation: Int, _ sequence: UInt32) -> DrawKey {
    DrawKey(MessageIdentity(operation: operation, sequence: sequence), purpose)
  }

  /// The key of the wait after an operation's `conflict`-th 412: "op 17,
  /// conflict backoff, conflict 3", whatever else happened in between.
  @inlinable
  static func conflictBackoffKey(_ operation: Int, conflict: UInt32) -> DrawKey {
    DrawKey(ConflictIdentity(operation: operation, conflict: conflict), RequestDraw.conflictBackoff.purpose)
  }
}

/// One key sampled by a sampled eviction: the delivery whose store made
/// room, and the sample's number among that store's samples (round ×
/// samples + sample), so the samples depend on what is stored, not on
/// when other events ran.
@usableFromInline package struct KeySampleIdentity: DrawIdentity {
  /// The delivery whose key was being stored.
  @usableFromInline package var delivery: DeliveryIdentity
  /// The sample's number within the store's evictions for that delivery.
  @usableFromInline package var sample: Int

  /// The identity of sample `sample` made while storing `delivery`'s key.
  @inlinable
  package init(delivery: DeliveryIdentity, sample: Int) {
    self.delivery = delivery
    self.sample = sample
  }

  @inlinable package var entity: UInt64 { UInt64(delivery.operation) }
  @inlinable package var occurrence: UInt64 { delivery.occurrence ^ UInt64(sample) << 40 }
}

/// One replica-lag episode: the one-minute window it starts in and its
/// number within that window, so the schedule is a function of time alone.
@usableFromInline package struct LagSpikeIdentity: DrawIdentity {
  /// The window, counting minutes from the start of the run.
  @usableFromInline package var window: UInt64
  /// The episode's number within the window, from 0 (0 also keys the
  /// window's count).
  @usableFromInline package var episode: Int

  /// The identity of episode `episode` of window `window`.
  @inlinable
  package init(window: UInt64, episode: Int) {
    self.window = window
    self.episode = episode
  }

  @inlinable package var entity: UInt64 { window }
  @inlinable package var occurrence: UInt64 { UInt64(episode) }
}
