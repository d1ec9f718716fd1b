import CheckoutSimulation
import Foundation
import ReadmeExcerpts
import Testing

@Suite struct ReadmeTests {
  /// Every excerpt of checkout-trace in the README's checkout section — a
  /// block that starts with its header line — is what it prints: the runs
  /// of lines between `…` appear in its output in that order.
  @Test func theTraceExcerptsAreWhatCheckoutTracePrints() throws {
    let excerpts = try Readme.blocks("text", in: "Checkout").filter { $0.first?.hasPrefix("== ") == true }
    #expect(excerpts.count == 2)
    for excerpt in excerpts {
      // "== NaiveCheckoutClient, seed 3, 10 orders of checkout-reference"
      let words = excerpt[0].split(separator: " ")
      let version = try #require(CheckoutVersion.allCases.first { "\($0.clientName)," == words[1] })
      let seed = try #require(UInt64(words[3].dropLast()))
      let orders = try #require(Int(words[4]))
      let printed = try version.timeline(seed: seed, orders: orders).split(separator: "\n")
      if let missing = Readme.missingRun(of: excerpt, in: printed) {
        Issue.record(
          "checkout-trace does not print, after line \(missing.after):\n\(missing.run.joined(separator: "\n"))")
      }
    }
  }

  /// The README's Swift fragments in its checkout section are the clients'
  /// code, as it is in their files.
  @Test func theSwiftFragmentsAreTheClientsCode() throws {
    let fragments = try Readme.blocks("swift", in: "Checkout")
    #expect(fragments.count == 2)
    var code: [Substring] = []
    for file in ["NaiveCheckoutClient.swift", "CheckoutClient.swift"] {
      let url = Readme.folder.appendingPathComponent("Sources/Checkout/\(file)")
      code += try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    }
    for fragment in fragments {
      #expect(Readme.contains(code, fragment), "not in Sources/Checkout:\n\(fragment.joined(separator: "\n"))")
    }
  }
}
