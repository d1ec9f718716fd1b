import FaultSim
import Foundation

/// `faultsim-fuzz`: see ``FuzzOptions/usage``.

// A process started from a thread that blocks signals inherits the mask
// (Foundation's Process keeps it): unblock them all, so that the commands
// and the worker this fuzzer starts behave as they do from a shell.
var noSignals = sigset_t()
sigemptyset(&noSignals)
pthread_sigmask(SIG_SETMASK, &noSignals, nil)
let options: FuzzOptions
do {
  options = try FuzzOptions(Array(CommandLine.arguments.dropFirst()))
} catch let error as FuzzError {
  if error.description == "help" {
    say(FuzzOptions.usage)
    exit(0)
  }
  FileHandle.standardError.write(Data("Error: \(error)\n\(FuzzOptions.usage)".utf8))
  exit(64)
}

/// The shipped scenarios, parsed: the mutator's corpus.
func loadCorpus(_ folder: String) throws -> (ScenarioMutator, [String]) {
  let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
  var corpus: [(name: String, tree: JSONTree, bytes: [UInt8])] = []
  var paths: [String] = []
  for name in names {
    let path = URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    corpus.append((name, JSONTree(try JSONParser().parse(bytes)), bytes))
    paths.append(path)
  }
  guard !corpus.isEmpty else { throw FuzzError("no scenarios (*.json) in \(folder); pass --scenarios <dir>") }
  return (ScenarioMutator(corpus: corpus), paths)
}

do {
  let (mutator, paths) = try loadCorpus(options.scenarios)
  if let worker = options.worker {
    ReaderWorker(mutator: mutator, seed: options.seed).run(
      from: worker.from, progress: worker.progress, findings: worker.findings)
  }
  let driver = FuzzDriver(options: options, mutator: mutator, scenarios: paths)
  if let (stream, index) = options.replay {
    exit(try driver.replay(stream, index))
  }
  guard FileManager.default.isExecutableFile(atPath: options.faultsim) || !options.commands else {
    throw FuzzError(
      "no faultsim executable at \(options.faultsim); build it (swift build -c release) or pass --faultsim <path>")
  }
  exit(try driver.run())
} catch {
  FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
  exit(66)
}
