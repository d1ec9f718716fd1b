/// `--help`, derived from the declarations and laid out as
/// swift-argument-parser lays it out: labels indented two spaces,
/// descriptions in a column from the 27th character (under their label when
/// the label is too long), everything wrapped to the terminal.
extension CommandInfo {
  /// The column descriptions start in, counted from 0.
  static let descriptionColumn = 26

  /// The full `--help` text for a terminal of `width` columns.
  func help(width: Int) -> String {
    var sections = [
      TextWrapping.lines("OVERVIEW: \(abstract)", width: width).joined(separator: "\n"),
      Self.wrappedUsage(usageParts, width: width),
    ]
    let positionals = positionalDeclarations
    if !positionals.isEmpty {
      sections.append(Self.table("ARGUMENTS:", positionals.map { ($0.helpLabel, $0.helpText) }, width: width))
    }
    sections.append(Self.table("OPTIONS:", optionDeclarations.map { ($0.helpLabel, $0.helpText) }, width: width))
    if !subcommandSummaries.isEmpty {
      sections.append(Self.table("SUBCOMMANDS:", subcommandSummaries.map { ($0.name, $0.abstract) }, width: width))
    }
    for paragraph in discussion {
      sections.append(TextWrapping.lines(paragraph, width: width).joined(separator: "\n"))
    }
    if !examples.isEmpty {
      sections.append((["EXAMPLES:"] + examples.map { "  \($0)" }).joined(separator: "\n"))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// `USAGE: faultsim sweep <scenario> …` wrapped to `width` between
  /// arguments (never inside one), continuation lines aligned after the
  /// command line, as swift-argument-parser does.
  ///
  /// - Complexity: O(n) in the length of the usage line.
  static func wrappedUsage(_ parts: [String], width: Int) -> String {
    guard let first = parts.first else { return "USAGE:" }
    let head = "USAGE: \(first)"
    // Aligned after the command line when the longest argument fits there;
    // on a narrow terminal, two spaces.
    let longest = parts.dropFirst().map(\.count).max() ?? 0
    let indent = head.count + 1 + longest <= width ? head.count + 1 : 2
    let pad = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = head
    for part in parts.dropFirst() {
      if line.count + 1 + part.count <= width || line.count <= indent {
        line += " " + part
      } else {
        lines.append(line)
        line = pad + part
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// A titled section of labels and their wrapped descriptions: a label
  /// too long for the column puts its description on the next line.
  static func table(_ title: String, _ rows: [(label: String, text: String)], width: Int) -> String {
    var lines = [title]
    for (label, text) in rows {
      let labelled = "  \(label)"
      let description = TextWrapping.hanging(
        text, width: width, indent: descriptionColumn, firstColumn: descriptionColumn)
      // Two spaces at least between a label and its description.
      if labelled.count + 2 <= descriptionColumn {
        lines.append(labelled + String(repeating: " ", count: descriptionColumn - labelled.count) + description)
      } else {
        lines.append(labelled)
        lines.append(String(repeating: " ", count: descriptionColumn) + description)
      }
    }
    return lines.joined(separator: "\n")
  }
}
