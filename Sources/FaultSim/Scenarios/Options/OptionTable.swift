/// The keys of one scenario object, declared once in reading order: from
/// this table come reading (with the reader's checked errors and "did you
/// mean"), the documentation tables and the JSON Schema.
///
/// Each row binds an ``OptionField`` to a property of the options struct
/// `Section`; a key's default is the property's value in the struct as the
/// model initialises it, read when the table is described, never written
/// in the table. Reading starts from the section's current value (the
/// model's defaults, or a preset's), so a key that is absent keeps it.
///
/// The rows run in order, and so do the checks among them: the keys an
/// unknown-key message lists, and which of several problems is reported
/// first, follow the table.
struct OptionTable<Section>: Sendable {
  /// One key, a nested object, or a check across keys.
  struct Row: Sendable {
    /// The keys the row declares, described with a template section's
    /// values as defaults; empty for a check.
    let describe: @Sendable (Section) -> [OptionDescription]
    /// Reads the row's keys into the section, or checks it.
    let read: @Sendable (inout Section, ScenarioObjectReader) throws(ScenarioError) -> Void
    /// A rule across keys, for the docs of the key it names.
    let rule: (key: String, text: String)?

    init(
      describe: @escaping @Sendable (Section) -> [OptionDescription],
      read: @escaping @Sendable (inout Section, ScenarioObjectReader) throws(ScenarioError) -> Void,
      rule: (key: String, text: String)? = nil
    ) {
      self.describe = describe
      self.read = read
      self.rule = rule
    }
  }

  /// The rows in reading order.
  let rows: [Row]
  /// Where the object is documented when several worlds share it (see
  /// ``OptionObject/documentation``).
  let documentation: String?

  /// A table of `rows`, read in this order.
  init(documentation: String? = nil, _ rows: [Row]) {
    self.rows = rows
    self.documentation = documentation
  }

  /// Reads the object's keys into `section`, row by row.
  ///
  /// The caller finishes the reader (the root's `finish()` checks every
  /// nested object for unknown keys).
  ///
  /// - Throws: `ScenarioError` from the first row that fails.
  /// - Complexity: O(rows) reader look-ups.
  func read(into section: inout Section, from reader: ScenarioObjectReader) throws(ScenarioError) {
    for row in rows { try row.read(&section, reader) }
  }

  /// The object's keys with `template`'s values as defaults.
  func describe(_ template: Section) -> OptionObject {
    var keys = rows.flatMap { $0.describe(template) }
    for row in rows {
      guard let rule = row.rule, let index = keys.firstIndex(where: { $0.key == rule.key }) else { continue }
      keys[index].rules.append(rule.text)
    }
    return OptionObject(keys: keys, documentation: documentation)
  }
}
