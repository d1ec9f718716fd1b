extension StringProtocol {
  /// The text without the Unicode scalars that `isTrimmed` accepts at its
  /// two ends.
  ///
  /// Scalars, not characters: a space followed by a combining mark loses
  /// the space and keeps the mark, as Foundation's `trimmingCharacters(in:)`
  /// did, so what the command line accepted did not change when Foundation
  /// left the tool.
  ///
  /// - Complexity: O(n) in the length of the text.
  package func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
    // A scalar that is kept exists, so `lastIndex` finds one at or after it.
    let last = scalars.lastIndex(where: { !isTrimmed($0) })!
    return String(String.UnicodeScalarView(scalars[first...last]))
  }

  /// The text without spaces and tabs at its two ends (see
  /// ``Unicode/Scalar/isSpaceOrTab``); line breaks are kept.
  ///
  /// - Complexity: O(n) in the length of the text.
  package var trimmingSpacesAndTabs: String {
    trimmingScalars(where: \.isSpaceOrTab)
  }
}

extension Unicode.Scalar {
  /// Whether this is a tab or a space of any width: U+0009, U+0020, U+00A0,
  /// U+1680, U+2000…U+200B, U+202F, U+205F and U+3000 — the set Foundation's
  /// `CharacterSet.whitespaces` holds on Linux (the spaces of General
  /// Category Zs, the tab, and U+200B ZERO WIDTH SPACE).
  package var isSpaceOrTab: Bool {
    switch value {
    case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
  }
}
