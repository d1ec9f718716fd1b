/// The tasks sleeping on a ``SimulatedClock``: each a continuation in a
/// slot, named by a ``SleepTicket`` (slot and generation) that the world's
/// wake event carries, so a wake for a slot since reused is ignored.
@usableFromInline
struct SleeperTable {
  /// One slot: the continuation of the task sleeping in it, if any.
  @usableFromInline
  struct Slot {
    @usableFromInline
    var continuation: UnsafeContinuation<Void, any Error>?
    @usableFromInline
    var generation: UInt32 = 0
    /// Whether the sleep was cancelled before its continuation was stored.
    @usableFromInline
    var cancelled = false
    /// Whose sleep it is (a device's app process, in the transfer world).
    @usableFromInline
    var owner = SleepOwner.none
  }

  private var slots: [Slot] = []
  private var free: [UInt32] = []
  /// Sleeps the world must schedule a wake for: (deadline, ticket).
  @usableFromInline
  var requested: [(VirtualTime, SleepTicket)] = []
  /// Tasks sleeping now.
  private(set) var waiting = 0

  /// A fresh slot.
  ///
  /// - Complexity: O(1) amortised.
  @usableFromInline
  mutating func allocate() -> SleepTicket {
    if let slot = free.popLast() {
      slots[Int(slot)].generation &+= 1
      slots[Int(slot)].cancelled = false
      return SleepTicket(slot: slot, generation: slots[Int(slot)].generation)
    }
    slots.append(Slot())
    return SleepTicket(slot: UInt32(slots.count - 1), generation: 0)
  }

  /// Stores the sleeping task's continuation; `false` when the sleep was
  /// cancelled first (the caller resumes it at once).
  @usableFromInline
  mutating func park(
    _ ticket: SleepTicket, _ continuation: UnsafeContinuation<Void, any Error>, until deadline: VirtualTime,
    owner: SleepOwner
  ) -> Bool {
    guard slots[Int(ticket.slot)].generation == ticket.generation, !slots[Int(ticket.slot)].cancelled else {
      return false
    }
    slots[Int(ticket.slot)].continuation = continuation
    slots[Int(ticket.slot)].owner = owner
    waiting += 1
    requested.append((deadline, ticket))
    return true
  }

  /// Takes the continuation of `ticket`'s sleep and frees its slot; `nil`
  /// when the sleep already ended (cancelled, or the slot was reused).
  @usableFromInline
  mutating func take(_ ticket: SleepTicket) -> UnsafeContinuation<Void, any Error>? {
    let index = Int(ticket.slot)
    guard index < slots.count, slots[index].generation == ticket.generation else { return nil }
    guard let continuation = slots[index].continuation else {
      // Not parked yet: a cancellation arriving first.
      slots[index].cancelled = true
      return nil
    }
    slots[index].continuation = nil
    waiting -= 1
    free.append(ticket.slot)
    return continuation
  }

  /// Whose sleep `ticket` is, while it sleeps.
  func owner(of ticket: SleepTicket) -> SleepOwner? {
    let index = Int(ticket.slot)
    guard index < slots.count, slots[index].generation == ticket.generation, slots[index].continuation != nil else {
      return nil
    }
    return slots[index].owner
  }

  /// Frees a slot whose sleep never parked (cancelled before it began).
  @usableFromInline
  mutating func discard(_ ticket: SleepTicket) {
    guard Int(ticket.slot) < slots.count, slots[Int(ticket.slot)].generation == ticket.generation,
      slots[Int(ticket.slot)].continuation == nil
    else { return }
    free.append(ticket.slot)
  }

  /// Drops every sleeper (their tasks never resume) and request.
  @usableFromInline
  mutating func removeAll() {
    slots.removeAll(keepingCapacity: true)
    free.removeAll(keepingCapacity: true)
    requested.removeAll(keepingCapacity: true)
    waiting = 0
  }
}

/// A sleeping task's slot and the slot's generation: what a world's wake
/// event carries (8 bytes, plain data).
@usableFromInline package struct SleepTicket: BitwiseCopyable, Hashable, Sendable {
  /// The slot in the runtime's table.
  @usableFromInline package var slot: UInt32
  /// Which use of the slot.
  @usableFromInline package var generation: UInt32

  /// A ticket; see the properties for each argument.
  @inlinable
  package init(slot: UInt32, generation: UInt32) {
    self.slot = slot
    self.generation = generation
  }
}

/// Whose sleep it is: a device's app process (the transfer world holds a
/// suspended app's wakes and drops a dead process's), or nobody's.
@usableFromInline
struct SleepOwner: Hashable, Sendable {
  /// The device (user), or `UInt32.max` for none.
  @usableFromInline
  var device: UInt32
  /// Which process of the device's app.
  @usableFromInline
  var process: UInt32

  /// The owner of a sleep of `device`'s app process `process`.
  @usableFromInline
  init(device: UInt32, process: UInt32) {
    self.device = device
    self.process = process
  }

  /// A sleep no device owns (the request world's clients).
  @usableFromInline
  static let none = SleepOwner(device: .max, process: 0)
}
