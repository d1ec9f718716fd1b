/// RFC 4180 CSV: comma-separated fields, CRLF line breaks, and fields that
/// contain a comma, a quote or a line break wrapped in double quotes with
/// inner quotes doubled.
package enum CSVWriter {
  /// One record, including its CRLF.
  package static func record(_ fields: [String]) -> String {
    fields.map(escape).joined(separator: ",") + "\r\n"
  }

  /// A field, quoted when it needs to be.
  package static func escape(_ field: String) -> String {
    // Scalars, not characters: "\r\n" is one Character equal to neither.
    guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return field
    }
    return "\"" + field.replacingQuotes() + "\""
  }
}

extension String {
  fileprivate func replacingQuotes() -> String {
    var result = ""
    for character in self {
      if character == "\"" { result += "\"\"" } else { result.append(character) }
    }
    return result
  }
}
