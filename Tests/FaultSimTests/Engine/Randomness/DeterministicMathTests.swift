import Foundation
import Testing

@testable import FaultSim

@Suite struct DeterministicMathTests {
  /// Distance in units in the last place between two finite doubles.
  static func ulps(_ a: Double, _ b: Double) -> UInt64 {
    if a == b { return 0 }
    let scale = max(abs(a), abs(b)).ulp
    return UInt64((abs(a - b) / scale).rounded(.up))
  }

  @Test func logAgreesWithThePlatformWithinAFewUlps() {
    var random = Xoshiro256StarStar(seed: 11)
    var worst: UInt64 = 0
    for _ in 0..<100_000 {
      let u = random.nextOpenUnit()
      let x = u * Double(sign: .plus, exponent: Int(random.next(below: 200)) - 100, significand: 1)
      worst = max(worst, Self.ulps(DeterministicMath.log(x), Foundation.log(x)))
    }
    #expect(worst <= 4)
    #expect(DeterministicMath.log(1) == 0)
    #expect(DeterministicMath.log(0) == -.infinity)
    #expect(DeterministicMath.log(-1).isNaN)
    #expect(
      abs(DeterministicMath.log(Double.leastNonzeroMagnitude) - Foundation.log(Double.leastNonzeroMagnitude)) < 1e-12)
  }

  @Test func expAgreesWithThePlatformWithinAFewUlps() {
    var random = Xoshiro256StarStar(seed: 12)
    var worst: UInt64 = 0
    for _ in 0..<100_000 {
      let x = (random.nextUnit() - 0.5) * 1_400
      let expected = Foundation.exp(x)
      guard expected.isNormal else { continue }
      worst = max(worst, Self.ulps(DeterministicMath.exp(x), expected))
    }
    #expect(worst <= 4)
    #expect(DeterministicMath.exp(0) == 1)
    #expect(DeterministicMath.exp(1_000) == .infinity)
    #expect(DeterministicMath.exp(-1_000) == 0)
  }

  /// Pinned bits: if these change, every sampled latency changes.
  @Test func valuesArePinned() {
    #expect(DeterministicMath.log(2).bitPattern == 0x3FE6_2E42_FEFA_39EF)
    #expect(DeterministicMath.exp(0.5).bitPattern == 4_610_103_999_673_009_819)
  }
}
