// The frame for a snippet that is the body of a test: with
// <!-- swift-frame: test-body --> above a ```swift block, the block runs as
// the body of this Swift Testing test, FaultSim imported, errors thrown.
import FaultSim
import Testing

@Test func snippet() throws {
  // snippet
}
