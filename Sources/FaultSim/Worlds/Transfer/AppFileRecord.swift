/// The app's record of one file: its registry row (what the app believes)
/// beside what it really stored, in one 48-byte value, because the
/// delegate reads the one and writes the other for the same file.
struct AppFileRecord {
  var row = RegistryRow()
  var result = FileResult()
}
