/// The requests of user code waiting for an answer, by (operation,
/// sequence number): one inline slot per operation — an operation's code
/// usually waits for one request at a time — and a dictionary for the rest
/// (code that sends several requests of one operation concurrently).
///
/// Lookups are by key only; the dictionary's order never reaches an output.
@usableFromInline
struct WaitingRequests {
  /// Per operation: the sequence number of the request in the slot (0:
  /// empty) and the request.
  @usableFromInline
  var slots: [(sequence: UInt32, request: UserCodeClients.Pending?)]
  /// Requests that found their operation's slot taken.
  @usableFromInline
  var overflow: [UInt64: UserCodeClients.Pending] = [:]
  /// Requests waiting now.
  @usableFromInline
  private(set) var count = 0

  /// Room for `operations` operations.
  @usableFromInline
  init(operations: Int) {
    slots = Array(repeating: (0, nil), count: operations)
  }

  /// Whether no request is waiting.
  @inlinable
  var isEmpty: Bool { count == 0 }

  /// Starts waiting for message `sequence` of `operation`.
  ///
  /// - Complexity: O(1) (amortised, for the overflow).
  @inlinable
  mutating func insert(_ operation: Int, _ sequence: UInt32, _ request: UserCodeClients.Pending) {
    count += 1
    if slots[operation].sequence == 0 {
      slots[operation] = (sequence, request)
    } else {
      overflow[UserCodeClients.key(operation, sequence)] = request
    }
  }

  /// The waiting request of `operation`'s message `sequence`, if any.
  @inlinable
  func peek(_ operation: Int, _ sequence: UInt32) -> UserCodeClients.Pending? {
    if slots[operation].sequence == sequence { return slots[operation].request }
    return overflow.isEmpty ? nil : overflow[UserCodeClients.key(operation, sequence)]
  }

  /// Changes the waiting request of `operation`'s message `sequence`, if
  /// any.
  @inlinable
  mutating func update(_ operation: Int, _ sequence: UInt32, _ change: (inout UserCodeClients.Pending) -> Void) {
    if slots[operation].sequence == sequence, slots[operation].request != nil {
      change(&slots[operation].request!)
    } else if var request = overflow[UserCodeClients.key(operation, sequence)] {
      change(&request)
      overflow[UserCodeClients.key(operation, sequence)] = request
    }
  }

  /// Stops waiting for `operation`'s message `sequence`: its request, if
  /// it was waiting.
  @inlinable
  mutating func remove(_ operation: Int, _ sequence: UInt32) -> UserCodeClients.Pending? {
    if slots[operation].sequence == sequence, let request = slots[operation].request {
      slots[operation] = (0, nil)
      count -= 1
      return request
    }
    guard !overflow.isEmpty, let request = overflow.removeValue(forKey: UserCodeClients.key(operation, sequence))
    else { return nil }
    count -= 1
    return request
  }

  /// Forgets every waiting request, keeping the storage.
  ///
  /// - Complexity: O(operations).
  @usableFromInline
  mutating func removeAll() {
    for index in slots.indices { slots[index] = (0, nil) }
    overflow.removeAll(keepingCapacity: true)
    count = 0
  }
}
