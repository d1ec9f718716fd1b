import Foundation

/// A `URLRequest` that cannot be sent through a simulation as it is.
public struct URLRequestConversionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the request, and what to do instead.
  public let reason: String

  /// An error for `reason`.
  public init(_ reason: String) {
    self.reason = reason
  }

  /// The reason.
  public var description: String { reason }
}
