/// One table of a ``SimulatedDatabase``: rows by id and an index per
/// unique column.
@usableFromInline
struct DatabaseTable {
  /// The rows, by id.
  @usableFromInline
  var rows: [Int: DatabaseRow] = [:]
  /// The last id given.
  @usableFromInline
  var lastID = 0
  /// Per unique column, the row holding each value.
  @usableFromInline
  var unique: [String: [String: Int]] = [:]
  /// Per other column looked up so far, the rows holding each value, by
  /// id: built at the column's first lookup and kept up to date, so a
  /// lookup costs what a database's index makes it cost, not a scan.
  @usableFromInline
  var indexed: [String: [String: [Int]]] = [:]
  /// The bytes the rows and their index entries hold, estimated from
  /// their layouts (``footprint(of:)``), for the memory budget.
  private(set) var bytes = 0

  /// The unique columns, sorted: fixed when the table is declared, so
  /// each statement walks them without sorting.
  private(set) var uniqueColumns: [String] = []

  @usableFromInline
  init(unique columns: [String] = []) {
    for column in columns { unique[column] = [:] }
    uniqueColumns = unique.keys.sorted()
  }

  /// The rows whose `column` holds `value`, by id.
  ///
  /// - Complexity: O(matching rows); the first lookup of a column that is
  ///   not unique indexes it, in O(rows).
  mutating func rows(where column: String, is value: String) -> [DatabaseRow] {
    if let index = unique[column] { return index[value].flatMap { rows[$0] }.map { [$0] } ?? [] }
    if indexed[column] == nil {
      var index: [String: [Int]] = [:]
      for row in rows.values {
        if let held = row[column] { index[held, default: []].append(row.id) }
      }
      for key in index.keys { index[key]?.sort() }
      indexed[column] = index
      for row in rows.values { bytes &+= Self.indexEntryBytes(row[column]) }
    }
    return (indexed[column]?[value] ?? []).compactMap { rows[$0] }
  }

  /// The first unique column (by name) in which another row than `id`
  /// already holds the value `columns` gives it.
  func violation(of columns: [String: String], by id: Int) -> (column: String, value: String)? {
    for column in uniqueColumns {
      guard let value = columns[column], let holder = unique[column]?[value], holder != id else { continue }
      return (column, value)
    }
    return nil
  }

  /// Stores `row` (new, or replacing the row of its id) and indexes it.
  mutating func put(_ row: DatabaseRow) {
    if let old = rows[row.id] {
      unindex(old)
      bytes &-= footprint(of: old)
    }
    rows[row.id] = row
    bytes &+= footprint(of: row)
    for column in uniqueColumns {
      if let value = row[column] { unique[column]?[value] = row.id }
    }
    // Over a copy of the names: iterating the dictionary's own keys while
    // writing to it would copy the whole index at every row.
    for column in Array(indexed.keys) {
      guard let value = row[column] else { continue }
      // Ids stay in order: a new row has the largest id.
      let position = indexed[column]?[value]?.firstIndex { $0 > row.id } ?? indexed[column]?[value]?.count ?? 0
      indexed[column]?[value, default: []].insert(row.id, at: position)
    }
  }

  /// Removes the row of `id`.
  mutating func remove(_ id: Int) {
    if let old = rows.removeValue(forKey: id) {
      unindex(old)
      bytes &-= footprint(of: old)
    }
  }

  /// What `row` holds in this table: its entry in ``rows`` (a hash table at
  /// most ¾ full), its columns (a dictionary of its own, a heap object),
  /// its strings' bytes beyond what a small string keeps inline, and an
  /// entry in each index of a column it has. Checked against the C
  /// library allocator's own count (`DatabaseFootprintTests`).
  ///
  /// - Complexity: O(the row's columns).
  func footprint(of row: DatabaseRow) -> Int {
    var held = MemoryLayout<(Int, DatabaseRow)>.stride &* 4 / 3
    held &+= Self.dictionaryBytes(row.columns.count, elementStride: MemoryLayout<(String, String)>.stride)
    for (name, value) in row.columns { held &+= Self.heapBytes(name) &+ Self.heapBytes(value) }
    for column in uniqueColumns { held &+= Self.uniqueEntryBytes(row[column]) }
    for column in indexed.keys { held &+= Self.indexEntryBytes(row[column]) }
    return held
  }

  /// A unique index's entry for a row holding `value` (none without a
  /// value): a key and a row id, in a table at most ¾ full.
  static func uniqueEntryBytes(_ value: String?) -> Int {
    guard let value else { return 0 }
    return MemoryLayout<(String, Int)>.stride &* 4 / 3 &+ heapBytes(value)
  }

  /// An index's entry for a row holding `value` (none without a value): a
  /// key and its rows' ids, an array of their own, in a table at most ¾
  /// full. (Counted whole for every row: rows that share a value share the
  /// array, so this is the most it can hold.)
  static func indexEntryBytes(_ value: String?) -> Int {
    guard let value else { return 0 }
    return MemoryLayout<(String, [Int])>.stride &* 4 / 3 &+ heapBytes(value) &+ arrayHeaderBytes
      &+ MemoryLayout<Int>.stride &+ allocationBytes
  }

  /// A dictionary of `count` elements of `elementStride` bytes, as the
  /// standard library lays it out: one heap object holding a header, a
  /// bitmap of occupied buckets and the buckets (a power of two, at most
  /// ¾ full), or nothing for an empty one (the shared empty singleton).
  static func dictionaryBytes(_ count: Int, elementStride: Int) -> Int {
    guard count > 0 else { return 0 }
    var buckets = 1
    while buckets &* 3 / 4 < count { buckets &<<= 1 }
    let bitmap = MemoryLayout<UInt>.stride &* ((buckets &+ 63) / 64)
    return dictionaryHeaderBytes &+ bitmap &+ buckets &* elementStride &+ allocationBytes
  }

  /// A dictionary's storage header: the object's header (metadata,
  /// reference counts) and the count, capacity, scale, age, seed and the
  /// two bucket pointers (`__RawDictionaryStorage`).
  static let dictionaryHeaderBytes = 64
  /// An array's storage header: the object's header and the count and
  /// capacity (`__ContiguousArrayStorageBase`).
  static let arrayHeaderBytes = 32
  /// What the allocator keeps per allocation beyond the bytes asked for:
  /// glibc's chunk header, and rounding to 16 bytes (on average half of
  /// it).
  static let allocationBytes = 16

  /// The bytes of `text` kept out of line: none for a small string (up to
  /// 15 UTF-8 bytes on 64-bit platforms), else its UTF-8, its NUL, a
  /// header and the allocator's share.
  static func heapBytes(_ text: String) -> Int {
    let count = text.utf8.count
    return count <= 15 ? 0 : count &+ 1 &+ 32 &+ allocationBytes
  }

  private mutating func unindex(_ row: DatabaseRow) {
    for column in uniqueColumns {
      if let value = row[column], unique[column]?[value] == row.id { unique[column]?[value] = nil }
    }
    // Over a copy of the names: iterating the dictionary's own keys while
    // writing to it would copy the whole index at every row.
    for column in Array(indexed.keys) {
      guard let value = row[column], let position = indexed[column]?[value]?.firstIndex(of: row.id) else { continue }
      indexed[column]?[value]?.remove(at: position)
      if indexed[column]?[value]?.isEmpty == true { indexed[column]?[value] = nil }
    }
  }
}
