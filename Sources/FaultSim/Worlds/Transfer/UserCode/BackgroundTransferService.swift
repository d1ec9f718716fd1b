/// What a background `URLSession` offers an app, the parts a downloader
/// decides with: start a download with a description, list the session's
/// tasks (`getAllTasks`), cancel one. In the app it is a thin wrapper over
/// `URLSession(configuration: .background(withIdentifier:))`; under
/// simulation it is a ``SimulatedBackgroundSession`` over the OS transfer
/// daemon of FaultSim's transfer world.
///
/// Endings come back through the app's delegate methods
/// (``BackgroundTransferApp``), as with `URLSessionDownloadDelegate`.
public protocol BackgroundTransferService: Sendable {
  /// The session's identifier: the daemon keeps a session's tasks under
  /// it, and an app that reconnects with another identifier no longer hears
  /// of them.
  var identifier: String { get }

  /// Creates and resumes a download task (`downloadTask(with:)`,
  /// `taskDescription`, `resume()`), or resumes a failed one from its
  /// resume data.
  ///
  /// - Parameters:
  ///   - url: What to download.
  ///   - taskDescription: The app's own name for the task, reported back by
  ///     ``allTasks()`` and the delegate (an episode's identifier, say).
  ///   - resumeData: The resume data of a failed task of the same URL.
  /// - Returns: The new task.
  func download(url: String, taskDescription: String, resumeData: ResumeData?) -> TransferTaskInfo

  /// The session's tasks (`getAllTasks`): those still running, and those
  /// that completed or failed whose events the app has not received yet
  /// (state ``TransferTaskInfo/State/completed``), newest first.
  func allTasks() async -> [TransferTaskInfo]

  /// Cancels a task (`cancel()`); its delegate hears of it as an ending
  /// with ``TransferTaskError/cancelled``.
  func cancel(_ task: TransferTaskInfo)
}

extension BackgroundTransferService {
  /// Creates and resumes a download task from the start.
  public func download(url: String, taskDescription: String) -> TransferTaskInfo {
    download(url: url, taskDescription: taskDescription, resumeData: nil)
  }
}

/// A transfer task as the app sees it (`URLSessionTask`'s identifier,
/// description, state and byte counts).
public struct TransferTaskInfo: Hashable, Sendable, CustomStringConvertible {
  /// Where a task is.
  public enum State: String, Hashable, Sendable {
    /// Moving bytes, or waiting for the network or power it needs.
    case running
    /// Ended (completed, failed or cancelled).
    case completed
  }

  /// The session's number for the task, unique within the device's run.
  public var taskIdentifier: Int
  /// The app's name for the task.
  public var taskDescription: String
  /// What the task downloads.
  public var url: String
  /// Where the task is.
  public var state: State
  /// Bytes received so far.
  public var bytesReceived: UInt64

  /// A task; see the properties for each argument.
  public init(taskIdentifier: Int, taskDescription: String, url: String, state: State, bytesReceived: UInt64) {
    self.taskIdentifier = taskIdentifier
    self.taskDescription = taskDescription
    self.url = url
    self.state = state
    self.bytesReceived = bytesReceived
  }

  /// `task 3 "ep-7"`.
  public var description: String { "task \(taskIdentifier) \"\(taskDescription)\"" }
}

/// How a task ended other than in success (`didCompleteWithError`).
public enum TransferTaskError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The transfer failed part-way; with resume data it can continue from
  /// where it stopped.
  case failed(resumeData: ResumeData?)
  /// The task was cancelled: by the app, or by the system when the user
  /// force-quit the app.
  case cancelled

  /// `failed (resume data: 1200 bytes)`, `cancelled`.
  public var description: String {
    switch self {
    case .failed(let data?): "failed (resume data: \(data.bytes) bytes)"
    case .failed(nil): "failed (no resume data)"
    case .cancelled: "cancelled"
    }
  }
}

/// What a failed download leaves to resume it from (`NSURLSessionDownloadTaskResumeData`).
public struct ResumeData: Hashable, Sendable {
  /// The bytes already received.
  public var bytes: UInt64

  /// Resume data of `bytes` received.
  public init(bytes: UInt64) {
    self.bytes = bytes
  }
}
