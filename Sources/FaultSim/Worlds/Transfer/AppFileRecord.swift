/// The app's record of one file: its registry row (what the app believes)
/// beside what it really stored, in one 48-byte value, because the
/// delegate reads the one and writes the other for the same file.
@usableFromInline
struct AppFileRecord {
  @usableFromInline
  var row = RegistryRow()
  @usableFromInline
  var result = FileResult()

  /// A file the app has done nothing about.
  @inlinable
  init() {}
}
