/// A route's path pattern, checked and split into segments: literal text,
/// `{name}` parameters, and a last `*` that matches any rest.
struct RoutePattern: Hashable, Sendable {
  /// One segment of a pattern.
  enum Segment: Hashable, Sendable {
    /// The segment's exact text.
    case literal(Substring)
    /// Any one non-empty segment, bound to the name.
    case parameter(Substring)
    /// Any rest of the path, empty included.
    case rest
  }

  /// The segments after the leading `/`.
  let segments: [Segment]

  /// The pattern of `text`, or why it is not one.
  ///
  /// - Complexity: O(length of `text`).
  static func parse(_ text: String) -> Result<RoutePattern, RoutePatternError> {
    guard text.first == "/" else {
      return .failure(RoutePatternError("'\(text)' does not start with '/'"))
    }
    var segments: [Segment] = []
    var names: Set<Substring> = []
    let parts = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    for (index, part) in parts.enumerated() {
      if part == "*" {
        guard index == parts.count - 1 else {
          return .failure(RoutePatternError("'*' in '\(text)' must be the last segment"))
        }
        segments.append(.rest)
      } else if part.first == "{" {
        guard part.last == "}", part.count > 2 else {
          return .failure(RoutePatternError("'\(part)' in '\(text)' is not a parameter: write '{name}'"))
        }
        let name = part.dropFirst().dropLast()
        guard !name.contains("{") && !name.contains("}") else {
          return .failure(RoutePatternError("'\(part)' in '\(text)' is not a parameter: write '{name}'"))
        }
        guard names.insert(name).inserted else {
          return .failure(RoutePatternError("the parameter '{\(name)}' appears twice in '\(text)'"))
        }
        segments.append(.parameter(name))
      } else {
        guard !part.contains("{") && !part.contains("}") && !part.contains("*") else {
          return .failure(
            RoutePatternError("'\(part)' in '\(text)' mixes text with '{', '}' or '*': a parameter is a whole segment"))
        }
        guard !part.contains("?") else {
          return .failure(RoutePatternError("'\(text)' has a query: a pattern matches the path only"))
        }
        segments.append(.literal(part))
      }
    }
    return .success(RoutePattern(segments: segments))
  }

  /// The shape two patterns must not share: parameters compare equal
  /// whatever their names (`/orders/{id}` and `/orders/{order}` match the
  /// same paths).
  var shape: [Segment] {
    segments.map { if case .parameter = $0 { .parameter("") } else { $0 } }
  }

  /// The parameters of `path` if it matches, by name in pattern order;
  /// `nil` when it does not match.
  ///
  /// - Complexity: O(length of `path`).
  func match(_ path: Substring) -> [(name: Substring, value: Substring)]? {
    guard path.first == "/" else { return nil }
    var parameters: [(name: Substring, value: Substring)] = []
    var rest = path.dropFirst()
    for (index, segment) in segments.enumerated() {
      if case .rest = segment { return parameters }
      let end = rest.firstIndex(of: "/") ?? rest.endIndex
      let part = rest[rest.startIndex..<end]
      switch segment {
      case .literal(let text): guard part == text else { return nil }
      case .parameter(let name):
        guard !part.isEmpty else { return nil }
        parameters.append((name, part))
      case .rest: return parameters
      }
      if index == segments.count - 1 {
        // The pattern ends: so must the path.
        guard end == rest.endIndex else { return nil }
        return parameters
      }
      guard end < rest.endIndex else {
        // The path ends before the pattern: only a final `*` still matches.
        return index == segments.count - 2 && segments.last == .rest ? parameters : nil
      }
      rest = rest[rest.index(after: end)...]
    }
    return parameters
  }
}
