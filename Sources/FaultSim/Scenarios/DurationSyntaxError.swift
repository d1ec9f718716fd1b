/// Why a text such as `"1.5x"` is not a duration.
package struct DurationSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text that was read.
  package var text: String
  /// What is wrong and which form is allowed.
  package var message: String

  /// Creates an error about `text`.
  package init(text: String, message: String) {
    self.text = text
    self.message = message
  }

  package var description: String { message }
}
