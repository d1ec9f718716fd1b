/// One scenario key declared once: its name, what its value may be, its doc
/// line, and how it is read and written back as JSON.
///
/// A field knows nothing about where its value lives; a row of an
/// ``OptionTable`` binds it to a property of the model's options struct,
/// whose default is then the key's default. Reading goes through
/// ``ScenarioObjectReader``'s checked accessors, so errors name the file,
/// line, column, key path and allowed range, and the key becomes one of the
/// object's allowed keys (for "did you mean").
///
/// Fields of a variant (a distribution's `min`, a retry budget's
/// `capacity`) are read on their own, with ``standaloneDefault``.
struct OptionField<Value: Sendable>: Sendable {
  /// The key as written in a scenario file.
  let key: String
  /// One line for people: what the value means.
  let summary: String
  /// What the value may be, for the docs and the schema.
  let type: OptionType
  /// The default when the field is read on its own (a variant's key);
  /// `nil` makes it required there.
  let standaloneDefault: Value?
  /// Reads the value at the key from an object; the last argument is the
  /// value when the key is absent, `nil` making it required.
  let reading: @Sendable (ScenarioObjectReader, String, Value?) throws(ScenarioError) -> Value
  /// A value as a scenario writes it.
  let literal: @Sendable (Value) -> JSONOutput

  /// Creates a field from its parts; the typed factories
  /// (``integer(_:in:_:)`` and the like) are the usual way.
  init(
    _ key: String, _ summary: String, type: OptionType, standaloneDefault: Value? = nil,
    reading: @escaping @Sendable (ScenarioObjectReader, String, Value?) throws(ScenarioError) -> Value,
    literal: @escaping @Sendable (Value) -> JSONOutput
  ) {
    self.key = key
    self.summary = summary
    self.type = type
    self.standaloneDefault = standaloneDefault
    self.reading = reading
    self.literal = literal
  }

  /// The value at the key, or `fallback` when it is absent.
  ///
  /// - Throws: `ScenarioError` for a missing required key, a wrong type or
  ///   a value out of range.
  func read(_ reader: ScenarioObjectReader, default fallback: Value?) throws(ScenarioError) -> Value {
    try reading(reader, key, fallback)
  }

  /// The value at the key with the field's own default (a variant's key).
  func read(_ reader: ScenarioObjectReader) throws(ScenarioError) -> Value {
    try reading(reader, key, standaloneDefault)
  }

  /// The same field with a default for reading on its own.
  func defaulting(to value: Value) -> OptionField {
    OptionField(key, summary, type: type, standaloneDefault: value, reading: reading, literal: literal)
  }

  /// The field's description with the given default.
  func description(default value: OptionDefault) -> OptionDescription {
    OptionDescription(key: key, summary: summary, type: type, defaultValue: value)
  }

  /// The field's description as read on its own.
  var standaloneDescription: OptionDescription {
    description(default: standaloneDefault.map { .value(literal($0)) } ?? .required)
  }

  /// `(key, value)` as a member of an object literal.
  func member(_ value: Value) -> (key: String, value: JSONOutput) {
    (key, literal(value))
  }
}
