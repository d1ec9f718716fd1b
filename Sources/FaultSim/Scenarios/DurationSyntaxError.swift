/// Why a text such as `"1.5x"` is not a duration.
public struct DurationSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text that was read.
  public var text: String
  /// What is wrong and which form is allowed.
  public var message: String

  /// Creates an error about `text`.
  public init(text: String, message: String) {
    self.text = text
    self.message = message
  }

  public var description: String { message }
}
