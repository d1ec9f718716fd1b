import Testing

@testable import FaultSim

/// Known answers pin the generators: a change that alters any result fails
/// here first.
@Suite struct RandomnessTests {
  @Test func splitMix64MatchesTheReferenceImplementation() {
    var generator = SplitMix64(state: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(generator.next() == 0x06C4_5D18_8009_454F)
  }

  @Test func xoshiro256StarStarMatchesTheReferenceImplementation() {
    var generator = Xoshiro256StarStar(seed: 42)
    #expect(generator.next() == 0x1578_0B2E_0C2E_C716)
    #expect(generator.next() == 0x6104_D986_6D11_3A7E)
    #expect(generator.next() == 0xAE17_5332_39E4_99A1)
  }

  @Test func keyedDrawsArePinned() {
    let random = KeyedRandom(seed: 7)
    let purpose = DrawPurpose(rawValue: 3)
    #expect(random.word(DrawKey(rawEntity: 0, purpose: purpose, ordinal: 0)) == 0xE446_41E8_22E3_95DD)
    #expect(random.word(DrawKey(rawEntity: 17, purpose: purpose, ordinal: 2)) == 0xBF6D_470D_1521_8209)
    #expect(KeyedRandom(seed: 8).word(DrawKey(rawEntity: 17, purpose: purpose, ordinal: 2)) == 0xD56E_CE7B_BD72_B38C)
  }

  @Test func aKeyedDrawDoesNotDependOnWhatWasDrawnBefore() {
    let random = KeyedRandom(seed: 99)
    var keys: [DrawKey] = []
    for index in 0..<200 as Range<UInt64> {
      keys.append(DrawKey(rawEntity: index % 13, purpose: DrawPurpose(rawValue: index % 3), ordinal: index / 39))
    }
    let forward = keys.map(random.word)
    let backward = Array(keys.reversed().map(random.word).reversed())
    #expect(forward == backward)
  }

  @Test func aKeyedStreamYieldsItsOrdinalsInOrder() {
    let random = KeyedRandom(seed: 5)
    var stream = random.stream(rawEntity: 4, purpose: DrawPurpose(rawValue: 9))
    for ordinal in 0..<10 as Range<UInt64> {
      #expect(stream.next() == random.word(DrawKey(rawEntity: 4, purpose: DrawPurpose(rawValue: 9), ordinal: ordinal)))
    }
  }

  @Test func neighbouringKeysGiveUnrelatedDraws() {
    let random = KeyedRandom(seed: 1)
    var seen = Set<UInt64>()
    for entity in 0..<64 as Range<UInt64> {
      for purpose in 0..<4 as Range<UInt64> {
        for ordinal in 0..<4 as Range<UInt64> {
          seen.insert(
            random.word(DrawKey(rawEntity: entity, purpose: DrawPurpose(rawValue: purpose), ordinal: ordinal)))
        }
      }
    }
    #expect(seen.count == 64 * 4 * 4)
  }

  @Test func unitConversionsStayInTheirIntervals() {
    #expect(RandomConversion.unit(0) == 0)
    #expect(RandomConversion.unit(.max) < 1)
    #expect(RandomConversion.openUnit(0) > 0)
    #expect(RandomConversion.openUnit(.max) == 1)
  }

  @Test func boundedIntegersAreInRangeAndRoughlyUniform() {
    var generator = Xoshiro256StarStar(seed: 3)
    var counts = [Int](repeating: 0, count: 6)
    for _ in 0..<60_000 {
      counts[Int(generator.next(below: 6))] += 1
    }
    // Each face expects 10,000; 5 standard deviations is about 456.
    for count in counts { #expect(abs(count - 10_000) < 460) }
    let random = KeyedRandom(seed: 3)
    for ordinal in 0..<1_000 as Range<UInt64> {
      #expect(random.index(below: 3, DrawKey(rawEntity: 1, purpose: DrawPurpose(rawValue: 1), ordinal: ordinal)) < 3)
    }
    // A bound near 2⁶⁴ forces rejections; the fixed re-draw chain stays in range.
    #expect(RandomConversion.index(0, below: UInt64.max - 1) < UInt64.max - 1)
  }
}
