import Foundation

/// Examples/README.md, read from the package's folder, for the tests that
/// check it against what the code prints and contains.
public enum Readme {
  /// The package's folder.
  public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The whole README.
  public static func text() throws -> String {
    try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
  }

  /// The section whose `## ` heading starts with `heading`, up to the next
  /// `## ` heading (its `###` subsections included); empty when there is
  /// none.
  public static func section(_ heading: String) throws -> [Substring] {
    var lines: [Substring] = []
    var inside = false
    for line in try text().split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") { inside = line.dropFirst(3).hasPrefix(heading) }
      if inside { lines.append(line) }
    }
    return lines
  }

  /// The lines of every block fenced as `language` in the section whose
  /// heading starts with `heading`.
  public static func blocks(_ language: String, in heading: String) throws -> [[Substring]] {
    var blocks: [[Substring]] = []
    var current: [Substring]?
    for line in try section(heading) {
      if current == nil {
        if line == "```\(language)" { current = [] }
      } else if line == "```" {
        blocks.append(current!)
        current = nil
      } else {
        current!.append(line)
      }
    }
    return blocks
  }

  /// Whether `lines`, without their indentation, appear one after the
  /// other in `code`, without its indentation.
  public static func contains(_ code: [Substring], _ lines: [Substring]) -> Bool {
    let code = code.map(trimmed)
    let lines = lines.map(trimmed)
    return stride(from: 0, through: code.count - lines.count, by: 1).contains {
      Array(code[$0..<$0 + lines.count]) == lines
    }
  }

  /// Where the runs of `excerpt` between `…` lines first appear in
  /// `printed`, one after the other; `nil` for each run that does not.
  ///
  /// - Returns: The first run not found and the line after which it was
  ///   looked for, or `nil` when every run was found.
  public static func missingRun(of excerpt: [Substring], in printed: [Substring]) -> (
    run: [Substring], after: Int
  )? {
    var from = printed.startIndex
    for run in excerpt.split(separator: "…") {
      let found = stride(from: from, through: printed.count - run.count, by: 1).first {
        Array(printed[$0..<$0 + run.count]) == Array(run)
      }
      guard let start = found else { return (Array(run), from) }
      from = start + run.count
    }
    return nil
  }

  /// `line` without its leading spaces.
  public static func trimmed(_ line: Substring) -> Substring {
    line.drop { $0 == " " }
  }
}
