#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// File names as the kernel sees them — bytes — carried in a `String`.
///
/// A Linux file name may be any bytes but `/` and NUL; `CommandLine.arguments`
/// replaces bytes that are not UTF-8 with U+FFFD, and such a file can then
/// never be opened. Instead, each byte of an invalid sequence is kept as one
/// private-use code point, U+10FF80 + (byte − 0x80), the way Python's
/// "surrogateescape" keeps them, and turned back into that byte whenever the
/// name reaches the kernel. A valid name that itself contains a code point
/// of that range is escaped byte by byte too, so every name round-trips.
///
/// Valid UTF-8 names — all but a few — are left exactly as they are.
package enum FileName {
  /// The code point that stands for byte 0x80; bytes 0x80...0xFF map to
  /// `escapeBase ... escapeBase + 0x7F`.
  static let escapeBase: UInt32 = 0x10_FF80

  /// An argument from `argv` as a string that keeps its bytes.
  ///
  /// - Complexity: O(length).
  package static func argument(_ pointer: UnsafePointer<CChar>) -> String {
    let length = strlen(pointer)
    return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
      decode(UnsafeBufferPointer(start: $0, count: length))
    }
  }

  /// Bytes as a string that keeps them (see the type's documentation).
  ///
  /// - Complexity: O(`bytes.count`).
  package static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    let bytes = Array(bytes)
    var scalars = String.UnicodeScalarView()
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    // Bytes consumed so far, to find the ones an error covers.
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        if scalar.value >= escapeBase {
          for byte in encoded { scalars.append(escape(byte)) }
        } else {
          scalars.append(scalar)
        }
        offset += encoded.count
      case .error(let length):
        for byte in bytes[offset..<(offset + length)] { scalars.append(escape(byte)) }
        offset += length
      case .emptyInput:
        return String(scalars)
      }
    }
  }

  /// The bytes a string from ``decode(_:)`` stands for: UTF-8, with each
  /// escape turned back into its byte.
  ///
  /// - Complexity: O(length).
  package static func bytes(_ name: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(name.utf8.count)
    for scalar in name.unicodeScalars {
      if scalar.value >= escapeBase {
        bytes.append(UInt8(scalar.value - escapeBase + 0x80))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Calls `body` with the name as a NUL-terminated C string of its bytes.
  package static func withCString<Result>(
    _ name: String, _ body: (UnsafePointer<CChar>) throws -> Result
  ) rethrows -> Result {
    var bytes = Self.bytes(name)
    bytes.append(0)
    return try bytes.withUnsafeBufferPointer { buffer in
      try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }

  /// The name for messages: escaped bytes as `\xE9`, everything else as is.
  package static func display(_ name: String) -> String {
    guard name.unicodeScalars.contains(where: { $0.value >= escapeBase }) else { return name }
    var text = ""
    for scalar in name.unicodeScalars {
      if scalar.value >= escapeBase {
        let byte = String(scalar.value - escapeBase + 0x80, radix: 16, uppercase: true)
        text += "\\x" + byte
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  private static func escape(_ byte: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(escapeBase + UInt32(byte) - 0x80)!
  }
}
