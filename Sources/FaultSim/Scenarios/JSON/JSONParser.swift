/// A strict RFC 8259 JSON parser that keeps the source location of every
/// value and reports the first error with its line and column.
///
/// Foundation's `JSONDecoder` reports neither line nor column and accepts
/// some non-standard input; scenario files deserve better messages. This
/// parser rejects trailing commas, comments, single quotes, leading zeros,
/// `NaN` and `Infinity`, numbers whose magnitude overflows `Double`,
/// unescaped control characters, invalid escapes, lone surrogates, invalid
/// UTF-8, duplicate object keys, content after the top-level value, empty
/// input and nesting deeper than `maximumDepth`.
///
/// Decisions a caller may need:
/// - A leading UTF-8 byte order mark is accepted and skipped (RFC 8259 §8.1
///   allows this); it takes no column.
/// - Columns count Unicode scalars (see `ScenarioLocation`).
/// - Object keys are compared as Swift strings, so two keys that differ only
///   in Unicode normalization count as duplicates.
/// - The parser never recurses: containers live on an explicit stack, so
///   even a million `[` fail quickly with a depth error instead of
///   overflowing the call stack.
package struct JSONParser: Sendable {
  /// The default limit on arrays and objects inside each other: 128.
  package static let defaultMaximumDepth = 128

  /// How many arrays and objects may be nested; the top-level container is
  /// level 1.
  package let maximumDepth: Int

  /// Creates a parser.
  ///
  /// - Parameter maximumDepth: The deepest allowed nesting, 1...10,000.
  ///   Swift walks and releases nested values recursively, so the limit
  ///   also protects every later consumer of the tree from deep recursion.
  package init(maximumDepth: Int = JSONParser.defaultMaximumDepth) {
    precondition((1...10_000).contains(maximumDepth), "JSONParser.maximumDepth must be in 1...10_000")
    self.maximumDepth = maximumDepth
  }

  /// Parses one JSON document.
  ///
  /// - Parameter bytes: The file's contents, UTF-8.
  /// - Returns: The top-level value, which may be of any kind.
  /// - Throws: `JSONSyntaxError` at the first problem.
  /// - Complexity: O(`bytes.count`).
  package func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    let result = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONSyntaxError) -> JSONNode in try parse(buffer) }
    }
    return try result.get()
  }

  /// Parses one JSON document from a buffer of UTF-8 bytes.
  ///
  /// - Complexity: O(`buffer.count`).
  package func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONNode {
    var scanner = JSONScanner(buffer, maximumDepth: maximumDepth)
    return try scanner.document()
  }
}
