/// One case of an object whose selector key picks its other keys (the
/// `"uniform"` of `{"distribution": "uniform", "min": …, "max": …}`):
/// its keys, how to read them into the model's value, and how to write a
/// value of this case back.
struct OptionVariant<Value: Sendable>: Sendable {
  /// The selector's value for this case.
  let name: String
  /// What the case means, for the docs.
  let summary: String
  /// The case's keys besides the selector, in reading order.
  let keys: [OptionDescription]
  /// Reads the case's keys from the object (the selector is already read).
  let read: @Sendable (ScenarioObjectReader) throws(ScenarioError) -> Value
  /// The keys of `value` when it is this case, else `nil`.
  let members: @Sendable (Value) -> [(key: String, value: JSONOutput)]?

  /// Declares a case.
  ///
  /// - Parameters:
  ///   - keys: The descriptions of the fields `read` reads, in its order
  ///     (`field.standaloneDescription`); a test checks that the reader's
  ///     allowed keys are exactly these.
  init(
    _ name: String, _ summary: String, keys: [OptionDescription],
    read: @escaping @Sendable (ScenarioObjectReader) throws(ScenarioError) -> Value,
    members: @escaping @Sendable (Value) -> [(key: String, value: JSONOutput)]?
  ) {
    self.name = name
    self.summary = summary
    self.keys = keys
    self.read = read
    self.members = members
  }

  /// The case as the docs and the schema see it.
  var description: OptionVariants.Case {
    OptionVariants.Case(name: name, summary: summary, keys: keys)
  }
}
