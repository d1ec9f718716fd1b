/// The in-run baseline: a plain array-backed binary min-heap keyed by
/// (time, insertion sequence), written the way most simulators write one.
struct BinaryHeapBaseline: HoldQueue {
  struct Node {
    var time: UInt64
    var sequence: UInt64
    var payload: UInt64

    @inline(__always)
    func precedes(_ other: Node) -> Bool {
      time < other.time || (time == other.time && sequence < other.sequence)
    }
  }

  var nodes: ContiguousArray<Node> = []
  var sequence: UInt64 = 0

  init(capacity: Int) {
    nodes.reserveCapacity(capacity)
  }

  mutating func push(time: UInt64, payload: UInt64) {
    let node = Node(time: time, sequence: sequence, payload: payload)
    sequence &+= 1
    nodes.append(node)
    nodes.withUnsafeMutableBufferPointer { heap in
      var hole = heap.count - 1
      while hole > 0 {
        let parent = (hole - 1) / 2
        guard node.precedes(heap[parent]) else { break }
        heap[hole] = heap[parent]
        hole = parent
      }
      heap[hole] = node
    }
  }

  mutating func popMinimum() -> (time: UInt64, payload: UInt64) {
    let top = nodes[0]
    let last = nodes.removeLast()
    if !nodes.isEmpty {
      nodes.withUnsafeMutableBufferPointer { heap in
        let count = heap.count
        var hole = 0
        while true {
          var child = 2 * hole + 1
          if child >= count { break }
          if child + 1 < count && heap[child + 1].precedes(heap[child]) { child += 1 }
          guard heap[child].precedes(last) else { break }
          heap[hole] = heap[child]
          hole = child
        }
        heap[hole] = last
      }
    }
    return (top.time, top.payload)
  }
}
