/// The app's record of one file: what it really stored beside its
/// registry row (what the app believes), in one 32-byte value, two to a
/// line of the app's line-aligned table, because the delegate reads the one
/// and writes the other for the same file.
@usableFromInline
struct AppFileRecord: BitwiseCopyable {
  @usableFromInline
  var result = FileResult()
  @usableFromInline
  var row = RegistryRow()

  /// A file the app has done nothing about.
  @inlinable
  init() {}
}
