/// What a finished download holds, as the server sent it: good, or one of
/// the kinds of bad content an app's validation may or may not notice.
@usableFromInline
enum DownloadContent: UInt8, Sendable, CustomStringConvertible {
  case good
  case errorStatus
  case errorPage
  case truncated
  case corruptedBytes

  /// The HTTP status the response carried.
  @usableFromInline
  var status: UInt16 { self == .errorStatus ? 404 : 200 }

  /// How traces name it (`content=error page sent with 200`).
  @usableFromInline
  var description: String {
    switch self {
    case .good: return "good"
    case .errorStatus: return "HTTP error status"
    case .errorPage: return "error page sent with 200"
    case .truncated: return "truncated body"
    case .corruptedBytes: return "corrupted bytes"
    }
  }
}
