/// An episode the user wants on the device: what the downloader enqueues,
/// under its identifier.
public struct Episode: Identifiable, Hashable, Sendable {
  /// The episode's identifier: the task's `taskDescription`, the registry
  /// row's key and the stored file's name.
  public let id: String
  /// Where it is downloaded from.
  public let url: String

  /// The episode `id`, downloaded from `url`.
  public init(id: String, url: String) {
    self.id = id
    self.url = url
  }
}
