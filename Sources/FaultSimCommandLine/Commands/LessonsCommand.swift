import FaultSim

/// `faultsim lessons`: the seed lessons' measurement blocks, recomputed.
struct LessonsCommand: Subcommand {
  static let name = "lessons"
  static let abstract = "Recompute the seed lessons' measurement blocks with FaultSim's models and print them."

  static let info = CommandInfo(
    name: name,
    abstract: abstract,
    arguments: declaredArguments,
    discussion: [
      "The four blocks come from the background-transfer lesson (relaunch, finish-enqueue-race) and the error-and-retry lesson (retry, two-worlds). Each line is computed by FaultSim's models, and the output matches the lessons byte for byte. Blocks are separated by an empty line."
    ],
    examples: [
      "faultsim lessons",
      "faultsim lessons --block finish-enqueue-race",
    ]
  )

  @Argument(
    .choice("--block", SeedLesson.allCases.map(\.rawValue), valueName: "<name>", "Print one block."),
    read: LessonsCommand.blocks)
  var lessons: [SeedLesson]
  @Argument(.flag("--list", "List the blocks and what each measures.")) var list: Bool

  /// `--block <name>`: that block; every block when absent.
  static func blocks(
    _ arguments: inout ArgumentReader, _ declaration: ArgumentDeclaration
  ) throws(CommandFailure) -> [SeedLesson] {
    // Its own message, older than the generic one of `choice(_:)`.
    guard let name = try arguments.value(declaration) else { return SeedLesson.allCases }
    guard let lesson = SeedLesson(rawValue: name) else {
      throw arguments.usageError(
        "Unknown block '\(name)'; choose one of \(SeedLesson.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return [lesson]
  }

  func run(_ output: inout Output) throws(CommandFailure) {
    if list {
      for lesson in lessons {
        output.write(
          "\(lesson.rawValue.rightPadded(to: 22)) source document \(lesson.seedDocument): \(lesson.summary)\n")
      }
      return
    }
    do {
      output.write(try SeedLesson.report(lessons))
    } catch {
      throw .software("computing the lessons failed: \(error)")
    }
    // The blocks are the source documents' own, in their Turkish, byte for
    // byte; every block printed together ends with what their words mean.
    if lessons.count == SeedLesson.allCases.count { output.write("\n" + Self.glossary) }
  }

  /// What the blocks' Turkish words mean, in English.
  static let glossary = """
    The blocks above are the source documents' own, in their Turkish. Their words:
      bir = once, iki = twice, ab = a then b, ba = b then a
      saglam = robust, yinelemeye-duyarli = repeat-sensitive,
      siraya-duyarli = order-sensitive, cift-duyarli = doubly-sensitive
      denetlemeden-kuyruga-al = enqueue without checking, tanimlayiciya-gore = by identifier,
      bitme-ve-kuyruk = finish and enqueue (the race)
      zaman-asimi = timeout, baglanti-yok = no connection, sunucu-503 = server 503,
      istemci-404 = client 404 (true: retryable)
      anahtarsiz / anahtarli = without / with an idempotency key, deneme = attempts,
      defter = the server's ledger, kitap@k-9 = the book recorded under key k-9,
      siparis = order, butce-harca = spend the retry budget
      istemcinin gordugu esit mi = is what the client saw equal,
      sunucudaki defter esit mi = is the server's ledger equal

    """
}
