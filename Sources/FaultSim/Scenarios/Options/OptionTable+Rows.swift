/// The kinds of rows: a key bound to a property, a key with a default that
/// depends on other keys, a key read only when present, a nested object,
/// and a check across keys.
///
/// A row takes its property's key path, and a nested object's table, as
/// an autoclosure: a key path costs its metadata at run time when first
/// made, so a row makes it only when its key is in the file (or is
/// described), and a section's table is built only when the section is.
/// Reading a small scenario then costs what it holds, not the whole world.
extension OptionTable.Row {
  /// A key whose default is the property's value in the model.
  static func option<Value>(
    _ field: OptionField<Value>, _ path: @autoclosure @escaping @Sendable () -> WritableKeyPath<Section, Value>
  ) -> Self {
    Self(
      describe: { [field.description(default: .value(field.literal($0[keyPath: path()])))] },
      read: { section, reader throws(ScenarioError) in
        // Absent, the key keeps the section's value (and is still allowed).
        guard reader.contains(field.key) else { return }
        let keyPath = path()
        section[keyPath: keyPath] = try field.read(reader, default: section[keyPath: keyPath])
      })
  }

  /// A key that must be given.
  static func required<Value>(
    _ field: OptionField<Value>, _ path: @autoclosure @escaping @Sendable () -> WritableKeyPath<Section, Value>
  ) -> Self {
    Self(
      describe: { _ in [field.description(default: .required)] },
      read: { section, reader throws(ScenarioError) in
        section[keyPath: path()] = try field.read(reader, default: nil)
      })
  }

  /// A key whose default depends on keys read before it.
  ///
  /// - Parameters:
  ///   - shown: The default in words, given the model's value as the docs
  ///     show it.
  ///   - fallback: The default given the section read so far; `nil` makes
  ///     the key required.
  static func dependent<Value>(
    _ field: OptionField<Value>, _ path: @autoclosure @escaping @Sendable () -> WritableKeyPath<Section, Value>,
    shown: @escaping @Sendable (String) -> String, fallback: @escaping @Sendable (Section) -> Value?
  ) -> Self {
    Self(
      describe: { template in
        let model = ScenarioOptionDocs.literalText(field.literal(template[keyPath: path()]))
        return [field.description(default: .dependent(shown(model)))]
      },
      read: { section, reader throws(ScenarioError) in
        section[keyPath: path()] = try field.read(reader, default: fallback(section))
      })
  }

  /// A key read only when present, into an optional property: absent, the
  /// property stays `nil`, which means `absent` ("forever", "unlimited").
  static func optional<Value>(
    _ field: OptionField<Value>, _ path: @autoclosure @escaping @Sendable () -> WritableKeyPath<Section, Value?>,
    absent: String
  ) -> Self {
    whenPresent(field, absent: absent) { section, value in section[keyPath: path()] = value }
  }

  /// A key read only when present, applied by `apply` (a preset replacing
  /// the section, one size setting two bounds).
  static func whenPresent<Value>(
    _ field: OptionField<Value>, absent: String,
    apply: @escaping @Sendable (inout Section, Value) -> Void
  ) -> Self {
    Self(
      describe: { _ in [field.description(default: .absent(absent))] },
      read: { section, reader throws(ScenarioError) in
        if reader.contains(field.key) { apply(&section, try field.read(reader, default: nil)) }
      })
  }

  /// A nested object read into a property that always has a value; its
  /// keys default to that value's.
  ///
  /// - Parameter absent: What leaving the whole object out means.
  static func section<Nested>(
    _ key: String, _ path: @autoclosure @escaping @Sendable () -> WritableKeyPath<Section, Nested>,
    _ table: @autoclosure @escaping @Sendable () -> OptionTable<Nested>, _ summary: String,
    absent: String = "defaults"
  ) -> Self {
    Self(
      describe: { template in
        [
          OptionDescription(
            key: key, summary: summary, type: .object(table().describe(template[keyPath: path()])),
            defaultValue: .absent(absent))
        ]
      },
      read: { section, reader throws(ScenarioError) in
        if let nested = try reader.object(key) { try table().read(into: &section[keyPath: path()], from: nested) }
      })
  }

  /// A nested object read into an optional property: absent, the property
  /// stays `nil` (`absent` says what that means); present, its keys are
  /// read on top of `start`.
  static func optionalSection<Nested: Sendable>(
    _ key: String, _ path: @autoclosure @escaping @Sendable () -> WritableKeyPath<Section, Nested?>, start: Nested,
    _ table: @autoclosure @escaping @Sendable () -> OptionTable<Nested>, _ summary: String, absent: String
  ) -> Self {
    Self(
      describe: { _ in
        [
          OptionDescription(
            key: key, summary: summary, type: .object(table().describe(start)), defaultValue: .absent(absent))
        ]
      },
      read: { section, reader throws(ScenarioError) in
        guard let nested = try reader.object(key) else { return }
        var value = start
        try table().read(into: &value, from: nested)
        section[keyPath: path()] = value
      })
  }

  /// A check across keys read before it, or a last step that builds the
  /// model's value (normalising it through its initialiser).
  ///
  /// - Parameter rule: The rule in words and the key the docs show it at,
  ///   e.g. `("cap", "cap ≥ base")`; `nil` for a step that checks nothing.
  static func check(
    _ rule: (key: String, text: String)?,
    _ body: @escaping @Sendable (inout Section, ScenarioObjectReader) throws(ScenarioError) -> Void
  ) -> Self {
    Self(describe: { _ in [] }, read: body, rule: rule)
  }

  /// Keys read by custom code (arrays with checks across elements, a
  /// selector whose keys sit beside it), declared by `keys`; a test checks
  /// that the reader's allowed keys match them.
  static func custom(
    keys: @escaping @Sendable (Section) -> [OptionDescription],
    read: @escaping @Sendable (inout Section, ScenarioObjectReader) throws(ScenarioError) -> Void
  ) -> Self {
    Self(describe: keys, read: read)
  }
}
