/// The runtime's own draw purposes: which of several ready tasks of user
/// code runs next, a race kind like the worlds'; your code's random words;
/// and the crashes of your server code's process.
@usableFromInline package enum RuntimeDraw: UInt64, DrawPurposeSet {
  /// Which ready job of user code runs next, when more than one is ready
  /// at the same virtual instant: a choice point of the order strategy
  /// (FIFO runs them in the order they became ready).
  case taskOrder = 0x5601
  /// A random word your code asked for through a ``SimulatedRandom``
  /// (jitter, a sampled delay): keyed by the operation and its own count
  /// of words.
  case userRandom = 0x5602
  /// Whether your server code's process crashes at a crash point of a
  /// handler (``ServerCode/crashes``): keyed by the request's delivery and
  /// the point's number within its handling.
  case serverCrash = 0x5603

  /// Whether the purpose can be drawn in the world of `draws`: a server's
  /// crash only where your server code runs (``ServerCodeDraws``), so no
  /// other world lists it as never fired.
  func applies<Draws: DrawPurposeSet>(to draws: Draws.Type) -> Bool {
    self != .serverCrash || draws is any ServerCodeDraws.Type
  }

  /// Task order is a race; user randomness a value.
  @usableFromInline package var role: DrawRole {
    switch self {
    case .taskOrder: .race
    case .userRandom: .value
    case .serverCrash: .fault
    }
  }
}

/// One scheduling decision of user code: the virtual instant it was taken
/// at, and how many were taken at that instant before it.
///
/// The interleaving of user tasks is the one thing in a run decided by
/// event order itself, so its identity is the instant and the step: a
/// fault removed elsewhere (when shrinking) leaves the decisions of every
/// other instant named as they were.
@usableFromInline package struct SchedulingIdentity: DrawIdentity {
  /// When the decision was taken.
  @usableFromInline package var instant: VirtualTime
  /// Decisions taken at the same instant before it.
  @usableFromInline package var step: Int

  /// The identity of the `step`-th decision at `instant`.
  @usableFromInline package init(instant: VirtualTime, step: Int) {
    self.instant = instant
    self.step = step
  }

  @inlinable package var entity: UInt64 { instant.nanoseconds }
  @inlinable package var occurrence: UInt64 { UInt64(step) }
}

/// A world's draw purposes plus the runtime's: the fault and race kinds of
/// a world whose client (or app) is user code, with `taskOrder`
/// among its races, for fault coverage, sweep columns and properties.
public struct UserCodeDraw<Base: DrawPurposeSet>: DrawPurposeSet, CustomStringConvertible {
  public let rawValue: UInt64

  /// The purpose of raw value `rawValue`, if it is one of `Base`'s or the
  /// runtime's.
  public init?(rawValue: UInt64) {
    guard Base(rawValue: rawValue) != nil || RuntimeDraw(rawValue: rawValue) != nil else { return nil }
    self.rawValue = rawValue
  }

  /// The world's purpose `base`, to require it with the runtime's in one
  /// list: `requiring: [UserCodeDraw(.responseLoss), .serverCrash]`.
  public init(_ base: Base) {
    rawValue = base.rawValue
  }

  /// The runtime's purpose `runtime`.
  @usableFromInline package init(_ runtime: RuntimeDraw) {
    rawValue = runtime.rawValue
  }

  /// Which ready task runs next (the runtime's `task-order` race), for
  /// `requiring:` (a property checked under random orders met it).
  public static var taskOrder: Self { Self(RuntimeDraw.taskOrder) }

  /// A crash of your server code's process (the runtime's `server-crash`
  /// fault), for `requiring:`.
  public static var serverCrash: Self { Self(RuntimeDraw.serverCrash) }

  /// The world's purposes, then the runtime's that apply to it.
  public static var allCases: [Self] {
    Base.allCases.map { Self($0) }
      + RuntimeDraw.allCases.filter { $0.applies(to: Base.self) }.map { Self($0) }
  }

  /// The role of the underlying purpose.
  public var role: DrawRole { Base(rawValue: rawValue)?.role ?? RuntimeDraw(rawValue: rawValue)?.role ?? .race }

  /// The underlying purpose's case name (`responseLoss`, `taskOrder`),
  /// which its kebab-case name (`response-loss`) comes from.
  public var description: String {
    if let base = Base(rawValue: rawValue) { return String(describing: base) }
    return RuntimeDraw(rawValue: rawValue).map { String(describing: $0) } ?? "\(rawValue)"
  }
}

/// The draw purposes of a world in which your server code can run: its
/// user-code draws include `RuntimeDraw.serverCrash`.
package protocol ServerCodeDraws: DrawPurposeSet {}
