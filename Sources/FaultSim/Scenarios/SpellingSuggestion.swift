/// "Did you mean …?" for a mistyped key or value: the closest candidate
/// within a few edits, ignoring case.
package enum SpellingSuggestion {
  /// The candidate closest to `word`, or `nil` if none is close. Ties go to
  /// the earlier candidate, so the answer never depends on hashing.
  package static func closest(to word: String, among candidates: [String]) -> String? {
    let typed = Array(word.lowercased().unicodeScalars)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != word {
      let target = Array(candidate.lowercased().unicodeScalars)
      let allowed = target.count <= 4 ? 1 : target.count <= 8 ? 2 : 3
      guard abs(typed.count - target.count) <= allowed else { continue }
      let distance = editDistance(typed, target)
      if distance <= allowed, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// Optimal string alignment distance: insertions, deletions,
  /// substitutions and swaps of neighbours each cost one.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
