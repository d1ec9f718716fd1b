/// A sweep's partial sums, as a CSV file: what a shard writes
/// (`--shard K/N`), what an interrupted sweep keeps as its checkpoint, and
/// what `faultsim merge` combines into the final table.
///
/// Every row carries its sweep's identity (FaultSim version, a digest of the
/// scenario bytes, settings, grid, seed range and interleavings, the world,
/// the shard) so that parts of different sweeps are never combined, and one
/// cell's exact partial state (counters and histogram buckets, see
/// ``WorldMetrics/encodedState``) over the seed ranges it lists.
///
/// Integrity: each record ends its fixed columns with `record_digest`, a
/// ``ContentDigest`` of the header and of the record's other fields, so a
/// number edited by hand or damaged on disk is refused with the file and
/// record rather than merged into a wrong table. Reading also checks what
/// needs no world: the layout (one marker record, at most one row per cell),
/// that every row's seeds lie in its shard's slice, and that
/// `order_sensitive_seeds ≤ seeds_with_races ≤` the seeds the row covers.
/// The world's own invariants are checked when a row's state is decoded
/// (`Sweep/result(of:in:)`).
package struct PartialTable: Sendable {
  /// One cell's partial sum.
  package struct Row: Sendable {
    package var cell: Int
    package var cellDigest: String
    /// The seeds covered, disjoint, ascending.
    package var ranges: [SeedRange]
    package var seedsWithRaces: UInt64
    package var orderSensitiveSeeds: UInt64
    package var state: String
    package var axisValues: [String]
    /// The record number in the file the row was read from (the header is
    /// record 1); 0 for a row built in memory.
    package var record: Int = 0

    /// The number of seeds the row covers.
    package var seedCount: UInt64 { ranges.reduce(0) { $0 + $1.count } }

    /// `record 3 (cell 1)`, for messages.
    var place: String { record > 0 ? "record \(record) (cell \(cell))" : "cell \(cell)" }
  }

  /// The layout version. Version 2 added `record_digest`; files of version 1
  /// are refused, since nothing in them shows whether they were edited.
  package static let formatVersion = "2"

  /// The file the table was read from, for messages ("" when built in memory).
  package var file = ""
  package var version: String
  package var sweepDigest: String
  package var world: String
  package var shard: SweepShard
  package var cells: Int
  package var seeds: SeedRange
  package var interleavings: Int
  package var axes: [String]
  package var rows: [Row]

  static let fixedColumns = [
    "faultsim_partial", "faultsim_version", "sweep_digest", "world", "shard", "cells", "seeds", "interleavings",
    "cell", "cell_digest", "seed_ranges", "seeds_with_races", "order_sensitive_seeds", "state", "record_digest",
  ]

  /// The position of `record_digest` in every record.
  static let digestColumn = fixedColumns.count - 1

  /// The CSV text. A marker record (cell `-`) comes first, so that even a
  /// shard with no work says which sweep it belongs to.
  package var csv: String {
    let header = Self.fixedColumns + axes
    let identity = [
      Self.formatVersion, version, sweepDigest, world, shard.description, "\(cells)", seeds.description,
      "\(interleavings)",
    ]
    var text = CSVWriter.record(header)
    text += Self.record(header: header, identity + ["-", "", "", "0", "0", ""], axes.map { _ in "" })
    for row in rows {
      text += Self.record(
        header: header,
        identity + [
          "\(row.cell)", row.cellDigest, row.ranges.map(\.description).joined(separator: ";"),
          "\(row.seedsWithRaces)", "\(row.orderSensitiveSeeds)", row.state,
        ], row.axisValues)
    }
    return text
  }

  /// One record with its digest between the fixed fields and the axis values.
  static func record(header: [String], _ fixed: [String], _ axisValues: [String]) -> String {
    CSVWriter.record(fixed + [digest(header: header, fields: fixed + axisValues)] + axisValues)
  }

  /// The digest of a record: the format version, the header and the
  /// record's fields other than `record_digest`, each with its length, so
  /// that no two different records share an input.
  static func digest(header: [String], fields: [String]) -> String {
    var digest = ContentDigest()
    digest.absorb(Array("faultsim partial table \(formatVersion)".utf8))
    for field in header + [""] + fields {
      let bytes = Array(field.utf8)
      digest.absorb(Array("\u{0}\(bytes.count):".utf8))
      digest.absorb(bytes)
    }
    return digest.hex
  }

  /// The most cells and runs a partial table may describe: those of a
  /// sweep (`Sweep/maximumCells`, `Sweep/maximumRuns`).
  static let maximumCells = SweepGrid.maximumCells
  static let maximumRuns: UInt64 = 1 << 40

  /// Reads a partial table written by ``csv``, refusing anything else.
  ///
  /// - Parameter file: The file's name, for messages.
  /// - Complexity: O(size of the text + cells).
  package init(parsing text: String, file: String) throws(PartialTableError) {
    func failure(_ message: String) -> PartialTableError { PartialTableError(file: file, message: message) }
    let records: [[String]]
    do {
      records = try CSVReader.records(text)
    } catch {
      throw failure("not CSV: \(error)")
    }
    guard let header = records.first, header.first == Self.fixedColumns[0] else {
      throw failure("not a FaultSim partial table (write one with 'faultsim sweep --shard K/N')")
    }
    guard records.count > 1 else { throw failure("the table has no rows") }
    let first = records[1]
    guard first.first == Self.formatVersion else {
      let found = first.first ?? ""
      throw failure(
        found == "1"
          ? "record 2: partial-table format 1 was written by an earlier FaultSim without integrity digests; this FaultSim reads format \(Self.formatVersion) only: run that sweep or shard again"
          : "record 2: partial-table format '\(found.prefix(20))' is not \(Self.formatVersion)")
    }
    guard header.starts(with: Self.fixedColumns) else {
      throw failure("the header is not that of a partial table of format \(Self.formatVersion)")
    }
    self.file = file
    axes = Array(header.dropFirst(Self.fixedColumns.count))
    for (offset, record) in records.enumerated().dropFirst() {
      let line = offset + 1
      guard record.count == header.count else {
        throw failure("record \(line) has \(record.count) fields, the header \(header.count)")
      }
      var fields = record
      let stored = fields.remove(at: Self.digestColumn)
      guard Self.digest(header: header, fields: fields) == stored else {
        throw failure(
          "record \(line): its contents do not match its record_digest: the file was edited or damaged after FaultSim wrote it"
        )
      }
      guard record[...7] == first[...7] else {
        throw failure("record \(line) belongs to another sweep than record 2")
      }
    }
    version = first[1]
    sweepDigest = first[2]
    world = first[3]
    do {
      shard = try SweepShard(parsing: first[4], environment: [:])
      seeds = try SeedRange(parsing: first[6])
    } catch {
      throw failure("record 2: \(error)")
    }
    guard shard.description == first[4], seeds.description == first[6], let cells = Int(first[5]),
      String(cells) == first[5], (1...Self.maximumCells).contains(cells), let interleavings = Int(first[7]),
      String(interleavings) == first[7], (1...1_000).contains(interleavings)
    else {
      throw failure("record 2: the shard, cells, seeds or interleavings are not those of a sweep")
    }
    guard !UInt64(cells).multipliedReportingOverflow(by: seeds.count).overflow,
      UInt64(cells) * seeds.count <= Self.maximumRuns
    else {
      throw failure("record 2: \(cells) cells × \(seeds.count) seeds is more than a sweep runs")
    }
    self.cells = cells
    self.interleavings = interleavings
    guard Array(first[8...13]) == ["-", "", "", "0", "0", ""], first[Self.fixedColumns.count...].allSatisfy(\.isEmpty)
    else {
      throw failure("record 2 is not the table's marker record")
    }
    var slices = [SeedRange?](repeating: nil, count: cells)
    for (cell, range) in shard.slice(cells: cells, seeds: seeds) { slices[cell] = range }
    var seen = [Bool](repeating: false, count: cells)
    var rows: [Row] = []
    for (offset, record) in records.enumerated().dropFirst(2) {
      let row = try Self.row(
        record, line: offset + 1, slices: slices, shard: shard, interleavings: interleavings, file: file)
      guard !seen[row.cell] else { throw failure("\(row.place): a second row for cell \(row.cell)") }
      seen[row.cell] = true
      rows.append(row)
    }
    self.rows = rows
  }

  /// Reads and checks one row (not the marker).
  static func row(
    _ record: [String], line: Int, slices: [SeedRange?], shard: SweepShard, interleavings: Int, file: String
  ) throws(PartialTableError) -> Row {
    func failure(_ message: String) -> PartialTableError {
      PartialTableError(file: file, message: "record \(line), \(message)")
    }
    guard let cell = Int(record[8]), String(cell) == record[8], slices.indices.contains(cell) else {
      throw failure("field cell: '\(record[8].prefix(20))' is not a cell of this sweep (0..<\(slices.count))")
    }
    guard let slice = slices[cell] else {
      throw failure("field cell: shard \(shard) runs no seeds of cell \(cell)")
    }
    let digest = record[9]
    guard digest.utf8.count == 16, digest.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
    else {
      throw failure("field cell_digest: '\(digest.prefix(20))' is not a scenario digest")
    }
    var ranges: [SeedRange] = []
    for part in record[10].split(separator: ";", omittingEmptySubsequences: false) {
      guard let range = try? SeedRange(parsing: String(part)), range.description == part,
        range.lowerBound >= slice.lowerBound, range.upperBound <= slice.upperBound,
        ranges.last.map({ $0.upperBound < range.lowerBound }) ?? true
      else {
        throw failure(
          "field seed_ranges: '\(part.prefix(40))' is not a seed range of this shard's slice \(slice) after the ones before it"
        )
      }
      ranges.append(range)
    }
    guard let races = UInt64(record[11]), String(races) == record[11] else {
      throw failure("field seeds_with_races: '\(record[11].prefix(20))' is not a count")
    }
    guard let sensitive = UInt64(record[12]), String(sensitive) == record[12] else {
      throw failure("field order_sensitive_seeds: '\(record[12].prefix(20))' is not a count")
    }
    let row = Row(
      cell: cell, cellDigest: digest, ranges: ranges, seedsWithRaces: races, orderSensitiveSeeds: sensitive,
      state: record[13], axisValues: Array(record[fixedColumns.count...]), record: line)
    guard races <= row.seedCount else {
      throw failure("field seeds_with_races: \(races) seeds met a race, but the row covers \(row.seedCount) seeds")
    }
    guard sensitive <= races else {
      throw failure(
        "field order_sensitive_seeds: \(sensitive) seeds are order-sensitive, but only \(races) met a race")
    }
    guard interleavings > 1 || sensitive == 0 else {
      throw failure(
        "field order_sensitive_seeds: \(sensitive) seeds are order-sensitive, but the sweep ran one interleaving per seed"
      )
    }
    return row
  }

  package init(
    version: String, sweepDigest: String, world: String, shard: SweepShard, cells: Int, seeds: SeedRange,
    interleavings: Int, axes: [String], rows: [Row]
  ) {
    self.version = version
    self.sweepDigest = sweepDigest
    self.world = world
    self.shard = shard
    self.cells = cells
    self.seeds = seeds
    self.interleavings = interleavings
    self.axes = axes
    self.rows = rows
  }
}

/// A partial table that cannot be read or combined.
package struct PartialTableError: Error, Hashable, Sendable, CustomStringConvertible {
  package var file: String
  package var message: String

  package init(file: String, message: String) {
    self.file = file
    self.message = message
  }

  package var description: String { file.isEmpty ? message : "\(file): \(message)" }
}
