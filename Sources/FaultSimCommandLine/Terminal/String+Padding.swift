extension String {
  /// The string preceded by spaces up to `width` characters.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  /// The string followed by spaces up to `width` characters.
  func rightPadded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The string without the spaces at its end, for table lines.
  var trailingSpacesRemoved: String {
    var copy = self
    while copy.hasSuffix(" ") { copy.removeLast() }
    return copy
  }
}
