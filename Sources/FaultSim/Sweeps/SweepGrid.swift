/// The parameter grid of a sweep: the cartesian product of the `--vary`
/// lists, in grid order — the first varied key path changes slowest, the
/// last fastest, like nested loops written in the order given.
@usableFromInline package struct SweepGrid: Hashable, Sendable {
  /// One varied key path and its values, as typed.
  @usableFromInline package struct Axis: Hashable, Sendable {
    /// The scenario key that varies, e.g. `network.responseLoss`.
    @usableFromInline package var keyPath: ScenarioKeyPath
    /// Its values, as typed (JSON text, e.g. `0.1` or `"keyed-write"`), in the
    /// order the cells take them.
    @usableFromInline package var values: [String]

    /// The axis that varies `keyPath` over `values`, in that order.
    @usableFromInline package init(keyPath: ScenarioKeyPath, values: [String]) {
      self.keyPath = keyPath
      self.values = values
    }

    /// Parses `key.path=v1,v2,…`.
    @usableFromInline package init(parsing text: String) throws(ScenarioOverrideError) {
      let assignment = try ScenarioOverride(parsing: text)
      let values = Self.split(assignment.text)
      guard !values.isEmpty, !values.contains(where: \.isEmpty) else {
        throw ScenarioOverrideError("'--vary \(text)' needs a non-empty, comma-separated list of values")
      }
      self.init(keyPath: assignment.keyPath, values: values)
    }

    /// What makes two values of an axis the same experiment: the same
    /// number (`0.1` and `0.10`), else the same text.
    struct ValueIdentity: Hashable {
      let number: Double?
      let text: String?

      init(_ value: String) {
        let node = ScenarioOverride(keyPath: .root, text: value).node
        if case .number(let number) = node.value {
          self.number = number.double
          text = nil
        } else {
          number = nil
          text = value
        }
      }
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
  @usableFromInline package var axes: [Axis]

  /// A grid of `axes`, outermost first; without axes it has one cell, the
  /// scenario as it is.
  @usableFromInline package init(axes: [Axis] = []) {
    self.axes = axes
  }

  /// The number of cells (1 without axes), or `nil` beyond `Int.max`.
  @usableFromInline package var cellCount: Int? {
    var count = 1
    for axis in axes {
      let (product, overflow) = count.multipliedReportingOverflow(by: axis.values.count)
      if overflow { return nil }
      count = product
    }
    return count
  }

  /// The most cells one sweep accepts, whatever its world.
  @usableFromInline package static let maximumCells = 100_000

  /// Checks that every cell is a different experiment and that there are
  /// not too many: no value given twice on one axis (`0.1,0.10` is one
  /// number twice), no key path varied twice, no `--set` that a `--vary`
  /// of the same key path replaces in every cell, at most `maximumCells`
  /// cells.
  ///
  /// - Throws: `ScenarioOverrideError` naming the key path and the value.
  /// - Complexity: O(values) expected (hashed lookups, never iterated).
  package func check(settings: [ScenarioOverride], maximumCells: Int) throws(ScenarioOverrideError) {
    var varied: Set<ScenarioKeyPath> = []
    for axis in axes {
      guard varied.insert(axis.keyPath).inserted else {
        throw ScenarioOverrideError("--vary \(axis.keyPath) is given twice; give all its values in one list")
      }
      var seen: [Axis.ValueIdentity: Int] = [:]
      for (position, value) in axis.values.enumerated() {
        if let first = seen.updateValue(position, forKey: Axis.ValueIdentity(value)) {
          let same = axis.values[first] == value ? "" : " ('\(axis.values[first])' is the same value)"
          throw ScenarioOverrideError(
            "--vary \(axis.keyPath): the value '\(value)' is given twice (positions \(first + 1) and \(position + 1))\(same); every cell must be a different experiment"
          )
        }
      }
    }
    if let setting = settings.first(where: { varied.contains($0.keyPath) }) {
      throw ScenarioOverrideError(
        "--set \(setting.keyPath) is replaced in every cell by --vary \(setting.keyPath); give one of them")
    }
    guard let count = cellCount, count <= maximumCells else {
      throw ScenarioOverrideError(
        "the grid has \(cellCount.map(String.init) ?? "more than \(Int.max)") cells; at most \(maximumCells) are allowed — vary fewer values"
      )
    }
  }

  /// The overrides of cell `index` (0 ..< cellCount), one per axis.
  @usableFromInline package func cell(_ index: Int) -> [ScenarioOverride] {
    var remainder = index
    var overrides: [ScenarioOverride] = []
    for axis in axes.reversed() {
      overrides.append(ScenarioOverride(keyPath: axis.keyPath, text: axis.values[remainder % axis.values.count]))
      remainder /= axis.values.count
    }
    return overrides.reversed()
  }
}
