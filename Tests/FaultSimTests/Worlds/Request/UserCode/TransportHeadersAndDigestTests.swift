import Testing

@testable import FaultSim

/// The two per-request routines of the user-code bridge that walk bytes: a
/// header look-up (names compared ignoring ASCII case) and the body's
/// digest (FNV-1a), checked against the definitions they implement.
@Suite struct TransportHeadersAndDigestTests {
  /// FNV-1a, 64-bit, with the digest's low bit set, against the test
  /// vectors published with the algorithm (Fowler, Noll, Vo; the IETF
  /// draft "The FNV Non-Cryptographic Hash Algorithm", appendix C).
  @Test(arguments: [
    ("", 0xCBF2_9CE4_8422_2325 as UInt64),
    ("a", 0xAF63_DC4C_8601_EC8C),
    ("foobar", 0x8594_4171_F739_67E8),
  ])
  func digestIsFNV1aWithTheLowBitSet(text: String, fnv1a: UInt64) {
    #expect(BodyDigest.of(Array(text.utf8)) == fnv1a | 1)
  }

  /// The digest reads eight bytes at a time: for every length from 0 to
  /// 40 (so every remainder after whole words) and arbitrary bytes, it
  /// equals FNV-1a computed one byte at a time, as the algorithm defines it.
  @Test func digestEqualsByteByByteFNV1aAtEveryLength() {
    var random = Xoshiro256StarStar(seed: 7)
    for length in 0...40 {
      let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      var fnv1a: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in bytes { fnv1a = (fnv1a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
      #expect(BodyDigest.of(bytes) == fnv1a | 1, "length \(length)")
    }
  }

  /// Every byte counts, wherever it is: bodies that differ in one byte
  /// (first, middle, last) have different digests, and none is 0.
  @Test func digestTellsBodiesThatDifferInOneByte() {
    let body = Array("{\"order\":17,\"items\":[\"tea\",\"cake\"]}".utf8)
    var digests: Set<UInt64> = [BodyDigest.of(body)]
    for index in [0, body.count / 2, body.count - 1] {
      var changed = body
      changed[index] ^= 0x01
      digests.insert(BodyDigest.of(changed))
    }
    #expect(digests.count == 4)
    #expect(!digests.contains(0))
  }

  /// A name matches in any ASCII case; the first field of that name wins;
  /// a name that differs in one letter, or only in length, does not match.
  @Test func lookUpIgnoresASCIICaseOnly() {
    let headers: TransportHeaders = [
      "Content-Type": "application/json", "Idempotency-Key": "k1", "idempotency-key": "k2", "X-Ä": "umlaut",
    ]
    #expect(headers["idempotency-KEY"] == "k1")
    #expect(headers["CONTENT-TYPE"] == "application/json")
    #expect(headers["Idempotency-Keys"] == nil)
    #expect(headers["Idempotency-Kez"] == nil)
    #expect(headers["Content"] == nil)
    // Only ASCII letters fold: "ä" is not "Ä".
    #expect(headers["x-Ä"] == "umlaut")
    #expect(headers["X-ä"] == nil)
    #expect(headers[""] == nil)
    #expect(([:] as TransportHeaders)["Idempotency-Key"] == nil)
  }

  /// A name built at run time (not a literal) compares as a literal does,
  /// and lengths must agree.
  @Test func sameNameComparesBuiltNamesAndLengths() {
    let built = String(decoding: Array("IF-MATCH".utf8), as: UTF8.self)
    let headers: TransportHeaders = ["If-Match": "\"3\""]
    #expect(headers[built] == "\"3\"")
    #expect(TransportHeaders.sameName("If-Match", built))
    #expect(!TransportHeaders.sameName("If-Match", "If-Matc"))
    #expect(TransportHeaders.sameName("", ""))
  }
}
