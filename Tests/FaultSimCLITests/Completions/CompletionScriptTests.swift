import Foundation
import Testing

@testable import FaultSim
@testable import FaultSimCommandLine

/// `faultsim completions bash|zsh|fish`, loaded in the real shells and asked
/// for completions (Tests/Completions/complete.sh: bash through its
/// completion function with COMP_WORDS, zsh on a pseudo-terminal with Tab,
/// fish with `complete -C`). What each line should complete to is derived
/// from the declarations, so every subcommand, option and value kind is
/// checked in every shell. `.ci/run` installs zsh and fish from Debian's
/// packages; a shell that is not installed is skipped with the reason.
@Suite(.serialized) struct CompletionScriptTests {
  static let harness = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Completions/complete.sh").path

  /// The files the completions are asked about, in a directory of their own.
  static let files = ["scenario.json", "table.csv", "plot.svg", "notes.txt"]
  static let directory = "folder"

  static func installed(_ shell: String) -> Bool {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(shell)") }
  }

  /// What a value of this kind completes to among ``files``, in a directory
  /// also holding ``directory``.
  static func expected(_ completion: ValueCompletion) -> [String] {
    switch completion {
    case .none: return []
    case .file(let extensions):
      let matching = files.filter { file in extensions.isEmpty || extensions.contains { file.hasSuffix(".\($0)") } }
      return (matching + [directory]).sorted()
    case .directory: return [directory]
    case .choices, .optionTables, .keyPaths: return completion.choices.sorted()
    }
  }

  /// Each line to complete and what it must complete to, from the
  /// declarations: subcommands, every subcommand's options, every option's
  /// value, every first positional argument.
  static func cases() -> [(line: String, expected: [String])] {
    let root = TopLevel.info
    var cases: [(String, [String])] = [
      ("faultsim ", root.subcommands.map(\.name).sorted()),
      ("faultsim sw", ["sweep"]),
      ("faultsim -", root.optionDeclarations.flatMap(\.spellings).sorted()),
      ("faultsim run x.json --format=j", ["json"]),
      ("faultsim run \(directory)/", ["inner.json"]),
    ]
    for command in root.subcommands {
      let prefix = "faultsim \(command.name) "
      cases.append((prefix + "-", command.optionDeclarations.flatMap(\.spellings).sorted()))
      for option in command.optionDeclarations where option.kind == .option {
        cases.append((prefix + option.name + " ", expected(option.completion)))
      }
      if let first = command.positionalDeclarations.first {
        cases.append((prefix, expected(first.completion)))
      }
    }
    return cases
  }

  /// The completions `shell` offers for each line, as the harness prints
  /// them; directories without their slash and files in a directory by name.
  ///
  /// - Parameter text: The script; by default what `faultsim completions`
  ///   prints.
  /// - Parameter extraFiles: Files made besides ``files``.
  static func complete(
    _ shell: String, _ lines: [String], script text: String? = nil, environment: [String: String] = [:],
    extraFiles: [String] = []
  ) throws -> [String: [String]] {
    var script = text ?? ""
    if text == nil {
      let printed = try FaultSimProcess.run(["completions", shell])
      #expect(printed.status == 0 && printed.stderr.isEmpty, "\(printed.stderr)")
      script = printed.stdout
    }
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("faultsim-completions-\(UUID())")
    defer { try? FileManager.default.removeItem(at: temporary) }
    // The files to complete, in a directory without the script.
    let work = temporary.appendingPathComponent("files")
    try FileManager.default.createDirectory(
      at: work.appendingPathComponent("\(directory)"), withIntermediateDirectories: true)
    for file in files + ["\(directory)/inner.json", "\(directory)/inner.txt"] + extraFiles {
      try Data().write(to: work.appendingPathComponent(file))
    }
    let scriptFile = temporary.appendingPathComponent("faultsim.\(shell)")
    try script.write(to: scriptFile, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", harness, shell, scriptFile.path] + lines
    process.currentDirectoryURL = work
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(shell): \(errors)")
    var results: [String: [String]] = [:]
    var current: String?
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(">> ") {
        current = String(line.dropFirst(3))
        results[current!] = []
      } else if let current, !line.isEmpty {
        var candidate = line.hasSuffix("/") ? String(line.dropLast()) : String(line)
        if let slash = candidate.lastIndex(of: "/") { candidate = String(candidate[candidate.index(after: slash)...]) }
        results[current, default: []].append(candidate)
      }
    }
    return results
  }

  func check(_ shell: String) throws {
    let cases = Self.cases()
    let results = try Self.complete(shell, cases.map(\.line))
    for (line, expected) in cases {
      #expect(results[line]?.sorted() == expected, "\(shell): '\(line)'")
    }
    // After a subcommand's only positional argument, nothing more of it:
    // bash and fish offer nothing, zsh offers the options.
    let done = try Self.complete(shell, ["faultsim completions zsh ", "faultsim help run "])
    for (line, offered) in done {
      #expect(!offered.contains("zsh") && !offered.contains("run"), "\(shell): '\(line)': \(offered)")
    }
  }

  @Test(.enabled(if: installed("bash"), "bash is not installed")) func bash() throws {
    try check("bash")
  }

  /// Value kinds no shipped option uses yet: a directory, files of two
  /// kinds, in a command of a made-up faultsim. (In the shells installed:
  /// the tests above say which are not.)
  @Test(arguments: ["bash", "zsh", "fish"].filter(installed))
  func directoriesAndFilesOfSeveralKinds(shell: String) throws {
    let pack = CommandInfo(
      name: "pack", abstract: "Packs inputs.",
      arguments: [
        .positional("<input>", repeatable: true, completion: .file(extensions: ["json", "csv"]), "Inputs."),
        .option("--into", "<directory>", completion: .directory, "Where to put them."),
      ])
    let root = CommandInfo(
      name: "", abstract: "A made-up faultsim.", subcommandSummaries: [(pack.name, pack.abstract)],
      subcommands: { [pack] })
    let script = CompletionShell(rawValue: shell)!.script(for: root)
    let results = try Self.complete(
      shell, ["faultsim pack ", "faultsim pack scenario.json ", "faultsim pack --into "], script: script)
    #expect(results["faultsim pack "] == ["folder", "scenario.json", "table.csv"], "\(results)")
    #expect(results["faultsim pack scenario.json "] == ["folder", "scenario.json", "table.csv"], "\(results)")
    #expect(results["faultsim pack --into "] == ["folder"], "\(results)")
  }

  /// A file whose name is a pattern is offered once, as itself, and makes
  /// no other name appear twice: the script never expands what it offers.
  @Test(arguments: ["bash", "zsh", "fish"].filter(installed))
  func fileNamesThatArePatternsAreOfferedAsThemselves(shell: String) throws {
    let patterns = ["*.json", "[s]cenario.json", "?.csv", "with space.json"]
    // zsh offers each name quoted as it will be typed (`\*.json`): the
    // file's own name once the backslashes are read.
    let results = try Self.complete(
      shell, ["faultsim run ", "faultsim merge ", "faultsim run --format "], extraFiles: patterns
    ).mapValues { names in names.map { shell == "zsh" ? $0.replacing("\\", with: "") : $0 } }
    #expect(
      results["faultsim run "] == ["*.json", "[s]cenario.json", "folder", "scenario.json", "with space.json"],
      "\(shell): \(results)")
    #expect(results["faultsim merge "] == ["?.csv", "folder", "table.csv"], "\(shell): \(results)")
    #expect(results["faultsim run --format "]?.isEmpty == false, "\(shell): \(results)")
  }

  /// `--set` and `--vary` complete key paths from the worlds' option
  /// tables, each with its `=` and no space after it (the value follows).
  @Test(arguments: ["bash", "zsh", "fish"].filter(installed))
  func keyPathsOfSetAndVary(shell: String) throws {
    let lines = [
      "faultsim run x.json --set network.r", "faultsim sweep x.json --vary client.backoff.j",
      "faultsim run x.json --set=network.r", "faultsim run x.json --set network.requestLoss=",
    ]
    let results = try Self.complete(shell, lines)
    let network = ScenarioOptionCatalog.completionKeyPaths.filter { $0.hasPrefix("network.r") }
    #expect(network.contains("network.requestLoss=") && network.contains("network.responseLoss="), "\(network)")
    #expect(results["faultsim run x.json --set network.r"]?.sorted() == network.sorted(), "\(shell): \(results)")
    #expect(
      results["faultsim sweep x.json --vary client.backoff.j"] == ["client.backoff.jitter="], "\(shell): \(results)")
    if shell != "zsh" {
      // zsh offers `--set=`'s value with the option's name before it.
      #expect(
        results["faultsim run x.json --set=network.r"]?.sorted().map { $0.replacing("--set=", with: "") }
          == network.sorted(), "\(shell): \(results)")
    }
    // After the `=`, the value: no other key path (zsh may offer the word
    // typed, which changes nothing).
    let afterEquals = results["faultsim run x.json --set network.requestLoss="] ?? []
    #expect(afterEquals.allSatisfy { !$0.hasSuffix("=") || $0 == "network.requestLoss=" }, "\(shell): \(results)")
  }

  /// Every world's keys are offered, each once, and each is a key that
  /// `--set` takes in some world.
  @Test func keyPathsComeFromEveryWorldsOptionTable() {
    let paths = ScenarioOptionCatalog.completionKeyPaths
    #expect(Set(paths).count == paths.count)
    #expect(paths.allSatisfy { $0.hasSuffix("=") && !$0.hasPrefix(".") })
    for world in ScenarioOptionCatalog.worlds {
      let declared = ScenarioOptionCatalog.paths(of: world).filter { !$0.holdsKeys }.map { $0.path + "=" }
      #expect(declared.allSatisfy(paths.contains), "\(world.name)")
    }
  }

  @Test(.enabled(if: installed("zsh"), "zsh is not installed: .ci/run installs it with 'apt-get install zsh'"))
  func zsh() throws {
    try check("zsh")
  }

  @Test(.enabled(if: installed("fish"), "fish is not installed: .ci/run installs it with 'apt-get install fish'"))
  func fish() throws {
    try check("fish")
  }

  /// The zsh script also loads with `source <(faultsim completions zsh)`,
  /// after compinit, instead of from $fpath.
  @Test(.enabled(if: installed("zsh"), "zsh is not installed: .ci/run installs it with 'apt-get install zsh'"))
  func zshSourced() throws {
    let results = try Self.complete(
      "zsh", ["faultsim pl", "faultsim sweep x.json --sh"], environment: ["ZSH_LOAD": "source"])
    #expect(results["faultsim pl"] == ["plot"])
    #expect(results["faultsim sweep x.json --sh"] == ["--shard"])
  }

  @Test func anUnknownShellIsAUsageError() throws {
    let result = try FaultSimProcess.run(["completions", "tcsh"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: '<shell>' expects bash, zsh or fish, got 'tcsh'\n"), "\(result.stderr)")
  }
}
