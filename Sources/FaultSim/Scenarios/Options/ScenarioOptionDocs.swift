/// The option tables of docs/scenario-format.md, docs/transfer-world.md and
/// docs/scheduling-world.md, generated from the option tables so that docs
/// and code cannot disagree.
///
/// A table stands in a page between `<!-- options: NAME … -->` and
/// `<!-- end options -->`; ``updating(_:)`` rewrites every such block, and
/// `scripts/generate-scenario-schema.sh` applies it to the pages (a test
/// fails while a page differs). `NAME` is `scenario` (the keys of every
/// scenario), `distribution` (the forms of a delay distribution), a world
/// (`transfer`: all its keys) or a world and the path of one of its
/// objects (`request.client`, `background-fetch.conditions`).
package enum ScenarioOptionDocs {
  /// The line that opens a generated table (`NAME` follows).
  package static let beginMarker = "<!-- options: "
  /// The line that closes it.
  package static let endMarker = "<!-- end options -->"

  /// The Markdown table named `name`, without a final line break, or `nil`
  /// for a name that names no table.
  ///
  /// - Complexity: O(*n*) in the number of declared keys.
  package static func table(_ name: String) -> String? {
    if name == "scenario" { return table(rows(ScenarioOptionCatalog.commonKeys, prefix: "")) }
    if name == "distribution" { return distributionTable }
    let components = name.split(separator: ".").map(String.init)
    guard let first = components.first, let world = ScenarioOptionCatalog.world(named: first) else { return nil }
    var keys = world.keys.keys
    for component in components.dropFirst() {
      guard let key = keys.first(where: { $0.key == component }), case .object(let object) = key.type else {
        return nil
      }
      keys = object.keys
    }
    return table(rows(keys, prefix: ""))
  }

  /// Every name ``table(_:)`` answers: `scenario`, `distribution`, each
  /// world and each object inside one (`request.client.backoff`), in
  /// catalogue order; for shell completion.
  ///
  /// - Complexity: O(*n*) in the number of declared keys.
  package static var tableNames: [String] {
    func objects(_ keys: [OptionDescription], under path: String) -> [String] {
      keys.flatMap { key -> [String] in
        guard case .object(let object) = key.type else { return [] }
        let name = path + "." + key.key
        return [name] + objects(object.keys, under: name)
      }
    }
    return ["scenario", "distribution"]
      + ScenarioOptionCatalog.worlds.flatMap { [$0.name] + objects($0.keys.keys, under: $0.name) }
  }

  /// `text` with every generated block rewritten from the tables.
  ///
  /// - Throws: ``ScenarioOptionDocsError`` for a block that names no table
  ///   or is never closed.
  package static func updating(_ text: String) throws(ScenarioOptionDocsError) -> String {
    var output: [Substring] = []
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    var number = 0
    while let line = lines.popFirst() {
      number += 1
      output.append(line)
      guard line.hasPrefix(beginMarker) else { continue }
      let name = line.dropFirst(beginMarker.count).prefix { $0 != " " }
      guard let table = table(String(name)) else {
        throw ScenarioOptionDocsError(line: number, message: "'\(name)' names no option table")
      }
      let opened = number
      while let next = lines.first, next != endMarker {
        lines.removeFirst()
        number += 1
      }
      guard lines.popFirst() != nil else {
        throw ScenarioOptionDocsError(line: opened, message: "the options block is never closed by \(endMarker)")
      }
      number += 1
      output.append(Substring(table))
      output.append(Substring(endMarker))
    }
    return output.joined(separator: "\n")
  }

  /// The names of the blocks in `text`, in order.
  package static func blockNames(in text: String) -> [String] {
    text.split(separator: "\n").filter { $0.hasPrefix(beginMarker) }.map {
      String($0.dropFirst(beginMarker.count).prefix { $0 != " " })
    }
  }

  /// A table of rows.
  private static func table(_ rows: [[String]]) -> String {
    (["| key | type | default | allowed | meaning |", "|---|---|---|---|---|"]
      + rows.map { "| " + $0.joined(separator: " | ") + " |" }).joined(separator: "\n")
  }

  /// One row per key, nested objects, variants and array elements expanded
  /// with dotted keys; an object documented on its own page is one row
  /// with a link.
  static func rows(_ keys: [OptionDescription], prefix: String) -> [[String]] {
    var found: [[String]] = []
    for key in keys {
      let path = prefix + key.key
      var meaning = key.summary
      var nested: [[String]] = []
      switch key.type {
      case .object(let object):
        if let page = object.documentation {
          meaning += " (see [\(page.prefix { $0 != "#" })](\(page)))"
        } else {
          nested = rows(object.keys, prefix: path + ".")
        }
      case .variants(let variants):
        for variant in variants.cases {
          nested += rows(variant.keys, prefix: path + ".").map { row in
            var row = row
            row[4] = "`\(variant.name)`: " + row[4]
            return row
          }
        }
      case .array(.object(let object), _):
        nested = rows(object.keys, prefix: path + "[].")
      default:
        break
      }
      found.append(["`\(path)`", typeText(key.type), defaultText(key.defaultValue), allowedText(key), cell(meaning)])
      found += nested
    }
    return found
  }

  /// The forms of a delay distribution.
  private static var distributionTable: String {
    var lines = ["| `distribution` | keys | meaning |", "|---|---|---|"]
    for variant in LatencyDistribution.optionVariants {
      let keys = variant.keys.map { key -> String in
        if case .duration = key.type { return "`\(key.key)`" }
        return "`\(key.key)` (\(allowedText(key)))"
      }
      lines.append("| `\(variant.name)` | \(keys.joined(separator: ", ")) | \(cell(variant.summary)) |")
    }
    return lines.joined(separator: "\n")
  }

  /// The type column.
  static func typeText(_ type: OptionType) -> String {
    switch type {
    case .integer, .unsignedInteger: return "integer"
    case .number: return "number"
    case .probability: return "probability"
    case .bool: return "bool"
    case .string, .choice: return "string"
    case .duration: return "duration"
    case .distribution: return "distribution"
    case .object, .variants: return "object"
    case .array: return "array"
    case .either(let types): return types.map(typeText).joined(separator: " or ")
    case .constant(let text): return "`\(JSONValue.quoted(text))`"
    case .any: return "any"
    }
  }

  /// The default column.
  static func defaultText(_ value: OptionDefault) -> String {
    switch value {
    case .value(let literal): return cell(literalText(literal))
    case .required: return "required"
    case .absent(let meaning), .dependent(let meaning): return cell(meaning)
    }
  }

  /// A value as the docs show it: strings, booleans and objects as code,
  /// numbers plain.
  static func literalText(_ literal: JSONOutput) -> String {
    switch literal {
    case .string(let text): return "`\(text)`"
    case .integer(let value): return OptionText.integer(Int64(value))
    case .unsigned(let value): return OptionText.unsigned(value)
    case .number(let value): return OptionText.number(value)
    case .bool, .array, .object: return "`\(literal.compact)`"
    }
  }

  /// The allowed column: the type's range or values, then rules across keys.
  static func allowedText(_ key: OptionDescription) -> String {
    let text = [typeRange(key.type)].filter { !$0.isEmpty } + key.rules
    return cell(text.joined(separator: "; "))
  }

  /// What values of a type are allowed.
  private static func typeRange(_ type: OptionType) -> String {
    switch type {
    case .integer(let range): return OptionText.range(range)
    case .unsignedInteger(let range): return OptionText.range(range)
    case .number(let range): return OptionText.range(range)
    case .probability: return "0…1"
    case .duration(let range): return OptionText.durations(range)
    case .choice(let names): return names.map { "`\($0)`" }.joined(separator: ", ")
    case .variants(let variants):
      return "`\(variants.selector)`: " + variants.cases.map { "`\($0.name)`" }.joined(separator: ", ")
    case .array(_, let count): return "at most \(OptionText.integer(Int64(count.upperBound)))"
    case .either(let types): return types.map(typeRange).joined(separator: " or ")
    case .constant(let text): return "`\(JSONValue.quoted(text))`"
    case .bool, .string, .distribution, .object, .any: return ""
    }
  }

  /// Text safe in a table cell: no line breaks, `|` escaped (unless it
  /// already is).
  private static func cell(_ text: String) -> String {
    var result = ""
    var previous: Character?
    for character in text {
      if character == "|" && previous != "\\" { result += "\\" }
      result.append(character == "\n" ? " " : character)
      previous = character
    }
    return result
  }
}

/// A generated options block in a docs page that cannot be rewritten.
package struct ScenarioOptionDocsError: Error, CustomStringConvertible {
  /// The line of the block's opening marker.
  package var line: Int
  /// What is wrong.
  package var message: String

  package var description: String { "line \(line): \(message)" }
}
