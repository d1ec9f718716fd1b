/// The scenarios that ship with FaultSim, compiled into the library so that
/// tests in any package can load them without a path.
extension Scenario {
  /// The names of the scenarios that ship with FaultSim, in byte order: the
  /// files of the `scenarios/` folder in FaultSim's repository, without
  /// `.json` (`checkout-reference`, `podcast-relaunch-blind`, …).
  @usableFromInline package static var shippedNames: [String] { ShippedScenarioFiles.all.map(\.name) }

  /// Loads a scenario that ships with FaultSim by name, applying `overrides`
  /// first.
  ///
  /// ```swift
  /// let scenario = try Scenario.shipped(
  ///   "checkout-keyed", overrides: [try ScenarioOverride(parsing: "workload.operations=1000")])
  /// ```
  ///
  /// The scenario is read from the same bytes as `scenarios/<name>.json` in
  /// FaultSim's repository, so it has the same ``digest``, and its `file`
  /// is that path: a report's replay command
  /// (`faultsim run scenarios/checkout-keyed.json --seed 3 …`) replays the
  /// same run in a clone of FaultSim.
  ///
  /// - Parameters:
  ///   - name: One of `shippedNames`: the file name without folder and
  ///     extension.
  ///   - overrides: Values to change, applied in order, as `--set` does.
  /// - Throws: `ScenarioError` of kind `.unreadableInput` when no shipped
  ///   scenario has that name (the message suggests the closest name and
  ///   lists them all); `.invalidData` when an override does not fit.
  /// - Complexity: O(*n*) in the size of the scenario's text, plus
  ///   O(*k* · *m*²) for *k* names of at most *m* characters when the name
  ///   is unknown.
  public static func shipped(_ name: String, overrides: [ScenarioOverride] = []) throws(ScenarioError) -> Scenario {
    guard let file = ShippedScenarioFiles.all.first(where: { $0.name == name }) else {
      throw unknownShippedScenario(name)
    }
    return try parse(json: file.json, file: "scenarios/\(file.name).json", overrides: overrides)
  }

  /// The shipped scenario a command-line argument names, when no file of
  /// that name exists: its bare name (`checkout-reference`), the name with
  /// `.json`, or its path in FaultSim's repository
  /// (`scenarios/checkout-reference.json`, as replay lines print it).
  ///
  /// - Returns: The shipped scenario's name and text, or `nil`.
  /// - Complexity: O(shipped scenarios).
  package static func shippedFile(named argument: String) -> (name: String, json: String)? {
    let stem = Scenario.stem(of: argument)
    guard [stem, stem + ".json", "scenarios/\(stem).json", "./scenarios/\(stem).json"].contains(argument) else {
      return nil
    }
    return ShippedScenarioFiles.all.first { $0.name == stem }
  }

  /// The error for a name that is not shipped: the closest name, or the
  /// bare name when a path or extension was given, and the full list.
  static func unknownShippedScenario(_ name: String) -> ScenarioError {
    let names = shippedNames
    var message = "no scenario named \(JSONValue.quoted(name)) ships with FaultSim"
    let stem = Scenario.stem(of: name)
    if stem != name, names.contains(stem) {
      message += "; name it without folder and extension: \(JSONValue.quoted(stem))"
    } else if let suggestion = SpellingSuggestion.closest(to: stem, among: names) {
      message += "; did you mean \(JSONValue.quoted(suggestion))?"
    }
    message +=
      " Shipped scenarios: \(names.joined(separator: ", ")). A file of your own loads with Scenario.load(path:)."
    return ScenarioError(kind: .unreadableInput, file: name, message: message)
  }
}
