/// Reading a transfer world from a scenario file (`"world": "transfer"`),
/// documented in docs/transfer-world.md. Every key is optional.
extension TransferWorldOptions {
  /// The bounds a transfer scenario accepts.
  enum Limits {
    static let users = 1...1_000_000
    static let filesPerUser = 1...10_000
    static let files = 1...10_000_000
    static let bytes: ClosedRange<UInt64> = 1...(1 << 44)
    static let rate: ClosedRange<UInt64> = 1...UInt64(UInt32.max)
    static let attempts = 1...1_000
    static let horizon: ClosedRange<UInt64> = 60_000_000_000...(60 * 86_400_000_000_000)
  }

  init(reading root: ScenarioObjectReader) throws(ScenarioError) {
    self.init()
    if let section = try root.object("workload") { try workload.read(section) }
    if let section = try root.object("lifecycle") { try lifecycle.read(section) }
    if let section = try root.object("app") { try app.read(section) }
    if let section = try root.object("daemon") { try daemon.read(section) }
    if let section = try root.object("constraints") {
      constraints.wifiOnly = try section.bool("wifiOnly", default: false)
      constraints.requiresPower = try section.bool("requiresPower", default: false)
    }
    if let section = try root.object("conditions") { conditions = try DeviceConditionsOptions(reading: section) }
    horizon = .nanoseconds(try root.duration("horizon", default: horizon.nanoseconds, in: Limits.horizon))
    if let section = try root.object("reconcileJob") {
      var job = ReconcileJob()
      try job.read(section)
      reconcileJob = job
    }
    if let section = try root.object("scheduler") { scheduler = try BackgroundTaskSchedulerOptions(reading: section) }
    if let section = try root.object("races") {
      races = try RaceOptions(reading: section)
    }
    guard workload.users * workload.filesPerUser <= Limits.files.upperBound else {
      throw root.error(
        "\(workload.users) users × \(workload.filesPerUser) files is more than \(Limits.files.upperBound) files; lower workload.users or workload.filesPerUser",
        key: "workload")
    }
  }
}

extension TransferWorldOptions.Workload {
  mutating func read(_ reader: ScenarioObjectReader) throws(ScenarioError) {
    users = try reader.integer("users", default: users, in: TransferWorldOptions.Limits.users)
    filesPerUser = try reader.integer(
      "filesPerUser", default: filesPerUser, in: TransferWorldOptions.Limits.filesPerUser)
    kind = try reader.choice("kind", default: kind)
    if reader.contains("bytes") {
      let bytes = try reader.unsigned64("bytes", in: TransferWorldOptions.Limits.bytes)
      minimumBytes = bytes
      maximumBytes = bytes
    }
    minimumBytes = try reader.unsigned64("minimumBytes", default: minimumBytes, in: TransferWorldOptions.Limits.bytes)
    maximumBytes = try reader.unsigned64(
      "maximumBytes", default: max(maximumBytes, minimumBytes), in: TransferWorldOptions.Limits.bytes)
    guard minimumBytes <= maximumBytes else {
      throw reader.error("maximumBytes is below minimumBytes", key: "maximumBytes")
    }
    contentLengthKnown = try reader.probability("contentLengthKnown", default: contentLengthKnown)
  }
}

extension TransferWorldOptions.Lifecycle {
  mutating func read(_ reader: ScenarioObjectReader) throws(ScenarioError) {
    if let value = reader.value("backgroundAt") { backgroundAt = try LatencyDistribution.read(value) }
    termination = try reader.choice("termination", default: termination)
    if let value = reader.value("terminationAt") { terminationAt = try LatencyDistribution.read(value) }
    if let value = reader.value("relaunchAt") { relaunchAt = try LatencyDistribution.read(value) }
    relaunches = try reader.integer("relaunches", default: relaunches, in: 1...10)
    sendsLaunchEvents = try reader.bool("sendsLaunchEvents", default: sendsLaunchEvents)
    relaunchDelayBase = .nanoseconds(
      try reader.duration("relaunchDelayBase", default: relaunchDelayBase.nanoseconds, in: ScenarioLimits.delay))
    relaunchDelayCap = .nanoseconds(
      try reader.duration(
        "relaunchDelayCap", default: max(relaunchDelayCap.nanoseconds, relaunchDelayBase.nanoseconds),
        in: ScenarioLimits.delay))
    guard relaunchDelayCap >= relaunchDelayBase else {
      throw reader.error("relaunchDelayCap is below relaunchDelayBase", key: "relaunchDelayCap")
    }
    backgroundWorkPerWake = .nanoseconds(
      try reader.duration("backgroundWorkPerWake", default: backgroundWorkPerWake.nanoseconds, in: ScenarioLimits.delay)
    )
  }
}

extension TransferWorldOptions.AppPolicy {
  mutating func read(_ reader: ScenarioObjectReader) throws(ScenarioError) {
    reconcile = try reader.choice("reconcile", default: reconcile)
    sessionIdentifier = try reader.choice("sessionIdentifier", default: sessionIdentifier)
    userCancels = try reader.probability("userCancels", default: userCancels)
    cancelRemovesRow = try reader.bool("cancelRemovesRow", default: cancelRemovesRow)
    usesResumeData = try reader.bool("usesResumeData", default: usesResumeData)
    validation = try reader.choice("validation", default: validation)
    moveTiming = try reader.choice("moveTiming", default: moveTiming)
    stagingDeletion = try reader.choice("stagingDeletion", default: stagingDeletion)
    destinationWrites = try reader.choice("destinationWrites", default: destinationWrites)
    maximumAttempts = try reader.integer(
      "maximumAttempts", default: maximumAttempts, in: TransferWorldOptions.Limits.attempts)
    reconcileOnBackgroundLaunch = try reader.bool("reconcileOnBackgroundLaunch", default: reconcileOnBackgroundLaunch)
  }
}

extension TransferWorldOptions.Daemon {
  mutating func read(_ reader: ScenarioObjectReader) throws(ScenarioError) {
    wifiBytesPerSecond = try reader.unsigned64(
      "wifiBytesPerSecond", default: wifiBytesPerSecond, in: TransferWorldOptions.Limits.rate)
    cellularBytesPerSecond = try reader.unsigned64(
      "cellularBytesPerSecond", default: cellularBytesPerSecond, in: TransferWorldOptions.Limits.rate)
    throughputSpread = try reader.double("throughputSpread", default: throughputSpread, in: 0...0.99)
    failure = try reader.probability("failure", default: failure)
    resumeData = try reader.probability("resumeData", default: resumeData)
    errorStatus = try reader.probability("errorStatus", default: errorStatus)
    errorPage = try reader.probability("errorPage", default: errorPage)
    truncated = try reader.probability("truncated", default: truncated)
    corruptedBytes = try reader.probability("corruptedBytes", default: corruptedBytes)
    rejection = try reader.probability("rejection", default: rejection)
    guard errorStatus + errorPage + truncated + corruptedBytes <= 1 else {
      throw reader.error(
        "errorStatus + errorPage + truncated + corruptedBytes exceeds 1; they are shares of one outcome",
        key: "corruptedBytes")
    }
  }
}

extension TransferWorldOptions.ReconcileJob {
  mutating func read(_ reader: ScenarioObjectReader) throws(ScenarioError) {
    earliestBeginAfter = .nanoseconds(
      try reader.duration("earliestBeginAfter", default: earliestBeginAfter.nanoseconds, in: ScenarioLimits.span))
    requiresNetwork = try reader.bool("requiresNetwork", default: requiresNetwork)
    requiresPower = try reader.bool("requiresPower", default: requiresPower)
    if let value = reader.value("work") { work = try LatencyDistribution.read(value) }
    expirationCancelsTransfers = try reader.bool("expirationCancelsTransfers", default: expirationCancelsTransfers)
    guardedSubmission = try reader.bool("guardedSubmission", default: guardedSubmission)
  }
}
