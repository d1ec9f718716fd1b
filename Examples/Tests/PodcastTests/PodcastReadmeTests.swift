import Foundation
import PodcastSimulation
import ReadmeExcerpts
import Testing

@Suite struct PodcastReadmeTests {
  /// Every excerpt of podcast-trace in the README's podcast section — a
  /// block that starts with its header line — is what it prints: the runs
  /// of lines between `…` appear in its output in that order.
  @Test func theTraceExcerptsAreWhatPodcastTracePrints() throws {
    let excerpts = try Readme.blocks("text", in: "Podcasts").filter {
      $0.first?.hasPrefix("== PodcastDownloader with ") == true
    }
    #expect(excerpts.count == 6)
    for excerpt in excerpts {
      // "== PodcastDownloader with EnqueueAll, seed 0, 1 user of podcast-relaunch-blind[, order 0,1 | , every order]"
      let parts = excerpt[0].dropFirst("== PodcastDownloader with ".count).components(separatedBy: ", ")
      let version = try #require(PodcastVersion.allCases.first { $0.reconcileName == parts[0] }, "\(parts[0])")
      let seed = try #require(UInt64(parts[1].dropFirst("seed ".count)))
      let who = parts[2].split(separator: " ")
      let users = try #require(Int(who[0]))
      let scenario = String(who[3])
      let printed: String
      switch parts.count > 3 ? parts[3] : nil {
      case "every order"?:
        printed = try version.exploration(seed: seed, users: users, scenario: scenario)
      case let order? where order.hasPrefix("order "):
        let sequence = order.dropFirst("order ".count).split(separator: ",").compactMap { Int($0) }
        printed = try version.timeline(seed: seed, users: users, scenario: scenario, order: sequence)
      default:
        printed = try version.timeline(seed: seed, users: users, scenario: scenario)
      }
      if let missing = Readme.missingRun(of: excerpt, in: printed.split(separator: "\n")) {
        Issue.record(
          "podcast-trace does not print, after line \(missing.after):\n\(missing.run.joined(separator: "\n"))")
      }
    }
  }

  /// The README's Swift fragments in its podcast section are the
  /// reconciles' code, as it is in their file.
  @Test func theSwiftFragmentsAreTheReconcilesCode() throws {
    let fragments = try Readme.blocks("swift", in: "Podcasts")
    #expect(fragments.count == 3)
    let url = Readme.folder.appendingPathComponent("Sources/Podcasts/RelaunchReconcile.swift")
    let code = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    for fragment in fragments {
      #expect(Readme.contains(code, fragment), "not in RelaunchReconcile.swift:\n\(fragment.joined(separator: "\n"))")
    }
  }
}
