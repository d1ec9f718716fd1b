/// Reads RFC 4180 CSV: fields separated by commas, records by CRLF (or LF),
/// fields in double quotes may hold commas, quotes (doubled) and line breaks.
package enum CSVReader {
  /// The records of `text`; a trailing line break does not add a record.
  ///
  /// - Throws: `CSVSyntaxError` for an unterminated quoted field or a quote
  ///   inside an unquoted field, with the 1-based record number.
  /// - Complexity: O(n) in the length of the text.
  package static func records(_ text: String) throws(CSVSyntaxError) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var afterQuote = false
    var fieldStarted = false
    var iterator = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar?
    func next() -> Unicode.Scalar? {
      if let scalar = pending {
        pending = nil
        return scalar
      }
      return iterator.next()
    }
    while let scalar = next() {
      if quoted {
        if scalar == "\"" {
          if let following = next() {
            if following == "\"" {
              field.unicodeScalars.append("\"")
            } else {
              quoted = false
              afterQuote = true
              pending = following
            }
          } else {
            quoted = false
            afterQuote = true
          }
        } else {
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case ",":
        record.append(field)
        field = ""
        afterQuote = false
        fieldStarted = false
      case "\r", "\n":
        if scalar == "\r", let following = next(), following != "\n" { pending = following }
        record.append(field)
        records.append(record)
        record = []
        field = ""
        afterQuote = false
        fieldStarted = false
      case "\"":
        guard !fieldStarted && !afterQuote else {
          throw CSVSyntaxError(record: records.count + 1, message: "a quote inside an unquoted field")
        }
        quoted = true
        fieldStarted = true
      default:
        guard !afterQuote else {
          throw CSVSyntaxError(record: records.count + 1, message: "text after a closing quote")
        }
        field.unicodeScalars.append(scalar)
        fieldStarted = true
      }
    }
    if quoted { throw CSVSyntaxError(record: records.count + 1, message: "an unterminated quoted field") }
    if fieldStarted || afterQuote || !record.isEmpty {
      record.append(field)
      records.append(record)
    }
    return records
  }
}

/// CSV that cannot be read.
package struct CSVSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  package var record: Int
  package var message: String

  package var description: String { "record \(record): \(message)" }
}
