#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which ``TaskRuntime`` the current thread is running, if any: a
/// thread-local word, read on every job the Swift concurrency runtime
/// enqueues in the process.
///
/// A simulation of user code marks its thread only for the length of a
/// run (`SimulationModel.beginRun`, cleared however the run ends), so that
/// the process-wide hook routes to it exactly the work that code creates —
/// child tasks, `Task { }`, actor hops, continuations it resumes — and
/// forwards everything else (other tests running in parallel, say) to the
/// real global executor untouched.
enum RuntimeThread {
  /// The thread-local slot.
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed (\(status)): the process has no thread-local slot left")
    return key
  }()

  /// The runtime the current thread runs, or `nil`.
  ///
  /// - Complexity: O(1): one `pthread_getspecific`.
  @inline(__always)
  static var current: TaskRuntime? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<TaskRuntime>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Whether the current thread runs `runtime`: one
  /// `pthread_getspecific`, without retaining either runtime.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func runs(_ runtime: TaskRuntime) -> Bool {
    pthread_getspecific(key) == Unmanaged.passUnretained(runtime).toOpaque()
  }

  /// Marks the current thread as running `runtime` (or nothing); the
  /// caller keeps `runtime` alive while it is marked.
  @inline(__always)
  static func mark(_ runtime: TaskRuntime?) {
    _ = pthread_setspecific(key, runtime.map { Unmanaged.passUnretained($0).toOpaque() })
  }
}
