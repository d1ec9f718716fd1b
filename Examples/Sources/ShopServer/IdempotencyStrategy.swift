/// How the shop's server keeps an order from being recorded twice under
/// its `Idempotency-Key`: two ways that look right and are not, and one
/// that is.
public enum IdempotencyStrategy: String, CaseIterable, Hashable, Sendable {
  /// Looks the key up, and when it is new records the order and the key
  /// with its answer in one transaction. **The bug:** two tries of one key
  /// that overlap (a retry sent while the first is still charging the
  /// card) both find no key, and both record the order.
  case checkThenInsert = "check-then-insert"
  /// Claims the key first under a unique constraint (a concurrent try gets
  /// 409), records the order, then stores the answer on the claim in a
  /// second transaction. A claim whose process crashed is taken over.
  /// **The bug:** a crash after the order's commit and before the answer
  /// leaves a claim without an answer; the retry takes it over and records
  /// the order again.
  case keyAfterCommit = "key-after-commit"
  /// Claims the key first, then records the order and stores the answer
  /// in one transaction: a claim without an answer means the order was not
  /// recorded, so taking it over after a crash is safe.
  case claimThenCommitTogether = "claim-then-commit-together"
}
