extension Scenario {
  /// The scenario's transfer world with its app written as your code: on
  /// every device, `App` runs as the scenario's lifecycle says — launched,
  /// suspended, terminated or force-quit, reopened, woken in the
  /// background — over the scenario's OS transfer daemon.
  ///
  /// ```swift
  /// let world = try Scenario.shipped("podcast-relaunch-by-id").transferWorld(app: MyDownloader.self)
  /// print(try world.measure(seeds: 0..<4).duplicated)
  /// ```
  ///
  /// The built-in app's settings (`app.*`) do not apply: your app decides.
  /// A scenario that needs the built-in app — uploads, a reconcile job
  /// (`reconcileJob`), user cancellations (`app.userCancels`) — is refused
  /// rather than run without them.
  ///
  /// - Throws: ``WrongWorldError`` when the scenario is not a transfer
  ///   world; ``UnsupportedScenarioError`` when it needs the built-in app.
  public func transferWorld<App: BackgroundTransferApp>(
    app: App.Type
  ) throws -> PluggedScenario<UserCodeTransferWorld<App>> {
    if let options = TransferWorld.options(of: world) {
      let reasons = UserCodeTransferApp<App>.unsupported(options)
      if !reasons.isEmpty {
        throw UnsupportedScenarioError(
          file: file,
          reason: "an app of your own runs downloads, without the built-in app's reconcile job or user "
            + "cancellations, but \(reasons.joined(separator: ", "))")
      }
    }
    var replaced: [ScenarioWarning] = []
    if let options = TransferWorld.options(of: world), options.app != TransferWorldOptions.AppPolicy() {
      replaced.append(
        ScenarioWarning(
          file: file, keyPath: ScenarioKeyPath([.key("app")]), check: "user-code-app",
          message:
            "the built-in app's options cannot affect the run: your app decides its reconcile, session "
            + "identifier, validation and retries"))
    }
    return try PluggedScenario(scenario: self, replaced: replaced) { world in
      TransferWorld.options(of: world).map { UserCodeTransferWorld<App>.Options(scenario: $0) }
    }
  }
}

/// A scenario that decisions given in Swift cannot run as it is written:
/// it relies on something of the built-in component they replace.
public struct UnsupportedScenarioError: Error, Sendable, CustomStringConvertible {
  /// The scenario file.
  public var file: String
  /// What it relies on.
  public var reason: String

  /// `scenarios/upload-413.json cannot run with an app of your own: …`.
  public var description: String { "\(file) cannot run with these decisions: \(reason)" }
}
