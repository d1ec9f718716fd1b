#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ``Argument`` properties of a command, gathered while the command is
/// made: each argument adds itself as its property is initialised, and
/// stored properties are initialised in the order they are written.
///
/// Finding them by reflection (`Mirror` over the command, then a cast of
/// each child to ``DeclaredArgument``) asks the Swift runtime for
/// protocol conformances it has not seen yet, each a scan of every
/// conformance record in the process: about a quarter of a one-order run.
/// This costs an append per argument.
///
/// The collection in progress is thread-local, so that commands made on
/// several threads at once (tests run in parallel) each get only their own.
final class ArgumentCollection {
  /// The arguments added so far, in order.
  private var arguments: [any DeclaredArgument] = []
  /// The collection that was in progress on this thread before this one.
  private let outer: UnsafeMutableRawPointer?

  private init(outer: UnsafeMutableRawPointer?) {
    self.outer = outer
  }

  /// The thread-local slot of the collection in progress.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed (\(status)): the process has no thread-local slot left")
    return key
  }()

  /// What `make` returns, and the arguments initialised while it ran, in
  /// the order they were initialised.
  ///
  /// - Complexity: O(a) for the a arguments made, plus `make`.
  static func collecting<Made>(_ make: () -> Made) -> (made: Made, arguments: [any DeclaredArgument]) {
    let collection = ArgumentCollection(outer: pthread_getspecific(key))
    _ = pthread_setspecific(key, Unmanaged.passUnretained(collection).toOpaque())
    let made = withExtendedLifetime(collection) { make() }
    _ = pthread_setspecific(key, collection.outer)
    return (made, collection.arguments)
  }

  /// Adds `argument` to the collection in progress on this thread, if any.
  ///
  /// - Complexity: O(1) amortised.
  static func add(_ argument: some DeclaredArgument) {
    guard let pointer = pthread_getspecific(key) else { return }
    Unmanaged<ArgumentCollection>.fromOpaque(pointer).takeUnretainedValue().arguments.append(argument)
  }
}
