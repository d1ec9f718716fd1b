// Uses of toolchain APIs newer than the fixture's minimums (macOS 15,
// iOS 18, ...). scripts/check-availability.py --self-test expects exactly the
// lines marked `expect:` to be reported. Never compiled.
import Synchronization

/// Not reported: Mutex is macOS 15, the minimum; InlineArray in a comment.
let counter = Mutex(0)
let text = "InlineArray<2, Int> in a string literal is not a use"

func unguarded() async {
  let pair: InlineArray<2, Int> = [1, 2]  // expect: InlineArray
  _ = pair
  Task.immediate {  // expect: Task.immediate
    await Task.yield()
  }
  _ = "abc".utf8Span  // not reported: a member reached through a value
}

func guardedByIf() {
  if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
    let pair: InlineArray<2, Int> = [1, 2]
    _ = pair
  } else {
    let pair: InlineArray<2, Int> = [3, 4]  // expect: InlineArray
    _ = pair
  }
}

func guardedByGuard() {
  guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
    return
  }
  let pair: InlineArray<2, Int> = [1, 2]
  _ = pair
}

func guardedTooLow() {
  if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
    Task.immediate {  // not reported: 26.0 covers Task.immediate
      await Task.yield()
    }
    _ = UnimplementedTaskExecutor()  // expect: UnimplementedTaskExecutor
  }
}

func guardedForMacOSOnly() {
  if #available(macOS 26, *) {
    let pair: InlineArray<2, Int> = [1, 2]  // expect: InlineArray
    _ = pair
  }
}

@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
struct Guarded {
  let executor = UnimplementedTaskExecutor()

  func body() -> InlineArray<2, Int> { [1, 2] }
}

let afterGuarded = UnimplementedTaskExecutor()  // expect: UnimplementedTaskExecutor

@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
let guardedStored = UnimplementedTaskExecutor()
let unguardedStored = UnimplementedTaskExecutor()  // expect: UnimplementedTaskExecutor

/// Not reported: allowlisted (a collision with a name of the fixture's own).
let collision: UTF8Span? = nil
