import Testing

@testable import FaultSim

/// The pending-event set against a reference that is obviously right: a
/// list kept sorted by (time, insertion sequence).
@Suite struct EventQueueTests {
  /// The reference: a stable sorted list.
  struct ReferenceQueue {
    var entries: [(time: UInt64, sequence: Int, event: Int)] = []
    var sequence = 0

    mutating func push(_ event: Int, at time: UInt64) {
      let position = entries.firstIndex { $0.time > time } ?? entries.count
      entries.insert((time, sequence, event), at: position)
      sequence += 1
    }

    mutating func pop() -> (time: UInt64, event: Int)? {
      guard !entries.isEmpty else { return nil }
      let first = entries.removeFirst()
      return (first.time, first.event)
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func matchesTheReferenceOnLongRandomOperationSequences(seed: UInt64) {
    var random = Xoshiro256StarStar(seed: seed)
    var queue = EventQueue<Int>()
    var reference = ReferenceQueue()
    var now: UInt64 = 0
    var nextEvent = 0
    // Spans from "all equal" to "spread over 2⁶⁰" exercise every bucket.
    let spans: [UInt64] = [1, 4, 1_000, 1 << 20, 1 << 40, 1 << 52]
    for step in 0..<20_000 {
      let span = spans[Int(random.next(below: UInt64(spans.count)))]
      let pushes = Int(random.next(below: 4))
      for _ in 0..<pushes {
        let (sum, overflow) = now.addingReportingOverflow(random.next(below: span))
        let time = overflow ? .max : sum
        queue.push(nextEvent, at: time)
        reference.push(nextEvent, at: time)
        nextEvent += 1
      }
      let nextTime = queue.nextTime
      #expect(nextTime == reference.entries.first?.time)
      let pops = Int(random.next(below: 4))
      for _ in 0..<pops {
        let expected = reference.pop()
        let actual = queue.pop()
        #expect(actual?.time == expected?.time && actual?.event == expected?.event, "seed \(seed) step \(step)")
        if let time = actual?.time { now = time }
      }
      let count = queue.count
      #expect(count == reference.entries.count)
    }
    while let expected = reference.pop() {
      let actual = queue.pop()
      #expect(actual?.time == expected.time && actual?.event == expected.event, "seed \(seed) drain")
    }
    let rest = queue.pop()
    let isEmpty = queue.isEmpty
    #expect(rest == nil && isEmpty)
  }

  /// An event of 5 bytes, aligned to 4: its entry's stride (16) is not
  /// its size plus the time's 8.
  struct OddEvent: BitwiseCopyable, Equatable {
    var value: UInt32
    var tag: UInt8
  }

  /// The queue reads and writes entries through raw addresses
  /// (`EventQueueEntryAddress`): their stride and the event's offset must be
  /// those of `EventQueueEntry`, whose layout the memory estimates use.
  @Test func entryAddressesHaveTheEntryLayout() {
    func check<E: BitwiseCopyable>(_: E.Type) {
      #expect(EventQueueEntryAddress<E>.stride == MemoryLayout<EventQueueEntry<E>>.stride, "\(E.self)")
      #expect(MemoryLayout<EventQueueEntry<E>>.offset(of: \.event) == 8, "\(E.self)")
    }
    check(UInt8.self)
    check(UInt64.self)
    check(OddEvent.self)
    check(RequestEvent.self)
    check(TransferEvent.self)
    check(BackgroundFetchEvent.self)
    #expect(EventQueueEntryAddress<OddEvent>.stride == 16)
  }

  /// Events whose size is not a multiple of 8 come back whole and in order
  /// through every path: the floor bucket, sorted runs, moves between
  /// levels and buffers that grow.
  @Test func eventsOfAnOddSizeComeBackWholeAndInOrder() {
    var random = Xoshiro256StarStar(seed: 42)
    var queue = EventQueue<OddEvent>()
    var reference = ReferenceQueue()
    var now: UInt64 = 0
    for sequence in 0..<5_000 {
      let span: UInt64 = [1, 1_000, 1 << 20, 1 << 30][sequence % 4]
      let time = now + random.next(below: span)
      queue.push(OddEvent(value: UInt32(sequence), tag: UInt8(truncatingIfNeeded: sequence &* 7)), at: time)
      reference.push(sequence, at: time)
      if sequence % 3 == 0, let expected = reference.pop() {
        let actual = queue.pop()
        #expect(actual?.time == expected.time && actual?.event.value == UInt32(expected.event))
        #expect(actual?.event.tag == UInt8(truncatingIfNeeded: expected.event &* 7))
        now = expected.time
      }
    }
    while let expected = reference.pop() {
      let actual = queue.pop()
      #expect(actual?.time == expected.time && actual?.event.value == UInt32(expected.event))
      #expect(actual?.event.tag == UInt8(truncatingIfNeeded: expected.event &* 7))
    }
    let isEmpty = queue.isEmpty
    #expect(isEmpty)
  }

  /// The next event, popped outside `#expect` (which needs copyable values).
  func next(_ queue: inout EventQueue<Int>) -> Int? {
    queue.pop()?.event
  }

  @Test func equalTimesPopInPushOrder() {
    var queue = EventQueue<Int>()
    for event in 0..<100 { queue.push(event, at: 5) }
    queue.push(100, at: 3)
    #expect(next(&queue) == 100)
    for event in 0..<50 { #expect(next(&queue) == event) }
    // Pushing at the current time while it drains joins the back.
    queue.push(200, at: 5)
    for event in 50..<100 { #expect(next(&queue) == event) }
    #expect(next(&queue) == 200)
    #expect(next(&queue) == nil)
  }

  @Test func aSortedSlotTakesPushesInItsSpanInOrder() {
    var queue = EventQueue<Int>()
    // A few entries in one slot of level 3 (2¹⁸ ns), pushed out of order
    // and with a tie; they become a sorted run when the slot is reached.
    let start: UInt64 = 1 << 20
    queue.push(0, at: start + 300)
    queue.push(1, at: start + 100)
    queue.push(2, at: start + 300)
    queue.push(3, at: start + 200)
    #expect(next(&queue) == 1)
    // Pushes into the run's span land after every entry of equal or
    // earlier time; one beyond the span goes to the levels.
    queue.push(4, at: start + 200)
    queue.push(5, at: start + 250)
    queue.push(6, at: start + 300)
    queue.push(7, at: start + (1 << 19))
    queue.push(8, at: start + 100)
    for event in [8, 3, 4, 5, 0, 2, 6, 7] { #expect(next(&queue) == event) }
    #expect(next(&queue) == nil)
  }

  @Test func bucketZeroKeepsItsReadPositionWhenItGrows() {
    var queue = EventQueue<Int>()
    for event in 0..<10 { queue.push(event, at: 0) }
    for event in 0..<5 { #expect(next(&queue) == event) }
    // Pushing at the current time while it drains outgrows the first buffer.
    for event in 10..<1_000 { queue.push(event, at: 0) }
    for event in 5..<1_000 { #expect(next(&queue) == event) }
    #expect(next(&queue) == nil)
  }

  @Test func removeAllResetsTheFloorAndKeepsWorking() {
    var queue = EventQueue<Int>()
    for event in 0..<1_000 { queue.push(event, at: UInt64(event * 7919 % 1_000)) }
    _ = queue.pop()
    _ = queue.pop()
    queue.removeAll()
    let reset = queue.isEmpty && queue.lowerBound == 0 && queue.nextTime == nil
    #expect(reset)
    queue.push(1, at: 0)
    queue.push(2, at: 0)
    #expect(next(&queue) == 1)
    #expect(next(&queue) == 2)
  }

  @Test func extremeTimesAreOrdered() {
    var queue = EventQueue<Int>()
    queue.push(1, at: .max)
    queue.push(2, at: 0)
    queue.push(3, at: 1 << 63)
    queue.push(4, at: .max)
    #expect(next(&queue) == 2)
    #expect(next(&queue) == 3)
    #expect(next(&queue) == 1)
    #expect(next(&queue) == 4)
  }
}
