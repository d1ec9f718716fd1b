/// What the server answered a finished transfer.
@usableFromInline
enum TransferResponse {
  /// A download's body.
  case download(DownloadContent)
  /// An upload's status.
  case upload(UploadResponse)
}

/// The server's answer to a finished upload.
@usableFromInline
enum UploadResponse: UInt8 {
  /// 200: stored.
  case accepted
  /// 413: permanently rejected.
  case payloadTooLarge

  /// The HTTP status.
  @usableFromInline
  var status: UInt16 { self == .accepted ? 200 : 413 }
}
