/// The `faultsim run` command line that reproduces one run, quoted so that
/// it can be pasted into a POSIX shell: what `run`, `explore` and failing
/// properties print.
package enum ReplayCommand {
  /// `faultsim run <scenario> --seed N [--set …]… [--order …] --trace [--format …]`.
  ///
  /// - Parameters:
  ///   - overrides: `key.path=value` settings, in the order they apply.
  ///   - order: The `--order` value, or `nil` for FIFO.
  ///   - format: The `--format` value, or `nil` for text.
  package static func run(
    scenario path: String, seed: UInt64, overrides: [String], order: String? = nil, format: String? = nil
  ) -> String {
    var parts = ["faultsim", "run", quote(path), "--seed", "\(seed)"]
    for override in overrides { parts += ["--set", quote(override)] }
    if let order { parts += ["--order", quote(order)] }
    parts.append("--trace")
    if let format { parts += ["--format", quote(format)] }
    // A loop, not `joined(separator:)`, which runs unspecialised and asks
    // the runtime for the array's conformances (a scan of every
    // conformance record of the binary, once per process).
    var command = parts[0]
    for part in parts.dropFirst() {
      command += " "
      command += part
    }
    return command
  }

  /// The `--order` text of a strategy: `fifo`, `random:S`, or the
  /// comma-separated choices of a replay (`fifo` for none).
  package static func orderText(_ strategy: OrderStrategy) -> String {
    switch strategy {
    case .fifo, .byRace: return "fifo"
    case .random(let seed): return "random:\(seed)"
    case .replay(let sequence): return sequence.isEmpty ? "fifo" : sequence.map(String.init).joined(separator: ",")
    }
  }

  /// `text` as one POSIX shell word: unchanged when it holds only safe
  /// characters, else in single quotes; a file name with bytes that are not
  /// UTF-8 (see `FileName`) as `$'…\xE9…'`, which bash and zsh read back
  /// into those bytes.
  package static func quote(_ text: String) -> String {
    if FileName.display(text) != text {
      var word = "$'"
      for byte in FileName.bytes(text) {
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\\"): word += "\\" + String(UnicodeScalar(byte))
        case 0x20..<0x7F: word += String(UnicodeScalar(byte))
        default: word += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
      }
      return word + "'"
    }
    let safe = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0) }
    if safe && !text.isEmpty { return text }
    return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
