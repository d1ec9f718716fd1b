import Foundation

/// The fuzzer's command line.
struct FuzzOptions {
  var seconds = 60.0
  var seed: UInt64 = 1
  /// The `faultsim` executable (default: next to this one).
  var faultsim: String
  /// Per-input limit, seconds.
  var timeout = 20.0
  /// Where findings are saved.
  var findings = ".build/fuzz-findings"
  /// Scratch space: the sandbox and the reader's progress files.
  var work: String
  /// The scenario corpus.
  var scenarios = "scenarios"
  var reader = true
  var commands = true
  /// `--replay command:N` or `reader:N`.
  var replay: (stream: String, index: UInt64)?
  /// Worker mode (internal): `--reader-worker --from N --progress F --findings F`.
  var worker: (from: UInt64, progress: String, findings: String)?

  static let usage = """
    USAGE: faultsim-fuzz [--seconds <s>] [--seed <n>] [--timeout <s>] [--faultsim <path>] [--scenarios <dir>]
                         [--findings <dir>] [--only reader|commands] [--replay command:<n>|reader:<n>]

    Fuzzes FaultSim's scenario reader (in a worker process, thousands of mutated scenario files a
    second) and the faultsim command line (mutated argument vectors and scenario files, one process
    each, in a sandbox) for a fixed time. Every input must end — no crash, no hang (--timeout) — with
    exit status 0, 64, 65, 66 or 73, a message on standard error when it fails, no file replaced
    without --force, and metrics that satisfy their world's invariants. Inputs are deterministic per
    seed: case N of seed S is the same everywhere; --replay runs one again and prints it.
    Exit status: 0 when nothing was found, 1 when something was (see --findings), 64 for bad options.

    """

  init(_ arguments: [String]) throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    faultsim = executable.deletingLastPathComponent().appendingPathComponent("faultsim").path
    work = FileManager.default.temporaryDirectory.appendingPathComponent("faultsim-fuzz-\(getpid())").path
    var rest = arguments[...]
    var from: UInt64?
    var progress: String?
    var findingsFile: String?
    var isWorker = false
    func value(_ flag: String) throws -> String {
      guard let value = rest.popFirst() else { throw FuzzError("\(flag) needs a value") }
      return value
    }
    func number(_ flag: String) throws -> Double {
      let text = try value(flag)
      guard let number = Double(text), number.isFinite, number > 0 else {
        throw FuzzError("\(flag): '\(text)' is not a positive number")
      }
      return number
    }
    while let flag = rest.popFirst() {
      switch flag {
      case "--seconds": seconds = try number(flag)
      case "--timeout": timeout = try number(flag)
      case "--seed":
        let text = try value(flag)
        guard let seed = UInt64(text) else { throw FuzzError("--seed: '\(text)' is not a seed (0...\(UInt64.max))") }
        self.seed = seed
      case "--faultsim": faultsim = try value(flag)
      case "--findings": findings = try value(flag)
      case "--scenarios": scenarios = try value(flag)
      case "--work": work = try value(flag)
      case "--only":
        switch try value(flag) {
        case "reader": commands = false
        case "commands": reader = false
        case let other: throw FuzzError("--only: '\(other)' is neither reader nor commands")
        }
      case "--replay":
        let text = try value(flag)
        let parts = text.split(separator: ":")
        guard parts.count == 2, ["command", "reader"].contains(parts[0]), let index = UInt64(parts[1]) else {
          throw FuzzError("--replay: '\(text)' is not command:<n> or reader:<n>")
        }
        replay = (String(parts[0]), index)
      case "--reader-worker": isWorker = true
      case "--from": from = UInt64(try value(flag))
      case "--progress": progress = try value(flag)
      case "--findings-file": findingsFile = try value(flag)
      case "-h", "--help": throw FuzzError.help
      default: throw FuzzError("unknown option '\(flag)'")
      }
    }
    if isWorker {
      guard let from, let progress, let findingsFile else {
        throw FuzzError("--reader-worker needs --from, --progress and --findings-file")
      }
      worker = (from, progress, findingsFile)
    }
  }
}

extension FuzzError {
  static let help = FuzzError("help")
}
