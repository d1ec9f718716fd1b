/// The client's records as the router folds them: verbs over the window of
/// operations in flight, so the router never reaches into a client's
/// records itself.
extension RequestClientComponent {
  /// Whether `operation` still has a record (it has started and is not
  /// folded).
  @inlinable
  @inline(__always)
  func holds(_ operation: Int) -> Bool { records.holds(operation) }

  /// The oldest operation still in the ring.
  @inlinable
  @inline(__always)
  var retired: Int { records.retired }

  /// The next operation to start.
  @inlinable
  @inline(__always)
  var opened: Int { records.opened }

  /// Operations held (ring and spill pool).
  var heldCount: Int { records.count }

  /// The bytes the records take.
  var allocatedBytes: Int { records.allocatedBytes }

  /// Whether the ring is full and had better spill than grow.
  @inlinable
  @inline(__always)
  var mustSpill: Bool { records.isFull && records.prefersSpilling }

  /// Whether the ring is full.
  @inlinable
  @inline(__always)
  var isFull: Bool { records.isFull }

  /// The spilled operations, ascending.
  @inlinable
  var spilledOperations: [Int] { records.spilledOperations }

  /// Moves the oldest open operation out of the ring.
  @inlinable
  mutating func spillOldest() { records.spillOldest() }

  /// Forgets a spilled operation.
  @inlinable
  mutating func forgetSpilled(_ operation: Int) { records.forgetSpilled(operation) }

  /// Forgets the operations below `operation`.
  @inlinable
  @inline(__always)
  mutating func retire(below operation: Int) { OperationWindow.retire(below: operation, in: &records) }

  /// Whether the client is done with `operation`.
  @inlinable
  @inline(__always)
  func isFinished(_ operation: Int) -> Bool { records[operation].isFinished }

  /// The attempts `operation` sent.
  @inlinable
  func attempts(of operation: Int) -> UInt32 { records[operation].attempts }

  /// How `operation` ended for the user.
  @inlinable
  @inline(__always)
  func outcome(of operation: Int) -> ClientOutcome { records[operation].outcome }

  /// Whether every request of `operation` was answered.
  @inlinable
  @inline(__always)
  func isAnswered(_ operation: Int) -> Bool { records[operation].unansweredRequests == 0 }

  /// A request of `operation` is on its way (to the server, the gateway or
  /// back to the gateway): the operation cannot fold until it is answered.
  @inlinable
  @inline(__always)
  mutating func requestOut(_ operation: Int) { records[operation].unansweredRequests &+= 1 }

  /// A request of `operation` was answered.
  @inlinable
  @inline(__always)
  mutating func requestAnswered(_ operation: Int) { records[operation].unansweredRequests &-= 1 }
}
