/// A JUnit XML report — the format CI systems show as test results — of
/// one `faultsim check`: one test case per scenario, in the order given.
///
/// It carries no time or host name, so the same files give the same
/// report. Text is escaped for XML 1.0: markup characters as entities,
/// and characters XML cannot carry at all (control characters other than
/// tab and line breaks, unpaired surrogates cannot occur in `String`) as
/// `U+FFFD`.
struct JUnitReport {
  /// How one test case ended.
  enum Outcome {
    /// Valid.
    case passed
    /// Invalid, or with warnings under `--strict`: the message and the
    /// details.
    case failed(message: String, details: String)
    /// The file could not be read.
    case error(message: String)
  }

  /// One test case: its name (the scenario as given), its outcome and the
  /// warnings it printed.
  struct TestCase {
    var name: String
    var outcome: Outcome
    var warnings: [String]
  }

  /// The suite's name, also each test case's class name.
  var suite: String
  var cases: [TestCase] = []

  /// The document, ending with a line break.
  ///
  /// - Complexity: O(*n*) in the size of the names and messages.
  var xml: String {
    let failures = cases.count { if case .failed = $0.outcome { true } else { false } }
    let errors = cases.count { if case .error = $0.outcome { true } else { false } }
    let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text += "<testsuites name=\"\(Self.escaped(suite))\" \(counts)>\n"
    text += "  <testsuite name=\"\(Self.escaped(suite))\" \(counts)>\n"
    for testCase in cases {
      text += "    <testcase classname=\"\(Self.escaped(suite))\" name=\"\(Self.escaped(testCase.name))\""
      let output = testCase.warnings.map { "warning: \($0)\n" }.joined()
      if case .passed = testCase.outcome, output.isEmpty {
        text += "/>\n"
        continue
      }
      text += ">\n"
      switch testCase.outcome {
      case .passed: break
      case .failed(let message, let details):
        text += "      <failure message=\"\(Self.escaped(message))\">\(Self.escaped(details))</failure>\n"
      case .error(let message):
        text += "      <error message=\"\(Self.escaped(message))\">\(Self.escaped(message))</error>\n"
      }
      if !output.isEmpty { text += "      <system-err>\(Self.escaped(output))</system-err>\n" }
      text += "    </testcase>\n"
    }
    text += "  </testsuite>\n</testsuites>\n"
    return text
  }

  /// `text` safe in XML character data and in a double-quoted attribute.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      // Line breaks and tabs as references, so that an attribute keeps them.
      case "\n": result += "&#10;"
      case "\r": result += "&#13;"
      case "\t": result += "&#9;"
      case "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
      default:
        result.unicodeScalars.append(scalar.value < 0x20 ? "\u{FFFD}" : scalar)
      }
    }
    return result
  }
}
