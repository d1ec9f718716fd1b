/// What the tool asks of the process and the machine it runs on: the
/// environment, the processors a sweep may use by default, the memory
/// reported in a budget refusal.
///
/// Each answer is the one Foundation's `ProcessInfo` gave on Linux, worked
/// out the same way from the C library, so defaults and messages did not
/// change when Foundation left the tool (it cost a third of its start-up).
enum Host {}
