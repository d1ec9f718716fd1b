/// What a draw of some purpose decides, for reports and fault coverage.
public enum DrawRole: String, Sendable {
  /// Something going wrong (a lost message, a failed transfer): drawn through
  /// `SimulationContext/fault(_:_:)` or `SimulationContext/permit(_:)`,
  /// counted, listed when recording and suppressed when shrinking.
  case fault
  /// A value (a latency, a size, a backoff delay).
  case value
  /// A race's identity, answered by the order strategy.
  case race
  /// A step of a timeline drawn up front (device conditions, arrivals,
  /// lifecycle times).
  case timeline
}

/// One world's draw purposes, declared in one place: the raw value (part of
/// the determinism contract), the role, and a kebab-case name derived from
/// the case name, e.g. `requestLoss` → `request-loss`.
///
/// Every set is listed in `DrawPurposeCatalog`; a test checks that raw
/// values and names are unique across all worlds.
public protocol DrawPurposeSet: CaseIterable, RawRepresentable, Hashable, Sendable where RawValue == UInt64 {
  /// What the draws of this purpose decide.
  var role: DrawRole { get }
}

extension DrawPurposeSet {
  /// The purpose as part of a ``DrawKey``.
  @inlinable
  package var purpose: DrawPurpose { DrawPurpose(rawValue: rawValue) }

  /// The kebab-case name, e.g. `request-loss`: used in reports, sweep
  /// columns and the property API. It is the case name's, whatever
  /// description the type may have.
  @usableFromInline package var name: String { kebabCase(caseName(self)) }

  /// The purposes with the fault role, in declaration order.
  package static var faults: [Self] { purposes(in: .fault) }

  /// The purposes with the race role, in declaration order.
  @usableFromInline package static var raceKinds: [Self] { purposes(in: .race) }

  /// The purposes with `role`, in declaration order.
  ///
  /// These run unspecialised (shared by every world's draws). Walking
  /// `allCases` as a generic collection asks the runtime for its
  /// `Collection` conformance, a scan of every conformance record of the
  /// binary the first time; every set of ours lists its cases in an array,
  /// which is walked as one.
  ///
  /// - Complexity: O(purposes).
  static func purposes(in role: DrawRole) -> [Self] {
    var purposes: [Self] = []
    for purpose in allCases as? [Self] ?? Array(allCases) where purpose.role == role {
      purposes.append(purpose)
    }
    return purposes
  }

  /// The name with `_` for `-`, for CSV columns: `response_loss`.
  @usableFromInline package var columnName: String { String(name.map { $0 == "-" ? "_" : $0 }) }
}

/// The name of `purpose`'s case, e.g. `requestLoss`: what
/// `String(describing:)` prints for an enum case, asked of the runtime
/// directly. `String(describing:)` first asks whether the type conforms to
/// `TextOutputStreamable`, `CustomStringConvertible`,
/// `CustomDebugStringConvertible` and `CustomReflectable`, and the first
/// such question about a type scans every conformance record in the
/// process: four scans, about a seventh of a one-order run.
func caseName<Purpose: DrawPurposeSet>(_ purpose: Purpose) -> String {
  // The runtime entry `String(describing:)` ends at for an enum; without
  // reflection metadata it has no name, and printing says what it can.
  guard let name = enumCaseName(purpose) else { return String(describing: purpose) }
  return String(cString: name)
}

/// The runtime's name of an enum value's case, or `nil` when the type has
/// no reflection metadata (the standard library declares it the same way,
/// for `print`).
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// `requestLoss` → `request-loss`.
///
/// Case names are ASCII in practice: those are converted byte by byte
/// (asking a `Character` whether it is upper case looks up Unicode
/// properties, a large part of a one-order run's report); others by
/// character.
func kebabCase(_ camelCase: String) -> String {
  let bytes = camelCase.utf8
  if bytes.allSatisfy({ $0 < 0x80 }) {
    var name: [UInt8] = []
    name.reserveCapacity(bytes.count + 4)
    for byte in bytes {
      if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
        if !name.isEmpty { name.append(UInt8(ascii: "-")) }
        name.append(byte + 32)
      } else {
        name.append(byte)
      }
    }
    return String(decoding: name, as: UTF8.self)
  }
  var name = ""
  for character in camelCase {
    if character.isUppercase {
      if !name.isEmpty { name += "-" }
      name += character.lowercased()
    } else {
      name.append(character)
    }
  }
  return name
}
