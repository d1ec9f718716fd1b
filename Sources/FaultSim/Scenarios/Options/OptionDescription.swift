/// What one scenario key is — its name, value type, allowed range, default
/// and doc line — for the documentation tables and the JSON Schema.
///
/// Derived from the key's declaration (``OptionField``) in its section's
/// ``OptionTable``, with the default read from the model's own struct, so
/// nothing here is written twice.
package struct OptionDescription: Sendable {
  /// The key as written in a scenario file.
  package var key: String
  /// One line for people: what the value means.
  package var summary: String
  /// What the value may be.
  package var type: OptionType
  /// What a scenario that leaves the key out gets.
  package var defaultValue: OptionDefault
  /// Rules across keys that concern this key (`cap ≥ base`), from the
  /// table's checks.
  package var rules: [String] = []
}

/// The value a scenario key takes, as far as a reader of the docs or a JSON
/// Schema validator is concerned.
package indirect enum OptionType: Sendable {
  /// A whole number in the range.
  case integer(ClosedRange<Int>)
  /// A whole number in the range, up to `UInt64.max`.
  case unsignedInteger(ClosedRange<UInt64>)
  /// A number in the range.
  case number(ClosedRange<Double>)
  /// A number in 0…1.
  case probability
  /// `true` or `false`.
  case bool
  /// Any string.
  case string
  /// A duration string (`"250ms"`) within the range, in nanoseconds.
  case duration(ClosedRange<UInt64>)
  /// One of the strings, listed in this order.
  case choice([String])
  /// A delay distribution: a duration string or an object naming its
  /// `distribution` (``LatencyDistribution/optionVariants``).
  case distribution
  /// An object with these keys.
  case object(OptionObject)
  /// An object whose selector key picks which other keys it takes.
  case variants(OptionVariants)
  /// An array of values of one type, with this many elements.
  case array(OptionType, count: ClosedRange<Int>)
  /// A value of any of the types (`conflictLimit`: an integer or
  /// `"unlimited"`).
  case either([OptionType])
  /// Exactly this string.
  case constant(String)
  /// Any JSON value (read by nobody: `$schema`).
  case any
}

/// The keys of one scenario object, in reading order.
package struct OptionObject: Sendable {
  /// The keys.
  package var keys: [OptionDescription]
  /// The page and anchor documenting the object when it is shared by
  /// several worlds (`scheduling-world.md#scheduler`); another world's
  /// table links there instead of repeating its keys.
  package var documentation: String?
}

/// An object whose selector key (`distribution`, `kind`) picks one of
/// several sets of keys.
package struct OptionVariants: Sendable {
  /// One choice of the selector and the keys it takes.
  package struct Case: Sendable {
    /// The selector's value.
    package var name: String
    /// What this case means.
    package var summary: String
    /// The keys besides the selector.
    package var keys: [OptionDescription]
  }

  /// The key that picks the case.
  package var selector: String
  /// The cases, in the order messages list them.
  package var cases: [Case]
}

/// What a scenario that leaves a key out gets.
package enum OptionDefault: Sendable {
  /// The model's default value, as a scenario would write it.
  case value(JSONOutput)
  /// Nothing: the key must be given.
  case required
  /// The key's absence has a meaning of its own (`"none"`, `"forever"`,
  /// `"unlimited"`).
  case absent(String)
  /// A default that depends on other keys, described in words.
  case dependent(String)
}
