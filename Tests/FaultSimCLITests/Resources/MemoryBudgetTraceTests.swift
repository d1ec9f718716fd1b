import FaultSim
import Testing

@testable import FaultSimCommandLine

/// The memory check counts what a streamed trace still holds.
@Suite struct MemoryBudgetTraceTests {
  @Test func aStreamedTraceCountsItsChunkAndMermaidItsParticipants() {
    let options = RequestWorldOptions.checkoutReference(orders: 1_000_000)
    let untraced = MemoryBudget.estimatedBytes(RequestWorld.self, options, trace: nil)
    let text = MemoryBudget.estimatedBytes(RequestWorld.self, options, trace: .text)
    let mermaid = MemoryBudget.estimatedBytes(RequestWorld.self, options, trace: .mermaid)
    #expect(untraced == RequestWorld.estimatedBytes(options))
    // Text and JSON Lines: one chunk of output, whatever the run's length.
    #expect(text > untraced && text - untraced < 1 << 20)
    #expect(MemoryBudget.estimatedBytes(RequestWorld.self, options, trace: .json) == text)
    // Mermaid: its look-ahead and one entry per participant (a client per order).
    #expect(mermaid - text >= 1_000_000 * 60)
    #expect(TraceWriter.heldBytes(format: .mermaid, actors: .max) == .max)
  }
}
