import CheckoutSimulation
import Foundation
import Testing

/// Examples/README.md, read from the package's folder.
enum Readme {
  /// The package's folder.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func text() throws -> String {
    try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
  }

  /// The lines of every block fenced as `language`.
  static func blocks(_ language: String) throws -> [[Substring]] {
    var blocks: [[Substring]] = []
    var current: [Substring]?
    for line in try text().split(separator: "\n", omittingEmptySubsequences: false) {
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
}

@Suite struct ReadmeTests {
  /// Every excerpt of checkout-trace in the README — a block that starts
  /// with its header line — is what it prints: the runs of lines between
  /// `…` appear in its output in that order.
  @Test func theTraceExcerptsAreWhatCheckoutTracePrints() throws {
    let excerpts = try Readme.blocks("text").filter { $0.first?.hasPrefix("== ") == true }
    #expect(excerpts.count == 2)
    for excerpt in excerpts {
      // "== NaiveCheckoutClient, seed 3, 10 orders of checkout-reference"
      let words = excerpt[0].split(separator: " ")
      let version = try #require(CheckoutVersion.allCases.first { "\($0.clientName)," == words[1] })
      let seed = try #require(UInt64(words[3].dropLast()))
      let orders = try #require(Int(words[4]))
      let printed = try version.timeline(seed: seed, orders: orders).split(separator: "\n")
      var from = printed.startIndex
      for run in excerpt.split(separator: "…") {
        let found = stride(from: from, through: printed.count - run.count, by: 1).first {
          Array(printed[$0..<$0 + run.count]) == Array(run)
        }
        let start = try #require(
          found, "checkout-trace does not print, after line \(from):\n\(run.joined(separator: "\n"))")
        from = start + run.count
      }
    }
  }

  /// The README's Swift fragments are the clients' code, as it is in
  /// their files.
  @Test func theSwiftFragmentsAreTheClientsCode() throws {
    let fragments = try Readme.blocks("swift")
    #expect(fragments.count == 2)
    var code: [Substring] = []
    for file in ["NaiveCheckoutClient.swift", "CheckoutClient.swift"] {
      let url = Readme.folder.appendingPathComponent("Sources/Checkout/\(file)")
      code += try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(Self.trimmed)
    }
    for fragment in fragments {
      let lines = fragment.map(Self.trimmed)
      let found = stride(from: 0, through: code.count - lines.count, by: 1).contains {
        Array(code[$0..<$0 + lines.count]) == lines
      }
      #expect(found, "not in Sources/Checkout:\n\(lines.joined(separator: "\n"))")
    }
  }

  static func trimmed(_ line: Substring) -> Substring {
    line.drop { $0 == " " }
  }
}
