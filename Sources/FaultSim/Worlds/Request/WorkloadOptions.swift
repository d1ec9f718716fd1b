/// The operations a request world runs: how many, of what kind, when they
/// start, how large their bodies are, and whether they contend.
public struct WorkloadOptions: Hashable, Sendable {
  /// When operations start.
  @usableFromInline package enum Arrival: Hashable, Sendable {
    /// All at the same instant.
    case simultaneous(at: VirtualDuration)
    /// Each at an independent uniform time in `[0, over]`.
    case uniform(over: VirtualDuration)
    /// A Poisson process with the given mean gap between starts.
    case poisson(meanGap: VirtualDuration)
  }

  /// Conditional writes (If-Match): operations update `resources` shared
  /// records by read-modify-write; a write based on a stale version gets 412
  /// and re-reads.
  @usableFromInline package struct Contention: Hashable, Sendable {
    /// Shared records: operation *i* updates record *i* mod `resources`.
    @usableFromInline package var resources: Int

    /// Contention on `resources` shared records.
    @usableFromInline package init(resources: Int) {
      self.resources = resources
    }
  }

  /// Operations in one run (one client each).
  public var operations = 1
  /// What each operation is: a read (GET), an idempotent write (PUT), a write
  /// with an idempotency key, or one without.
  public var kind: RequestKind = .keylessWrite
  /// When operations start.
  @usableFromInline package var arrival: Arrival = .simultaneous(at: .zero)
  /// Request body size, for bandwidth.
  @usableFromInline package var requestBytes: UInt64 = 0
  /// Response body size, for bandwidth.
  @usableFromInline package var responseBytes: UInt64 = 0
  /// Conditional writes on shared records; `nil` for independent operations.
  @usableFromInline package var contention: Contention?
  /// How many times the user submits each operation, one after the other
  /// (2: a second tap after the first finished). The repeat probe of
  /// `faultsim explore` sets 2.
  @usableFromInline package var submissions = 1

  /// The model's defaults: what a scenario that writes none of the section's
  /// keys runs. One keyless write starting at time 0, empty bodies, no
  /// contention, submitted once.
  @usableFromInline package init() {}
}

/// Which events the real system could deliver in either order.
@usableFromInline package struct RaceOptions: Hashable, Sendable {
  /// Events closer than this race: a late response and its timeout, a retry
  /// and the commit of the attempt it repeats, a retry and its key's expiry.
  /// Zero means only events at the same instant race.
  @usableFromInline package var window: VirtualDuration = .zero

  /// No race window: only events at the same instant race.
  @usableFromInline package init() {}
}

/// Everything that defines a request/retry world (SPEC §4.1): one plain
/// struct per component, as TigerBeetle's simulator does.
public struct RequestWorldOptions: Hashable, Sendable {
  /// What the clients do.
  public var workload = WorkloadOptions()
  /// How requests are sent and retried.
  @usableFromInline package var client = ClientOptions()
  /// The network between clients and the server.
  public var network = NetworkOptions()
  /// The server: the ledger and its failures.
  @usableFromInline package var server = ServerOptions()
  /// Which events race: a response and its attempt's timeout; a retry and the
  /// commit of the attempt it repeats; a retry and its key's expiry.
  @usableFromInline package var races = RaceOptions()
  /// An intermediary between the clients and the server that retries on
  /// its own; `nil`: the clients talk to the server directly.
  @usableFromInline package var gateway: GatewayOptions?

  /// The model's defaults: what a request scenario that writes no key runs (one
  /// keyless write over a perfect network).
  public init() {}
}
