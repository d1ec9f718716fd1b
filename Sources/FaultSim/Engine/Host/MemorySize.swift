/// A size of memory as users write it — `512MiB`, `1.5GiB`, `8G`,
/// `1048576` — and the facts of the memory budget that the command line
/// (`--memory-budget`) and runs started from your code (property checks,
/// `runOnce`, `measure`) share: its default and its environment variable.
package enum MemorySize {
  /// The default budget: 2 GiB, far less than most machines have, so that
  /// a mistyped size fails at once instead of pushing the machine into
  /// swap.
  package static let defaultBudget: UInt64 = 2 << 30
  /// The environment variable that sets the budget.
  package static let budgetVariable = "FAULTSIM_MEMORY_BUDGET"

  /// The units a size may have, powers of 1024; a bare number is bytes.
  package static let units: [(suffix: String, shift: Int)] = [
    ("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10), ("T", 40), ("G", 30), ("M", 20), ("K", 10), ("B", 0),
  ]

  /// The smallest budget: 1 MiB.
  package static let minimumBytes: UInt64 = 1 << 20
  /// The largest budget: 8 EiB (2⁶³ bytes).
  package static let maximumBytes: UInt64 = 1 << 63

  /// Why a text is not a budget.
  package enum Problem: Error, Equatable {
    /// Not a decimal number with an optional unit.
    case unreadable
    /// A size, of this many bytes, below ``minimumBytes``.
    case belowMinimum(UInt64)
    /// A size above ``maximumBytes``.
    case aboveMaximum
  }

  /// `2GiB`, `1.5G`, `0.75TiB`, `512MiB`, `1048576`: bytes, at least
  /// 1 MiB and at most 2⁶³. A fraction is read exactly, in integers (so
  /// `1.1MiB` is 1153433 bytes on every machine); a fraction of a byte is
  /// dropped.
  package static func bytes(parsing text: String) throws(Problem) -> UInt64 {
    let trimmed = text.trimmingSpacesAndTabs
    var number = Substring(trimmed)
    var shift = 0
    for (suffix, unitShift) in units where trimmed.lowercased().hasSuffix(suffix.lowercased()) {
      number = trimmed.dropLast(suffix.count)
      shift = unitShift
      break
    }
    while number.last == " " { number.removeLast() }
    let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let wholeDigits = parts[0]
    let fractionDigits = parts.count == 2 ? parts[1] : ""
    func isDigits(_ text: Substring) -> Bool { text.allSatisfy { $0.isASCII && $0.isNumber } }
    // At most 19 decimals: 10¹⁹ still fits in 64 bits.
    guard !(wholeDigits.isEmpty && fractionDigits.isEmpty), isDigits(wholeDigits), isDigits(fractionDigits),
      fractionDigits.count <= 19
    else { throw .unreadable }
    guard let whole = wholeDigits.isEmpty ? 0 : UInt64(wholeDigits), whole <= maximumBytes >> shift else {
      throw .aboveMaximum
    }
    var bytes = whole << shift
    if let fraction = UInt64(fractionDigits) {
      // ⌊fraction · 2^shift / 10^decimals⌋, in 128 bits: the high half is
      // below the divisor because fraction < 10^decimals.
      let scale = (0..<fractionDigits.count).reduce(UInt64(1)) { power, _ in power * 10 }
      let part = scale.dividingFullWidth(fraction.multipliedFullWidth(by: UInt64(1) << shift)).quotient
      guard part <= maximumBytes - bytes else { throw .aboveMaximum }
      bytes += part
    }
    guard bytes >= minimumBytes else { throw .belowMinimum(bytes) }
    return bytes
  }

  /// What is wrong with `source` (`--memory-budget 1KiB`,
  /// `FAULTSIM_MEMORY_BUDGET='1KiB'`), stating the rule and the value.
  package static func message(_ problem: Problem, _ source: String) -> String {
    switch problem {
    case .unreadable:
      "\(source) is not a size; write a number of bytes with an optional unit (K, M, G, T or KiB, MiB, GiB, TiB), "
        + "at least 1MiB, e.g. 512MiB, 1.5GiB or 8GiB"
    case .belowMinimum(let bytes):
      "\(source) is \(bytes) bytes, below the smallest budget, 1MiB (\(minimumBytes) bytes); "
        + "give at least 1MiB, e.g. 512MiB or 8GiB"
    case .aboveMaximum:
      "\(source) is more than the largest budget, 8EiB (2^63 bytes); give at most 8388608TiB"
    }
  }

  /// What `FAULTSIM_MEMORY_BUDGET` says about the memory budget, read
  /// through `value` (the process's environment): `nil` when it is unset,
  /// else the bytes it gives and where they come from
  /// (`FAULTSIM_MEMORY_BUDGET=8GiB`). The command line and the library's
  /// runs read the variable here, so both read it the same way.
  ///
  /// - Throws: ``BudgetVariableProblem`` when the value is not a size the
  ///   budget accepts — an empty one included: a variable set to nothing
  ///   is more likely a script's mistake than a wish for the default.
  package static func budgetVariable(
    in value: (String) -> String?
  ) throws(BudgetVariableProblem) -> (bytes: UInt64, origin: String)? {
    guard let text = value(budgetVariable) else { return nil }
    do {
      return (try bytes(parsing: text), "\(budgetVariable)=\(text)")
    } catch {
      throw BudgetVariableProblem(message: message(error, "\(budgetVariable)='\(text)'") + ", or unset it")
    }
  }

  /// `FAULTSIM_MEMORY_BUDGET` holds no size the budget accepts.
  package struct BudgetVariableProblem: Error {
    /// What is wrong and what to write instead, ending ", or unset it".
    package let message: String
  }
}
