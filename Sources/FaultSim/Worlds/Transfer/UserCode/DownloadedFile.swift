/// A finished download at its temporary location, as the delegate's
/// `didFinishDownloadingTo` sees it: what the server sent, and a move into
/// place that works only while the delegate method runs — the system
/// deletes the file when it returns.
public struct DownloadedFile: Sendable {
  /// The HTTP status of the response (an error page may come with 200).
  public let status: Int
  /// The bytes received.
  public let byteCount: UInt64
  /// The length the server announced.
  public let expectedByteCount: UInt64
  /// Whether the bytes match the episode's published checksum.
  public let checksumMatches: Bool

  /// Where the move is recorded.
  let mover: any DownloadMover
  /// Which delivery it is (the move works while it is open).
  let delivery: UInt64
  /// The file downloaded.
  let file: Int
  /// Whether the bytes are the right ones.
  let isGood: Bool

  /// Moves the file into the app's storage under `name` (its episode's
  /// identifier, say). A second copy of one episode is a duplicate.
  ///
  /// - Throws: ``DownloadedFileError`` when the delegate method has
  ///   returned (the file is gone) or the call comes from outside the
  ///   simulation.
  public func move(to name: String) throws(DownloadedFileError) {
    try mover.move(self, to: name)
  }
}

/// Why a downloaded file could not be moved.
public struct DownloadedFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What happened.
  public var reason: String

  /// An error saying `reason`.
  public init(_ reason: String) {
    self.reason = reason
  }

  /// The reason.
  public var description: String { reason }
}

/// Where a ``DownloadedFile``'s move is carried out.
protocol DownloadMover: AnyObject, Sendable {
  func move(_ file: DownloadedFile, to name: String) throws(DownloadedFileError)
}
