import Testing

@testable import FaultSim

/// The line-aligned array against `Array`, the reference that is obviously
/// right, and the alignment it exists for.
@Suite struct CacheLineArrayTests {
  /// A 64-byte element, like a daemon task.
  struct Line: BitwiseCopyable, Equatable {
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    init(_ value: UInt64) { words.0 = value }

    static func == (a: Line, b: Line) -> Bool { a.words.0 == b.words.0 }
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func matchesArrayOnRandomOperationSequences(seed: UInt64) {
    var random = Xoshiro256StarStar(seed: seed)
    var array = CacheLineArray<UInt32>()
    var reference: [UInt32] = []
    for step in 0..<5_000 {
      let word = random.next()
      switch word % 8 {
      case 0 where !reference.isEmpty:
        let index = Int(word >> 8) % reference.count
        array[index] = UInt32(truncatingIfNeeded: word >> 32)
        reference[index] = UInt32(truncatingIfNeeded: word >> 32)
      case 1 where word % 64 == 1:
        array.removeAll(keepingCapacity: word % 128 < 64)
        reference.removeAll()
      case 2 where word % 32 == 2:
        // A copy that mutates leaves the original as it was.
        var copy = array
        copy.append(7)
        if !copy.isEmpty { copy[0] &+= 1 }
        #expect(Array(array) == reference, "seed \(seed) step \(step): a copy's write reached the original")
      case 3 where word % 32 == 3:
        array.update(repeating: 5)
        reference = Array(repeating: 5, count: reference.count)
      default:
        array.append(UInt32(truncatingIfNeeded: word))
        reference.append(UInt32(truncatingIfNeeded: word))
      }
      #expect(array.count == reference.count, "seed \(seed) step \(step)")
    }
    #expect(Array(array) == reference, "seed \(seed)")
  }

  @Test func storageStartsOnACacheLine() {
    var lines = CacheLineArray<Line>()
    for value in 0..<1_000 as Range<UInt64> {
      lines.append(Line(value))
      #expect(UInt(bitPattern: lines.base) % 64 == 0)
    }
    let filled = CacheLineArray(repeating: AppFileRecord(), count: 3_001)
    #expect(UInt(bitPattern: filled.base) % 64 == 0)
    #expect(lines.map(\.words.0) == Array(0..<1_000))
  }

  @Test func copiesAreIndependent() {
    var original = CacheLineArray(repeating: Line(1), count: 4)
    var copy = original
    copy[2] = Line(9)
    original.append(Line(3))
    #expect(original.map(\.words.0) == [1, 1, 1, 1, 3])
    #expect(copy.map(\.words.0) == [1, 1, 9, 1])
    copy.removeAll(keepingCapacity: true)
    #expect(copy.isEmpty && original.count == 5)
  }
}
