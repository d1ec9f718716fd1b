/// A world the engine can run: clients, network, server, OS daemon — any
/// set of actors whose state changes only when one of its events is handled.
///
/// The engine owns time, the pending events, randomness and race choices
/// (`SimulationContext`); the model owns its state and says what each
/// event does. Models never read a wall clock or iterate a `Dictionary` or
/// `Set` into anything that reaches an output (SPEC §2).
@usableFromInline
package protocol SimulationModel {
  /// The model's events: small value types (an enum of identifiers), never a
  /// class instance or closure, so that pending events cost no allocation.
  associatedtype Event: BitwiseCopyable

  /// Takes what the model holds for a whole run, from before
  /// ``start(in:)`` to after ``finish(in:)``: a world running your code
  /// marks its thread for its runtime once per run, where marking it at
  /// every event cost three thread-local calls. The engine calls
  /// ``endRun()`` however the run ends, errors included, so nothing taken
  /// outlives the run. The default takes nothing.
  mutating func beginRun(in context: inout SimulationContext<Event>) throws(SimulationError)

  /// Releases what ``beginRun(in:)`` took. The default does nothing.
  mutating func endRun()

  /// Schedules the run's first events. Called once per run, at time zero.
  mutating func start(in context: inout SimulationContext<Event>) throws(SimulationError)

  /// Applies one event at `context.now`, scheduling any follow-ups.
  mutating func handle(_ event: Event, in context: inout SimulationContext<Event>) throws(SimulationError)

  /// The run ran out of events: a last check of the state, which may stop
  /// the run with an error (user code still waiting on something the
  /// simulation does not drive, say). It must not schedule events. The
  /// default does nothing.
  mutating func finish(in context: inout SimulationContext<Event>) throws(SimulationError)

  /// The bytes the model's state holds now: what a `RunWatch` compares
  /// with a memory budget while the run goes. The default is 0 (not
  /// counted).
  var liveBytes: Int { get }

  /// What the model's state holds now, in words, for the message of a run
  /// stopped by its memory budget: `"1,234,567 requests still processing at
  /// the server"`. Asked for only then; the default is empty.
  var liveDescription: String { get }
}

extension SimulationModel {
  /// Nothing to take.
  @inlinable
  package mutating func beginRun(in context: inout SimulationContext<Event>) throws(SimulationError) {}

  /// Nothing to release.
  @inlinable
  package mutating func endRun() {}

  /// Nothing to check.
  @inlinable
  package mutating func finish(in context: inout SimulationContext<Event>) throws(SimulationError) {}

  /// Not counted.
  @inlinable
  package var liveBytes: Int { 0 }

  /// Nothing said.
  @usableFromInline
  package var liveDescription: String { "" }
}
