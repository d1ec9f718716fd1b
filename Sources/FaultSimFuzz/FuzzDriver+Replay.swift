import Foundation

extension FuzzDriver {
  /// Runs one case again and prints its input and what happened.
  func replay(_ stream: String, _ index: UInt64) throws -> Int32 {
    if stream == "reader" {
      let worker = ReaderWorker(mutator: mutator, seed: options.seed)
      let result = worker.check(index)
      say(
        "reader case \(index) of seed \(options.seed): \(result.bytes.count) bytes, \(result.loaded ? "loaded" : "refused")"
      )
      say(String(decoding: result.bytes.prefix(4_000), as: UTF8.self))
      say("problem: \(result.problem ?? "none")")
      return result.problem == nil ? 0 : 1
    }
    let work = URL(fileURLWithPath: options.work)
    let scratch = work.appendingPathComponent("scratch")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let sandbox = try makeSandbox(work.appendingPathComponent("sandbox"), scratch: scratch)
    let command = command(index)
    say("command case \(index) of seed \(options.seed), in \(sandbox.url.path):")
    say(command.shellText)
    if let scenario = command.scenario { say("case.json:\n" + String(decoding: scenario.prefix(4_000), as: UTF8.self)) }
    let run = try runCommand(index, sandbox: sandbox, scratch: scratch)
    say("ending: \(run.ending)\nstdout: \(run.stdout.prefix(2_000))\nstderr: \(run.stderr.prefix(2_000))")
    return findings.isEmpty ? 0 : 1
  }
}
