import FaultSim

/// Where an interrupted sweep keeps its finished work, and how a resumed
/// one reads it back.
extension SweepCommand {
  /// The checkpoint next to the output (`<out>.checkpoint`), or, without
  /// `--out`, `faultsim-sweep-<digest>[-shard-K-of-N].checkpoint`: shards
  /// sharing a directory (an array job writing to standard output) each
  /// keep their own.
  func checkpointPath(digest: String) -> String {
    let part = shard.map { $0 == .whole ? "" : "-shard-\($0.index)-of-\($0.count)" } ?? ""
    return (out ?? "faultsim-sweep-\(digest)\(part)") + ".checkpoint"
  }

  /// The checkpoint to continue with `--resume`; without it, `nil` — and
  /// a checkpoint left by an interrupted run is refused unless `--force`
  /// discards it.
  func resumedCheckpoint(at checkpoint: String) throws(CommandFailure) -> PartialTable? {
    guard resume else {
      if OutputFile.exists(checkpoint) && !force {
        throw .cannotCreate(
          "\(checkpoint) holds an interrupted run of a sweep; pass --resume to continue it or --force to start over")
      }
      return nil
    }
    guard OutputFile.exists(checkpoint) else {
      throw .missingInput("no checkpoint at \(checkpoint) to resume from; run without --resume to start")
    }
    let text = try InputText.read(checkpoint, kind: "checkpoint")
    do {
      return try PartialTable(parsing: text, file: checkpoint)
    } catch {
      throw .data("cannot resume: \(error)\n\(Self.startOver)")
    }
  }
}
