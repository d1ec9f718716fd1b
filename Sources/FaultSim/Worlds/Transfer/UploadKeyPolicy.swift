/// Whether an upload carries an idempotency key, and where the key lives
/// (the transfer world's outbox): the registry row is
/// the outbox, and a relaunch's reconcile re-enqueues what it believes
/// unsent.
///
/// The key decides what the server does with a second complete upload of
/// one job: with `stored-with-row` every task for the job carries the key
/// kept in its row, so the server recognises a re-enqueued upload and
/// stores nothing new; with `made-at-send` each task gets a key made when
/// it is created, so a re-enqueued upload looks new and is stored again, as
/// with no key at all. What the app and the daemon do is the same under
/// all three: the daemon still moves the bytes, and the app still hears a
/// 2xx. Only the copies the server holds change.
@usableFromInline package enum UploadKeyPolicy: String, CaseIterable, Hashable, Sendable {
  /// No key: every complete upload is a copy on the server.
  case none
  /// The key is stored with the job's registry row: the server stores at
  /// most one copy per job, however often the job is uploaded.
  case storedWithRow = "stored-with-row"
  /// The key is made when the task is created: each re-enqueued upload has
  /// a new one, so the server stores it again (duplicates like `none`).
  case madeAtSend = "made-at-send"
}
