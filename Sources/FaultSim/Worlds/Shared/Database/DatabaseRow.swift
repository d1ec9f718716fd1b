/// A row of a ``SimulatedDatabase`` table: the id the database gave it and
/// its columns, as text.
public struct DatabaseRow: Hashable, Sendable, CustomStringConvertible {
  /// The row's id in its table: 1, 2, … in the order rows were inserted.
  public let id: Int
  /// The columns, by name.
  public var columns: [String: String]

  /// A row of `id` holding `columns`.
  @usableFromInline
  init(id: Int, columns: [String: String]) {
    self.id = id
    self.columns = columns
  }

  /// The value of `column`, or `nil` when the row has none.
  public subscript(column: String) -> String? { columns[column] }

  /// `#3 key=k1 status=done`: the id, then the columns sorted by name.
  public var description: String {
    (["#\(id)"] + columns.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
  }
}
