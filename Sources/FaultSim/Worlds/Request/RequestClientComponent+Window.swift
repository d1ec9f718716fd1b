/// The client's records as the router folds them: verbs over the window of
/// operations in flight, so the router never reaches into a client's
/// records itself.
///
/// The verbs the router calls at every event are `mutating` and read the
/// window through ``RequestClientComponent/records(of:)``: a non-mutating
/// verb would read the `records` getter, whose witness in a debug build
/// copies the whole client (the async client's, about 220 instructions, 22
/// times an order; Benchmarks/README.md, "In a debug build").
extension RequestClientComponent {
  /// Whether `operation` still has a record (it has started and is not
  /// folded).
  @inlinable
  @inline(__always)
  mutating func holds(_ operation: Int) -> Bool { Self.records(of: &self).holds(operation) }

  /// The oldest operation still in the ring.
  @inlinable
  @inline(__always)
  var retired: Int { mutating get { Self.records(of: &self).retired } }

  /// The next operation to start.
  @inlinable
  @inline(__always)
  var opened: Int { mutating get { Self.records(of: &self).opened } }

  /// Operations held (ring and spill pool).
  var heldCount: Int { records.count }

  /// The bytes the records take.
  var allocatedBytes: Int { records.allocatedBytes }

  /// Whether the ring is full and had better spill than grow.
  @inlinable
  @inline(__always)
  var mustSpill: Bool {
    mutating get {
      let records = Self.records(of: &self)
      return records.isFull && records.prefersSpilling
    }
  }

  /// Whether the ring is full.
  @inlinable
  @inline(__always)
  var isFull: Bool { mutating get { Self.records(of: &self).isFull } }

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
  mutating func isFinished(_ operation: Int) -> Bool { Self.records(of: &self)[operation].isFinished }

  /// The attempts `operation` sent.
  @inlinable
  mutating func attempts(of operation: Int) -> UInt32 { Self.records(of: &self)[operation].attempts }

  /// How `operation` ended for the user.
  @inlinable
  @inline(__always)
  mutating func outcome(of operation: Int) -> ClientOutcome { Self.records(of: &self)[operation].outcome }

  /// Whether every request of `operation` was answered.
  @inlinable
  @inline(__always)
  mutating func isAnswered(_ operation: Int) -> Bool {
    Self.records(of: &self)[operation].unansweredRequests == 0
  }

  /// A request of `operation` is on its way (to the server, the gateway or
  /// back to the gateway): the operation cannot fold until it is answered.
  @inlinable
  @inline(__always)
  mutating func requestOut(_ operation: Int) { Self.records(of: &self)[operation].unansweredRequests &+= 1 }

  /// A request of `operation` was answered.
  @inlinable
  @inline(__always)
  mutating func requestAnswered(_ operation: Int) {
    Self.records(of: &self)[operation].unansweredRequests &-= 1
  }
}
