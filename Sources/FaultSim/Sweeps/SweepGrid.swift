/// The parameter grid of a sweep: the cartesian product of the `--vary`
/// lists, in grid order — the first varied key path changes slowest, the
/// last fastest, like nested loops written in the order given.
public struct SweepGrid: Hashable, Sendable {
  /// One varied key path and its values, as typed.
  public struct Axis: Hashable, Sendable {
    public var keyPath: ScenarioKeyPath
    public var values: [String]

    public init(keyPath: ScenarioKeyPath, values: [String]) {
      self.keyPath = keyPath
      self.values = values
    }

    /// Parses `key.path=v1,v2,…`.
    public init(parsing text: String) throws(ScenarioOverrideError) {
      let assignment = try ScenarioOverride(parsing: text)
      let values = Self.split(assignment.text)
      guard !values.isEmpty, !values.contains(where: \.isEmpty) else {
        throw ScenarioOverrideError("'--vary \(text)' needs a non-empty, comma-separated list of values")
      }
      self.init(keyPath: assignment.keyPath, values: values)
    }

    /// Splits on commas outside brackets and quotes, so JSON values such as
    /// `{"distribution":"fixed","value":"5ms"}` stay whole.
    static func split(_ text: String) -> [String] {
      var parts: [String] = []
      var current = ""
      var depth = 0
      var inString = false
      var escaped = false
      for character in text {
        if inString {
          if escaped {
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == "\"" {
            inString = false
          }
        } else if character == "\"" {
          inString = true
        } else if character == "{" || character == "[" {
          depth += 1
        } else if character == "}" || character == "]" {
          depth -= 1
        } else if character == "," && depth == 0 {
          parts.append(current)
          current = ""
          continue
        }
        current.append(character)
      }
      parts.append(current)
      return parts
    }
  }

  /// The axes, outermost first.
  public var axes: [Axis]

  public init(axes: [Axis] = []) {
    self.axes = axes
  }

  /// The number of cells (1 without axes), or `nil` beyond `Int.max`.
  public var cellCount: Int? {
    var count = 1
    for axis in axes {
      let (product, overflow) = count.multipliedReportingOverflow(by: axis.values.count)
      if overflow { return nil }
      count = product
    }
    return count
  }

  /// The overrides of cell `index` (0 ..< cellCount), one per axis.
  public func cell(_ index: Int) -> [ScenarioOverride] {
    var remainder = index
    var overrides: [ScenarioOverride] = []
    for axis in axes.reversed() {
      overrides.append(ScenarioOverride(keyPath: axis.keyPath, text: axis.values[remainder % axis.values.count]))
      remainder /= axis.values.count
    }
    return overrides.reversed()
  }
}
