/// How one background fetch ended, as the system sees it.
@usableFromInline package enum FetchOutcome: String, CaseIterable, Hashable, Sendable {
  /// The completion handler reported `.newData`: content was downloaded.
  case newData
  /// The completion handler reported `.noData`: nothing new on the server.
  case noData
  /// The completion handler reported `.failed` (the request failed, or the
  /// connection dropped during it).
  case failed
  /// The fetch outlasted the time limit (about 30 s) and the system killed
  /// the app before it called its completion handler. Counted as failed.
  case killed
}
