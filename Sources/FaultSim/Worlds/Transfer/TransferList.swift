/// The transfers an app believes are in flight, by task identifier (the
/// `taskDescription`), kept sorted; duplicates are kept, because two tasks
/// for one file are two downloads.
///
/// In the seed lesson this is the app's `Registry` at relaunch, which counts
/// the transfer the OS kept running (seed AG16). Its description is the
/// lesson's: `[a.zip,a.zip]`.
public struct TransferList: Hashable, Sendable, CustomStringConvertible {
  /// The identifiers, sorted, with repeats.
  public private(set) var identifiers: [String]

  /// The list of `identifiers`, sorted, repeats kept.
  public init(_ identifiers: [String] = []) {
    self.identifiers = identifiers.sorted()
  }

  /// Whether a transfer with this identifier is listed.
  public func contains(_ identifier: String) -> Bool {
    identifiers.contains(identifier)
  }

  /// How many transfers carry this identifier: more than one is a duplicate.
  public func count(of identifier: String) -> Int {
    identifiers.count { $0 == identifier }
  }

  /// The list with one new transfer per identifier in `added`.
  public func adding(_ added: [String]) -> TransferList {
    TransferList(identifiers + added)
  }

  /// The list after the transfers with `identifier` finished and left it.
  public func finishing(_ identifier: String) -> TransferList {
    TransferList(identifiers.filter { $0 != identifier })
  }

  /// The identifiers in order, as the seed lesson prints them: `[a.zip,a.zip]`.
  public var description: String {
    "[" + identifiers.joined(separator: ",") + "]"
  }
}
