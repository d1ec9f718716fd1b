/// What `getAllTasks` listed at one reconcile, grouped by file: each of the
/// user's files' listed tasks as one contiguous slice, newest first, the
/// way a ``TransferReconciler`` is shown them.
///
/// A counting sort over the user's files: O(files + tasks) per reconcile,
/// and no allocation once the buffers have grown, because the app keeps
/// one and reuses it.
@usableFromInline
struct ListedTasks {
  /// The tasks, file by file.
  @usableFromInline
  var tasks: [TransferTaskSnapshot] = []
  /// `bounds[k] ..< bounds[k + 1]`: where the user's k-th file's tasks are.
  @usableFromInline
  var bounds: [Int] = []

  @inlinable
  init() {}

  /// Groups `snapshot` — one user's `getAllTasks`, newest first — by the
  /// user's `files` files from `firstFile` on, keeping each file's tasks
  /// newest first.
  ///
  /// - Complexity: O(`files` + `snapshot.count`).
  @usableFromInline
  mutating func group(_ snapshot: [TransferTaskSnapshot], firstFile: Int, files: Int) {
    if bounds.count != files + 1 { bounds = Array(repeating: 0, count: files + 1) }
    // `tasks` only grows: its first `snapshot.count` elements are this
    // reconcile's, the rest are left over and never shown.
    if tasks.count < snapshot.count, let any = snapshot.first {
      tasks.append(contentsOf: repeatElement(any, count: snapshot.count - tasks.count))
    }
    bounds.withUnsafeMutableBufferPointer { bounds in
      bounds.update(repeating: 0)
      guard !snapshot.isEmpty else { return }
      for task in snapshot { bounds[task.transfer.file - firstFile + 1] &+= 1 }
      for k in 0..<files { bounds[k + 1] &+= bounds[k] }
      // Each file's start moves to its end as its tasks are placed; then
      // the bounds shift back by one file.
      tasks.withUnsafeMutableBufferPointer { tasks in
        for task in snapshot {
          let k = task.transfer.file - firstFile
          tasks[bounds[k]] = task
          bounds[k] &+= 1
        }
      }
      var k = files
      while k > 0 {
        bounds[k] = bounds[k - 1]
        k -= 1
      }
      bounds[0] = 0
    }
  }

  /// The listed tasks of the user's `k`-th file, newest first.
  ///
  /// - Complexity: O(1).
  @inlinable
  func of(fileAt k: Int) -> ArraySlice<TransferTaskSnapshot> {
    tasks[bounds[k]..<bounds[k + 1]]
  }
}
