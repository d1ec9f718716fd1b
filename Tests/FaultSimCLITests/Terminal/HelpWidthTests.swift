import Foundation
import Testing

/// `--help` as users see it: wrapped to `COLUMNS`, else to the terminal
/// (its width from the kernel), else to 80 columns when it goes to a file
/// or a pipe.
@Suite struct HelpWidthTests {
  /// The longest line of `help` that is not a command line (usage and
  /// examples are never wrapped).
  static func widest(_ help: String) -> Int {
    var examples = false
    var widest = 0
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "EXAMPLES:" { examples = true }
      if line.isEmpty { examples = false }
      if examples || line.hasPrefix("USAGE: ") { continue }
      widest = max(widest, line.count)
    }
    return widest
  }

  @Test func helpToAPipeIsWrappedTo80ColumnsAndCOLUMNSChangesIt() throws {
    let piped = try FaultSimProcess.run(["sweep", "--help"], environment: [:])
    #expect(piped.status == 0)
    #expect((70...80).contains(Self.widest(piped.stdout)), "\(piped.stdout)")
    let wide = try FaultSimProcess.run(["sweep", "--help"], environment: ["COLUMNS": "120"])
    #expect((100...120).contains(Self.widest(wide.stdout)), "\(wide.stdout)")
    let narrow = try FaultSimProcess.run(["sweep", "--help"], environment: ["COLUMNS": "50"])
    #expect((40...50).contains(Self.widest(narrow.stdout)), "\(narrow.stdout)")
    // The same words, however wrapped.
    let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
    #expect(words(piped.stdout) == words(wide.stdout) && words(wide.stdout) == words(narrow.stdout))
  }

  /// On a terminal (a pseudo-terminal from util-linux's `script`), help is
  /// as wide as the terminal says it is.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux's script is missing"))
  func helpOnATerminalIsAsWideAsTheTerminal() throws {
    let executable = try #require(FaultSimProcess.executable)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-q", "-c", "stty cols 100 rows 40; '\(executable.path)' sweep --help", "/dev/null"]
    process.environment = ["PATH": "/usr/bin:/bin", "TERM": "dumb"]
    let out = Pipe()
    process.standardOutput = out
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let help = output.replacingOccurrences(of: "\r", with: "")
    #expect(help.contains("OVERVIEW: "), "\(help)")
    #expect((90...100).contains(Self.widest(help)), "\(help)")
  }

  @Test func helpOfASubcommandIsTheSameAsItsHelpFlag() throws {
    for name in ["run", "sweep", "completions", "help"] {
      let flag = try FaultSimProcess.run([name, "--help"], environment: [:])
      let command = try FaultSimProcess.run(["help", name], environment: [:])
      #expect(flag.status == 0 && command.status == 0)
      #expect(flag.stdout == command.stdout, "\(name)")
    }
    let top = try FaultSimProcess.run(["help"], environment: [:])
    #expect(top.stdout == (try FaultSimProcess.run(["--help"], environment: [:])).stdout)
    #expect(top.stdout.contains("\n  completions             Print the shell completion script"), "\(top.stdout)")
  }
}
