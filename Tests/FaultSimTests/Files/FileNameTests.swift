import Foundation
import Testing

@testable import FaultSim

/// File names that are not UTF-8 survive the trip from `argv` through a
/// `String` back to the kernel, and input files' bad bytes are found where
/// they are.
@Suite struct FileNameTests {
  @Test func validNamesAreLeftAsTheyAre() {
    for name in ["scenarios/checkout-reference.json", "café.json", "日本.csv", "", "a b'c"] {
      #expect(FileName.decode(Array(name.utf8)) == name)
      #expect(FileName.bytes(name) == Array(name.utf8))
      #expect(FileName.display(name) == name)
    }
  }

  @Test func everyByteStringRoundTrips() {
    var generator = Xoshiro256StarStar(seed: 3)
    for round in 0..<2_000 {
      let length = Int(generator.next(below: 12))
      // Mostly high bytes, so invalid sequences, truncated sequences and
      // the escape range's own encoding (F4 8F BE/BF xx) all occur.
      let alphabet: [UInt8] = [0x41, 0x2F, 0x80, 0xBF, 0xC3, 0xA9, 0xE9, 0xF4, 0x8F, 0xBE, 0xFF, 0xED, 0xA0]
      let bytes = (0..<length).map { _ in alphabet[Int(generator.next(below: UInt64(alphabet.count)))] }
      let name = FileName.decode(bytes)
      #expect(FileName.bytes(name) == bytes, "round \(round): \(bytes)")
    }
  }

  @Test func invalidBytesAreShownAsHexEscapes() {
    let name = FileName.decode([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A])
    #expect(FileName.display(name) == "caf\\xE9.j")
    #expect(ReplayCommand.quote(name) == "$'caf\\xE9.j'")
    // A valid name holding a code point of the escape range is escaped too,
    // so that it cannot be mistaken for an escaped byte.
    let tricky = "x\u{10FF80}"
    #expect(FileName.bytes(FileName.decode(Array(tricky.utf8))) == Array(tricky.utf8))
  }

  @Test func theFirstBadByteIsFoundByLineAndColumn() {
    #expect(InputFile.firstBadByte(Array("a,b\r\nc,d\r\n".utf8)) == nil)
    let invalid = InputFile.firstBadByte(Array("a,b\nc,".utf8) + [0xFF] + Array("d\n".utf8))
    #expect(invalid?.line == 2 && invalid?.column == 3 && invalid?.what == "byte 0xFF is not UTF-8")
    let nul = InputFile.firstBadByte(Array("é\0".utf8))
    #expect(nul?.line == 1 && nul?.column == 3 && nul?.what == "a NUL byte")
    // A sequence cut short at the end of the file.
    #expect(InputFile.firstBadByte([0x61, 0xC3])?.column == 2)
  }
}
