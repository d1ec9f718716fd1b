import Testing

@testable import FaultSim

/// The strict JSON parser under scenario files: values, locations, every
/// rejection with its line and column, and robustness against hostile input.
@Suite struct ScenarioJSONTests {
  // MARK: - Helpers

  private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    try JSONParser().parse(Array(text.utf8))
  }

  private func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    try JSONParser().parse(bytes)
  }

  /// The error for `bytes`, or `nil` when they parse.
  private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do {
      _ = try JSONParser().parse(bytes)
      return nil
    } catch {
      return error
    }
  }

  private func syntaxError(_ text: String) -> JSONSyntaxError? {
    syntaxError(Array(text.utf8))
  }

  private func members(_ node: JSONNode) -> [JSONMember] {
    if case .object(let members) = node.value { return members }
    Issue.record("expected an object, got \(node.value.kindDescription)")
    return []
  }

  private func elements(_ node: JSONNode) -> [JSONNode] {
    if case .array(let elements) = node.value { return elements }
    Issue.record("expected an array, got \(node.value.kindDescription)")
    return []
  }

  private func number(_ text: String) throws -> JSONNumber {
    let node = try parse(text)
    guard case .number(let number) = node.value else { throw ParseExpectation.notANumber }
    return number
  }

  private enum ParseExpectation: Error { case notANumber }

  // MARK: - Valid documents

  @Test func everyKindOfValueWithLocations() throws {
    let text = """
      {
        "null": null, "yes": true, "no": false,
        "number": -12.5e1,
        "text": "héllo",
        "list": [1, [], {}],
        "nested": {"a": {"b": []}}
      }
      """
    let root = try parse(text)
    #expect(root.location == ScenarioLocation(line: 1, column: 1, offset: 0))
    let all = members(root)
    #expect(all.map(\.key) == ["null", "yes", "no", "number", "text", "list", "nested"])
    #expect(all[0].node.value == .null)
    #expect(all[0].keyLocation == ScenarioLocation(line: 2, column: 3, offset: 4))
    #expect(all[0].node.location.line == 2 && all[0].node.location.column == 11)
    #expect(all[1].node.value == .bool(true))
    #expect(all[2].node.value == .bool(false))
    #expect(all[2].node.location.column == 36)
    guard case .number(let number) = all[3].node.value else {
      Issue.record("not a number")
      return
    }
    #expect(number.literal == "-12.5e1")
    #expect(number.double == -125)
    #expect(number.integer == -125)
    #expect(all[4].node.value == .string("héllo"))
    #expect(all[5].keyLocation == ScenarioLocation(line: 5, column: 3, offset: 87))
    let list = elements(all[5].node)
    #expect(list.count == 3)
    #expect(list[1].value == .array([]))
    #expect(list[2].value == .object([]))
    #expect(list[2].location.column == 19)
    let nested = members(all[6].node)
    #expect(nested.first?.key == "a")
  }

  @Test func columnsCountUnicodeScalarsNotBytes() {
    // 'é' is two bytes and '😀' four; both take one column.
    let error = syntaxError("[\"é😀\", 1,]")
    #expect(error?.location.line == 1)
    #expect(error?.location.column == 9)
    #expect(error?.location.offset == 12)
  }

  @Test func scalarsOfEveryKindParse() throws {
    #expect(try parse("null").value == .null)
    #expect(try parse(" true ").value == .bool(true))
    #expect(try parse("\"\"").value == .string(""))
    #expect(try parse("[]").value == .array([]))
    #expect(try parse("\n\t{ }\r\n").value == .object([]))
  }

  @Test func escapesIncludingSurrogatePairs() throws {
    let text = #""\" \\ \/ \b \f \n \r \t \u0041\u00e9\u20AC \uD83D\uDE00 \u0000""#
    #expect(try parse(text).value == .string("\" \\ / \u{8} \u{C} \n \r \t Aé€ 😀 \u{0}"))
    // Raw multi-byte UTF-8 is kept as is.
    #expect(try parse("\"日本 😀\"").value == .string("日本 😀"))
    // Escaped and literal pairs agree.
    #expect(try parse(#""\ud83d\ude00""#).value == .string("😀"))
  }

  @Test func numbersKeepTheirLiteralExactIntegerAndDouble() throws {
    let thousand = try number("1e3")
    #expect(thousand.integer == 1_000 && thousand.double == 1_000 && thousand.literal == "1e3")
    #expect(try number("1E+2").integer == 100)
    #expect(try number("2.0").integer == 2)
    #expect(try number("12.50e1").integer == 125)
    #expect(try number("-0").integer == 0)
    #expect(try number("-0").unsignedInteger == 0)
    #expect(try number("0.000").integer == 0)
    let fraction = try number("2.5e-3")
    #expect(fraction.integer == nil && fraction.double == 0.0025)
    #expect(try number("3.5").integer == nil)
    #expect(try number("1e-1").integer == nil)
    #expect(try number("0.1").double == 0.1)
    #expect(try number("9223372036854775807").integer == .max)
    #expect(try number("-9223372036854775808").integer == .min)
    #expect(try number("9223372036854775808").integer == nil)
    #expect(try number("9223372036854775808").unsignedInteger == 9_223_372_036_854_775_808)
    #expect(try number("18446744073709551615").unsignedInteger == .max)
    #expect(try number("18446744073709551616").unsignedInteger == nil)
    #expect(try number("-1").unsignedInteger == nil)
    #expect(try number("1e19").integer == nil)
    #expect(try number("1e19").unsignedInteger == 10_000_000_000_000_000_000)
    #expect(syntaxError("1e999999999999") != nil)
    #expect(try number("1e-999999999999").double == 0)
    #expect(try number("1e-400").double == 0)
    #expect(try number("1.7976931348623157e308").double == .greatestFiniteMagnitude)
    #expect(try number("100000000000000000000000000000").integer == nil)
  }

  @Test func aByteOrderMarkIsSkippedAndTakesNoColumn() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    #expect(
      try parse(bytes: bom + Array("[1]".utf8)).value
        == .array([
          JSONNode(value: .number(try number("1")), location: ScenarioLocation(line: 1, column: 2, offset: 4))
        ]))
    let error = syntaxError(bom + Array("[1,]".utf8))
    #expect(error?.location == ScenarioLocation(line: 1, column: 3, offset: 5))
  }

  @Test func lineEndingsLFCRLFAndCRAllCount() {
    #expect(syntaxError("[\n1,\n]")?.location.line == 2)
    #expect(syntaxError("[\r\n1,\r\n]")?.location.line == 2)
    #expect(syntaxError("[\r1,\r]")?.location.line == 2)
    #expect(syntaxError("[\r\n\r\n\r\n  1 1]")?.location == ScenarioLocation(line: 4, column: 5, offset: 11))
  }

  // MARK: - Rejections

  /// One rejected input with where and what.
  struct Rejection: CustomTestStringConvertible, Sendable {
    var input: [UInt8]
    var line: Int
    var column: Int
    var message: String

    init(_ input: String, _ line: Int, _ column: Int, _ message: String) {
      self.input = Array(input.utf8)
      self.line = line
      self.column = column
      self.message = message
    }

    init(bytes: [UInt8], _ line: Int, _ column: Int, _ message: String) {
      self.input = bytes
      self.line = line
      self.column = column
      self.message = message
    }

    var testDescription: String { String(decoding: input.prefix(40), as: UTF8.self) }
  }

  static let rejections: [Rejection] = [
    Rejection("[1, 2,]", 1, 6, "trailing comma before ']'"),
    Rejection("{\n  \"a\": 1,\n}", 2, 9, "trailing comma before '}'"),
    Rejection("{\"a\": [1,\n\n  ]}", 1, 9, "trailing comma before ']'"),
    Rejection("// settings\n{}", 1, 1, "comments are not allowed in JSON"),
    Rejection("{\"a\": 1 /* why */}", 1, 9, "comments are not allowed in JSON"),
    Rejection("{'a': 1}", 1, 2, "strings must be in double quotes, not single quotes"),
    Rejection("[\"a\", 'b']", 1, 7, "strings must be in double quotes, not single quotes"),
    Rejection("[01]", 1, 2, "numbers must not have leading zeros"),
    Rejection("[-007]", 1, 2, "numbers must not have leading zeros"),
    Rejection("[NaN]", 1, 2, "NaN is not a valid JSON number; JSON has no NaN or Infinity"),
    Rejection("[1, Infinity]", 1, 5, "Infinity is not a valid JSON number; JSON has no NaN or Infinity"),
    Rejection("[-Infinity]", 1, 3, "Infinity is not a valid JSON number; JSON has no NaN or Infinity"),
    Rejection(
      "[1e400]", 1, 2, "the number 1e400 is too large; its magnitude exceeds the largest Double (about 1.8e308)"),
    Rejection(
      "-1e400", 1, 1, "the number -1e400 is too large; its magnitude exceeds the largest Double (about 1.8e308)"),
    Rejection("[\"a\tb\"]", 1, 4, "control character U+0009 must be escaped in a string (e.g. \\t or \\u0001)"),
    Rejection("[\"a\nb\"]", 1, 4, "line break inside a string; write it as \\n, or add the missing closing '\"'"),
    Rejection(
      "[\"a\\qb\"]", 1, 4,
      "invalid escape '\\' followed by 'q'; allowed escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"),
    Rejection("\"\\u12G4\"", 1, 2, "\\u must be followed by exactly four hexadecimal digits"),
    Rejection("\"\\u12\"", 1, 2, "\\u must be followed by exactly four hexadecimal digits"),
    Rejection(
      "[\"\\uD800\"]", 1, 3,
      "lone surrogate \\uD800; a high surrogate must be followed by a low one (\\uDC00–\\uDFFF)"),
    Rejection(
      "\"x\\uD83Dy\"", 1, 3,
      "lone surrogate \\uD83D; a high surrogate must be followed by a low one (\\uDC00–\\uDFFF)"),
    Rejection(
      "\"\\uD83D\\u0041\"", 1, 2,
      "lone surrogate \\uD83D; a high surrogate must be followed by a low one (\\uDC00–\\uDFFF)"),
    Rejection(
      "\"\\uDE00\"", 1, 2,
      "lone surrogate \\uDE00; a low surrogate must follow a high one (\\uD800–\\uDBFF)"),
    Rejection(
      bytes: Array("[\"é\", \"a".utf8) + [0xFF, 0x22, 0x5D], 1, 9,
      "invalid UTF-8 byte 0xFF in a string; save the file as UTF-8"),
    Rejection(bytes: [0x22, 0xC3, 0x28, 0x22], 1, 2, "invalid UTF-8 byte 0xC3 in a string; save the file as UTF-8"),
    // Overlong '/', an encoded surrogate, and a code point above U+10FFFF.
    Rejection(bytes: [0x22, 0xC0, 0xAF, 0x22], 1, 2, "invalid UTF-8 byte 0xC0 in a string; save the file as UTF-8"),
    Rejection(
      bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2,
      "invalid UTF-8 byte 0xED in a string; save the file as UTF-8"),
    Rejection(
      bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2,
      "invalid UTF-8 byte 0xF4 in a string; save the file as UTF-8"),
    Rejection(bytes: [0x22, 0xE2, 0x82, 0x22], 1, 2, "invalid UTF-8 byte 0xE2 in a string; save the file as UTF-8"),
    Rejection(bytes: [0x5B, 0xFE, 0x5D], 1, 2, "unexpected invalid UTF-8 byte 0xFE; expected a value"),
    Rejection("[é]", 1, 2, "unexpected 'é' (U+00E9); expected a value"),
    Rejection(
      "{\"a\": 1,\n \"b\": 2,\n \"a\": 3}", 3, 2,
      "duplicate key \"a\"; it is already defined at line 1, column 2"),
    Rejection("{} {}", 1, 4, "unexpected '{' after the top-level value; a document holds exactly one value"),
    Rejection("1 2", 1, 3, "unexpected '2' after the top-level value; a document holds exactly one value"),
    Rejection("", 1, 1, "the document is empty; expected a JSON value such as an object {…}"),
    Rejection("  \n  ", 2, 3, "the document is empty; expected a JSON value such as an object {…}"),
    Rejection("[1 2]", 1, 4, "unexpected '2'; expected ',' or ']' after an array element"),
    Rejection("{\"a\": 1 \"b\": 2}", 1, 9, "unexpected '\"'; expected ',' or '}' after an object member"),
    Rejection("{\"a\" 1}", 1, 6, "unexpected '1'; expected ':' after the key \"a\""),
    Rejection("{a: 1}", 1, 2, "unexpected word 'a'; expected a key in double quotes"),
    Rejection("{,}", 1, 2, "unexpected ','; expected a key in double quotes"),
    Rejection("[,]", 1, 2, "unexpected ','; expected a value"),
    Rejection("{\"a\": }", 1, 7, "unexpected '}'; expected a value"),
    Rejection("[True]", 1, 2, "'True' is not a JSON literal; write true, false or null in lowercase"),
    Rejection("[truex]", 1, 2, "unexpected word 'truex'; expected a value (strings must be in double quotes)"),
    Rejection("[yes]", 1, 2, "unexpected word 'yes'; expected a value (strings must be in double quotes)"),
    Rejection("[-]", 1, 3, "expected a digit after '-', found ']'"),
    Rejection("[1.]", 1, 4, "expected a digit after the decimal point, found ']'"),
    Rejection("[1.e5]", 1, 4, "expected a digit after the decimal point, found 'e'"),
    Rejection("[1e]", 1, 4, "expected a digit in the exponent, found ']'"),
    Rejection("[1e+]", 1, 5, "expected a digit in the exponent, found ']'"),
    Rejection("[.5]", 1, 2, "unexpected '.'; expected a value"),
    Rejection("[+1]", 1, 2, "unexpected '+'; expected a value"),
    Rejection(
      "[0x10]", 1, 3,
      "unexpected word 'x10'; expected ',' or ']' after an array element (strings must be in double quotes)"),
    Rejection("\"abc", 1, 1, "unterminated string; add the closing '\"'"),
    Rejection("\"abc\\", 1, 5, "unterminated escape sequence at the end of the file"),
    Rejection("[1, 2", 1, 6, "unexpected end of file; the array opened at line 1, column 1 is not closed"),
    Rejection(
      "{\"a\":\n  [", 2, 4,
      "unexpected end of file; expected a value; the array opened at line 2, column 3 is not closed"),
    Rejection(
      "{\"a\"", 1, 5, "unexpected end of file; expected ':'; the object opened at line 1, column 1 is not closed"),
    Rejection(
      "{", 1, 2,
      "unexpected end of file; expected a key in double quotes; the object opened at line 1, column 1 is not closed"),
    Rejection("[\u{7}]", 1, 2, "unexpected control character U+0007; expected a value"),
  ]

  @Test(arguments: rejections)
  func rejectsWithLineAndColumn(_ rejection: Rejection) {
    guard let error = syntaxError(rejection.input) else {
      Issue.record("accepted \(rejection.testDescription)")
      return
    }
    #expect(error.message == rejection.message)
    #expect(error.location.line == rejection.line)
    #expect(error.location.column == rejection.column)
    #expect(error.description == "line \(rejection.line), column \(rejection.column): \(rejection.message)")
  }

  // MARK: - Depth

  @Test func nestingUpToTheLimitIsAcceptedAndBeyondIsRejected() throws {
    let limit = JSONParser.defaultMaximumDepth
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    _ = try parse(deepest)
    let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    let error = syntaxError(tooDeep)
    #expect(error?.location.column == limit + 1)
    #expect(error?.message == "arrays and objects are nested more than 128 levels deep; flatten the document")
    #expect(JSONParserTestSupport.depthError(JSONParser(maximumDepth: 2), "{\"a\": [{}]}")?.location.column == 8)
  }

  @Test func aMillionOpeningBracketsFailQuicklyWithoutRecursion() {
    let brackets = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
    let error = syntaxError(brackets)
    #expect(error?.location == ScenarioLocation(line: 1, column: 129, offset: 128))
    let objects = Array(String(repeating: "{\"a\":", count: 200_000).utf8)
    #expect(syntaxError(objects)?.location.column == 128 * 5 + 1)
  }

  @Test func aLongSingleLineKeepsColumnsExact() {
    // 100,000 elements on one line, then an error: the column cache keeps
    // location finding linear.
    let count = 100_000
    var text = "["
    for index in 0..<count { text += index == 0 ? "1" : ",1" }
    text += ",]"
    let error = syntaxError(text)
    #expect(error?.location.column == 2 * count + 1)
  }

  // MARK: - Robustness

  /// A document using every feature, to be mutated.
  static let sample = """
    {
      "description": "Order retried after lost responses — \\"keyless\\" \\u00e9 \\uD83D\\uDE00",
      "seed": 18446744073709551615,
      "network": {"requestLoss": 0.05, "responseLoss": 1e-1, "latency": "80ms", "jitter": null},
      "clients": [
        {"count": 3, "policy": "exponential", "keyed": true, "delays": [1, 2.5, -3e2, 0]},
        {"count": 1, "policy": "none", "keyed": false, "delays": [], "extra": {}}
      ]
    }
    """

  @Test func mutatedDocumentsParseOrThrowButNeverTrap() {
    let original = Array(Self.sample.utf8)
    var generator = Xoshiro256StarStar(seed: 20_240_601)
    let interesting: [UInt8] = Array("{}[]\",:\\-+.eE0u \n\t/'".utf8) + [0x00, 0x80, 0xBF, 0xC3, 0xED, 0xF4, 0xFF]
    var accepted = 0
    var rejected = 0
    for round in 0..<3_000 {
      var bytes = original
      let edits = 1 + Int(generator.next(below: 4))
      for _ in 0..<edits {
        guard !bytes.isEmpty else { break }
        let index = Int(generator.next(below: UInt64(bytes.count)))
        switch generator.next(below: 5) {
        case 0: bytes[index] ^= UInt8(1 << generator.next(below: 8))
        case 1: bytes[index] = interesting[Int(generator.next(below: UInt64(interesting.count)))]
        case 2: bytes.remove(at: index)
        case 3: bytes.insert(interesting[Int(generator.next(below: UInt64(interesting.count)))], at: index)
        default: bytes.removeSubrange(index...)
        }
      }
      do {
        _ = try JSONParser().parse(bytes)
        accepted += 1
      } catch {
        rejected += 1
        let location = error.location
        #expect(location.line >= 1 && location.column >= 1, "round \(round)")
        #expect(location.offset >= 0 && location.offset <= bytes.count, "round \(round)")
        #expect(!error.message.isEmpty)
      }
    }
    #expect(accepted > 0 && rejected > 0)
  }

  @Test func everyPrefixOfAValidDocumentIsRejectedWithoutTrapping() {
    let original = Array(Self.sample.utf8)
    for length in 0..<original.count - 1 {
      let prefix = Array(original[..<length])
      // Only the whole document (or a prefix ending in a complete number at
      // the top level, impossible here) is valid.
      #expect(syntaxError(prefix) != nil, "prefix of \(length) bytes")
    }
  }

  @Test func randomDocumentsRoundTrip() throws {
    for seed in 0..<200 as Range<UInt64> {
      var generator = Xoshiro256StarStar(seed: seed)
      let value = RandomJSON.value(&generator, depth: 0)
      let text = RandomJSON.serialize(value, &generator)
      let parsed: JSONNode
      do {
        parsed = try parse(text)
      } catch {
        Issue.record("seed \(seed): \(error)\n\(text)")
        continue
      }
      #expect(RandomJSON.matches(parsed, value), "seed \(seed)\n\(text)")
    }
  }
}

/// Helpers shared by the tests in this file.
private enum JSONParserTestSupport {
  static func depthError(_ parser: JSONParser, _ text: String) -> JSONSyntaxError? {
    do {
      _ = try parser.parse(Array(text.utf8))
      return nil
    } catch {
      return error
    }
  }
}

/// A random JSON value generator and printer for the round-trip test.
private enum RandomJSON {
  indirect enum Value {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([Value])
    case object([(String, Value)])
  }

  static func value(_ generator: inout Xoshiro256StarStar, depth: Int) -> Value {
    let kinds: UInt64 = depth >= 5 ? 5 : 7
    switch generator.next(below: kinds) {
    case 0: return .null
    case 1: return .bool(generator.next() & 1 == 0)
    case 2: return .integer(Int64(bitPattern: generator.next()) >> Int64(generator.next(below: 64)))
    case 3:
      let double = Double(bitPattern: generator.next())
      return .double(double.isFinite ? double : 0.5)
    case 4: return .string(string(&generator))
    case 5:
      let count = Int(generator.next(below: 5))
      return .array((0..<count).map { _ in value(&generator, depth: depth + 1) })
    default:
      let count = Int(generator.next(below: 5))
      // Unique keys: an index suffix keeps random keys distinct.
      return .object(
        (0..<count).map { index in (string(&generator) + "#\(index)", value(&generator, depth: depth + 1)) })
    }
  }

  static func string(_ generator: inout Xoshiro256StarStar) -> String {
    let alphabet: [Unicode.Scalar] = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "€", "😀", "\u{10FFFF}",
    ]
    var result = ""
    for _ in 0..<generator.next(below: 8) {
      result.unicodeScalars.append(alphabet[Int(generator.next(below: UInt64(alphabet.count)))])
    }
    return result
  }

  static func serialize(_ value: Value, _ generator: inout Xoshiro256StarStar) -> String {
    let space = [" ", "", "\n", "\r\n  ", "\t"][Int(generator.next(below: 5))]
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .integer(let integer): return String(integer)
    case .double(let double): return "\(double)"
    case .string(let text): return quote(text, &generator)
    case .array(let elements):
      return "[" + space + elements.map { serialize($0, &generator) }.joined(separator: "," + space) + "]"
    case .object(let members):
      let parts = members.map { quote($0.0, &generator) + space + ":" + serialize($0.1, &generator) }
      return "{" + space + parts.joined(separator: space + ",") + space + "}"
    }
  }

  /// Quotes with a random choice of escaping for each scalar.
  static func quote(_ text: String, _ generator: inout Xoshiro256StarStar) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      let escapeAnyway = generator.next(below: 3) == 0
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += escapeAnyway ? "\\u000a" : "\\n"
      case "\t": result += "\\t"
      case "/": result += escapeAnyway ? "\\/" : "/"
      default:
        if scalar.value < 0x20 || escapeAnyway {
          for unit in String(scalar).utf16 { result += "\\u" + JSONValue.hex4(UInt32(unit)) }
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  static func matches(_ node: JSONNode, _ value: Value) -> Bool {
    switch (node.value, value) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let number), .integer(let integer)): return number.integer == integer
    case (.number(let number), .double(let double)): return number.double == double
    case (.string(let a), .string(let b)): return Array(a.unicodeScalars) == Array(b.unicodeScalars)
    case (.array(let nodes), .array(let values)):
      return nodes.count == values.count && zip(nodes, values).allSatisfy { matches($0, $1) }
    case (.object(let members), .object(let pairs)):
      return members.count == pairs.count
        && zip(members, pairs).allSatisfy { $0.key == $1.0 && matches($0.node, $1.1) }
    default: return false
    }
  }
}
