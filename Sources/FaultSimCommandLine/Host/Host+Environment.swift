#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Host {
  /// The process's environment variables, by name.
  ///
  /// Read from `environ` as `ProcessInfo.environment` read it: an entry
  /// is split at its first `=` (an entry without one is left out), bytes
  /// that are not UTF-8 become U+FFFD, and of two entries with one name the
  /// later wins.
  ///
  /// - Complexity: O(n) in the size of the environment.
  static var environment: [String: String] {
    var variables: [String: String] = [:]
    guard var entry = environmentEntries else { return variables }
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return variables
  }

  /// The variables named `names` that are set, by name, read with
  /// `getenv` (of two entries with one name, the first), without copying
  /// the rest of the environment: a command that needs one variable does
  /// not pay for a large environment.
  ///
  /// - Complexity: O(n) in the size of the environment, without copying it.
  static func environment(_ names: String...) -> [String: String] {
    var variables: [String: String] = [:]
    for name in names {
      if let value = variable(name) { variables[name] = value }
    }
    return variables
  }

  /// The value of the variable `name`, if it is set, read with `getenv`
  /// (of two entries with one name, the first).
  ///
  /// - Complexity: O(n) in the size of the environment, without copying it.
  static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The C library's list of `NAME=value` entries, ending in a null
  /// pointer; `nil` after `clearenv()`.
  private static var environmentEntries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
      darwinEnvironment().pointee
    #else
      environ
    #endif
  }
}

#if canImport(Darwin)
  // Darwin's module does not import `environ`; its accessor is the one the
  // C runtime exports (crt_externs.h).
  @_silgen_name("_NSGetEnviron")
  private func darwinEnvironment() -> UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
#endif
