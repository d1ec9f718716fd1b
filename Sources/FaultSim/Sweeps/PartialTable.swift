/// A sweep's partial sums, as a CSV file: what a shard writes
/// (`--shard K/N`), what an interrupted sweep keeps as its checkpoint, and
/// what `faultsim merge` combines into the final table.
///
/// Every row carries its sweep's identity (FaultSim version, a digest of the
/// scenario bytes, settings, grid, seed range and interleavings, the world,
/// the shard) so that parts of different sweeps are never combined, and one
/// cell's exact partial state (counters and histogram buckets, see
/// ``WorldMetrics/encodedState``) over the seed ranges it lists.
public struct PartialTable: Sendable {
  /// One cell's partial sum.
  public struct Row: Sendable {
    public var cell: Int
    public var cellDigest: String
    /// The seeds covered, disjoint, ascending.
    public var ranges: [SeedRange]
    public var seedsWithRaces: UInt64
    public var orderSensitiveSeeds: UInt64
    public var state: String
    public var axisValues: [String]
  }

  public static let formatVersion = "1"

  public var version: String
  public var sweepDigest: String
  public var world: String
  public var shard: SweepShard
  public var cells: Int
  public var seeds: SeedRange
  public var interleavings: Int
  public var axes: [String]
  public var rows: [Row]

  static let fixedColumns = [
    "faultsim_partial", "faultsim_version", "sweep_digest", "world", "shard", "cells", "seeds", "interleavings",
    "cell", "cell_digest", "seed_ranges", "seeds_with_races", "order_sensitive_seeds", "state",
  ]

  /// The CSV text. A marker record (cell `-`) comes first, so that even a
  /// shard with no work says which sweep it belongs to.
  public var csv: String {
    var text = CSVWriter.record(Self.fixedColumns + axes)
    text += CSVWriter.record(
      [
        Self.formatVersion, version, sweepDigest, world, shard.description, "\(cells)", seeds.description,
        "\(interleavings)", "-", "", "", "0", "0", "",
      ] + axes.map { _ in "" })
    for row in rows {
      text += CSVWriter.record(
        [
          Self.formatVersion, version, sweepDigest, world, shard.description, "\(cells)", seeds.description,
          "\(interleavings)", "\(row.cell)", row.cellDigest, row.ranges.map(\.description).joined(separator: ";"),
          "\(row.seedsWithRaces)", "\(row.orderSensitiveSeeds)", row.state,
        ] + row.axisValues)
    }
    return text
  }

  /// Reads a partial table written by ``csv``.
  ///
  /// - Parameter file: The file's name, for messages.
  public init(parsing text: String, file: String) throws(PartialTableError) {
    let records: [[String]]
    do {
      records = try CSVReader.records(text)
    } catch {
      throw PartialTableError(file: file, message: "not CSV: \(error)")
    }
    guard let header = records.first, header.starts(with: Self.fixedColumns) else {
      throw PartialTableError(
        file: file, message: "not a FaultSim partial table (write one with 'faultsim sweep --shard K/N')")
    }
    axes = Array(header.dropFirst(Self.fixedColumns.count))
    guard records.count > 1 else { throw PartialTableError(file: file, message: "the table has no rows") }
    let first = records[1]
    func field(_ record: [String], _ column: Int, line: Int) throws(PartialTableError) -> String {
      guard record.count == header.count else {
        throw PartialTableError(
          file: file, message: "record \(line) has \(record.count) fields, the header \(header.count)")
      }
      return record[column]
    }
    guard try field(first, 0, line: 2) == Self.formatVersion else {
      throw PartialTableError(file: file, message: "partial format \(first[0]) is not \(Self.formatVersion)")
    }
    version = first[1]
    sweepDigest = first[2]
    world = first[3]
    do {
      shard = try SweepShard(parsing: first[4], environment: [:])
      seeds = try SeedRange(parsing: first[6])
    } catch {
      throw PartialTableError(file: file, message: "\(error)")
    }
    guard let cells = Int(first[5]), cells > 0, let interleavings = Int(first[7]), interleavings > 0 else {
      throw PartialTableError(file: file, message: "bad cell or interleaving count")
    }
    self.cells = cells
    self.interleavings = interleavings
    var rows: [Row] = []
    for (offset, record) in records.dropFirst().enumerated() {
      let line = offset + 2
      guard try field(record, 0, line: line) == Self.formatVersion, record[1] == version, record[2] == sweepDigest,
        record[3] == world, record[4] == first[4], record[5] == first[5], record[6] == first[6],
        record[7] == first[7]
      else {
        throw PartialTableError(file: file, message: "record \(line) belongs to another sweep than record 2")
      }
      if record[8] == "-" { continue }
      guard let cell = Int(record[8]), (0..<cells).contains(cell), let races = UInt64(record[11]),
        let sensitive = UInt64(record[12])
      else {
        throw PartialTableError(file: file, message: "record \(line): bad cell or counts")
      }
      var ranges: [SeedRange] = []
      for part in record[10].split(separator: ";") {
        guard let range = try? SeedRange(parsing: String(part)), range.lowerBound >= seeds.lowerBound,
          range.upperBound <= seeds.upperBound
        else {
          throw PartialTableError(file: file, message: "record \(line): bad seed range '\(part)'")
        }
        ranges.append(range)
      }
      rows.append(
        Row(
          cell: cell, cellDigest: record[9], ranges: ranges, seedsWithRaces: races, orderSensitiveSeeds: sensitive,
          state: record[13], axisValues: Array(record[Self.fixedColumns.count...])))
    }
    self.rows = rows
  }

  public init(
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
public struct PartialTableError: Error, Hashable, Sendable, CustomStringConvertible {
  public var file: String
  public var message: String

  public init(file: String, message: String) {
    self.file = file
    self.message = message
  }

  public var description: String { file.isEmpty ? message : "\(file): \(message)" }
}
