/// A request to the OS background task scheduler, as an app submits it to
/// `BGTaskScheduler` (seed 001, seed 003).
public struct BackgroundTaskRequest: Hashable, Sendable, CustomStringConvertible {
  /// Which kind of task.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// `BGAppRefreshTaskRequest` (and legacy background fetch): short,
    /// frequent, about 30 s; held back by Low Power Mode and the Background
    /// App Refresh switch.
    case appRefresh = "app-refresh"
    /// `BGProcessingTaskRequest`: deferrable maintenance of a few minutes,
    /// e.g. reconciling half-finished uploads.
    case processing
  }

  /// Refresh or processing: which time limit and which gates apply.
  public var kind: Kind
  /// The task identifier (listed in `BGTaskSchedulerPermittedIdentifiers`).
  /// A new request with the same identifier replaces a pending one.
  public var identifier: String
  /// No run before this instant; `nil` means as soon as the system likes.
  @usableFromInline package var earliestBeginDate: VirtualTime?
  /// Run only while the device has connectivity. Apple exposes this on
  /// processing requests only; for refresh requests it models a system
  /// that wakes an app for a network fetch only when online.
  @usableFromInline package var requiresNetworkConnectivity: Bool
  /// Run only while the device is plugged in (processing requests).
  @usableFromInline package var requiresExternalPower: Bool

  /// A request; see the properties for each argument.
  /// `appRefresh(_:earliestBeginDate:)` and
  /// ``processing(_:earliestBeginDate:requiresNetworkConnectivity:requiresExternalPower:)``
  /// read better at call sites.
  @usableFromInline package init(
    kind: Kind, identifier: String, earliestBeginDate: VirtualTime? = nil, requiresNetworkConnectivity: Bool = false,
    requiresExternalPower: Bool = false
  ) {
    self.kind = kind
    self.identifier = identifier
    self.earliestBeginDate = earliestBeginDate
    self.requiresNetworkConnectivity = requiresNetworkConnectivity
    self.requiresExternalPower = requiresExternalPower
  }

  /// A `BGAppRefreshTaskRequest`.
  @usableFromInline package static func appRefresh(_ identifier: String, earliestBeginDate: VirtualTime? = nil)
    -> BackgroundTaskRequest
  {
    BackgroundTaskRequest(kind: .appRefresh, identifier: identifier, earliestBeginDate: earliestBeginDate)
  }

  /// A `BGProcessingTaskRequest`.
  public static func processing(
    _ identifier: String, earliestBeginDate: VirtualTime? = nil, requiresNetworkConnectivity: Bool = false,
    requiresExternalPower: Bool = false
  ) -> BackgroundTaskRequest {
    BackgroundTaskRequest(
      kind: .processing, identifier: identifier, earliestBeginDate: earliestBeginDate,
      requiresNetworkConnectivity: requiresNetworkConnectivity, requiresExternalPower: requiresExternalPower)
  }

  /// `processing com.acme.reconcile earliest=t=900.000000s network power`.
  public var description: String {
    var text = "\(kind.rawValue) \(identifier)"
    if let earliestBeginDate { text += " earliest=\(earliestBeginDate)" }
    if requiresNetworkConnectivity { text += " network" }
    if requiresExternalPower { text += " power" }
    return text
  }
}
