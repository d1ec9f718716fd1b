import Foundation

/// Prints a line to standard output at once (unbuffered), so that a CI log
/// shows progress as it happens.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
