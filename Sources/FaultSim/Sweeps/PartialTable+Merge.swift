extension PartialTable {
  /// Combines partial tables of one sweep into its final table, for the
  /// world the first part names (`Sweep/merge(_:)` for that world).
  ///
  /// - Throws: `PartialTableError` for a world no registered world has, or
  ///   anything `Sweep/merge(_:)` refuses.
  /// - Complexity: That of `Sweep/merge(_:)`.
  package static func merge(_ parts: [(file: String, table: PartialTable)]) throws(PartialTableError) -> String {
    guard let (file, first) = parts.first else {
      throw PartialTableError(file: "", message: "no partial tables to merge")
    }
    guard let world = WorldRegistry.world(named: first.world) else {
      throw PartialTableError(file: file, message: "unknown world '\(first.world)'")
    }
    return try merge(parts, of: world)
  }

  private static func merge<World: RegisteredWorld>(
    _ parts: [(file: String, table: PartialTable)], of world: World.Type
  ) throws(PartialTableError) -> String {
    try Sweep<World>.merge(parts)
  }
}
