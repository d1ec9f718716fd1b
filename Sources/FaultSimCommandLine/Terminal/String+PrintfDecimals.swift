#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// `value` with `decimals` places as C's `printf("%.*f")` prints it:
  /// the exact binary value rounded to the nearest, halfway cases to even
  /// (`1.25` to one place is `1.2`), `nan` and `inf` as C spells them.
  ///
  /// The digits Foundation's `String(format:)` printed, which called the
  /// same C function; ``DecimalText/fixed(_:_:)`` rounds halves away from
  /// zero instead, and the reports it prints must not change either.
  ///
  /// - Parameter decimals: Places after the point, 0…17.
  init(_ value: Double, printfDecimals decimals: Int) {
    precondition((0...17).contains(decimals), "String(_:printfDecimals:) supports 0…17 decimals")
    // Enough for every value below 10²⁰; larger ones are measured first.
    var buffer = [CChar](repeating: 0, count: 48)
    func print() -> Int {
      let count = buffer.withUnsafeMutableBufferPointer { buffer in
        withVaList([Int32(decimals), value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.*f", $0) }
      }
      return Int(count)
    }
    var count = print()
    if count >= buffer.count {
      buffer = [CChar](repeating: 0, count: count + 1)
      count = print()
    }
    self = buffer.prefix(count).withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
  }
}
