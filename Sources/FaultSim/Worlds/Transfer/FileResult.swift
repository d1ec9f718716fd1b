/// What became of one file on the app's side, whatever the registry says:
/// whether a copy is stored (and intact), whether the server rejected the
/// upload, and when the first copy arrived. The app writes it as it stores
/// files; the run's metrics read it. 20 bytes, the times first, so that
/// the registry row fits after it in a 32-byte ``AppFileRecord``.
@usableFromInline
struct FileResult: BitwiseCopyable {
  /// When the first copy was stored.
  @usableFromInline
  var storedAt = VirtualTime.zero
  /// Bytes that count towards the stored copy (the rest moved is waste).
  @usableFromInline
  var usefulBytes: UInt64 = 0
  /// A copy is in place (downloads: on disk; uploads: on the server).
  @usableFromInline
  var stored = false
  /// The stored copy is corrupt.
  @usableFromInline
  var corrupt = false
  /// The server rejected an upload of it with 413.
  @usableFromInline
  var rejected = false
  /// Uploads: whether the staging file still exists.
  @usableFromInline
  var staging = true
}
