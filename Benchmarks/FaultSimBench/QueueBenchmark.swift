import FaultSim

/// `faultsim-bench queue`: the hold model on the radix-heap pending-event set
/// and on the in-run binary-heap baseline.
struct QueueBenchmark {
  var sizes: [Int] = [10, 1_000, 100_000, 1_000_000]
  var holds: Int = 10_000_000
  var repetitions: Int = 3
  var batches: Int = 20
  var csv = false

  struct Measurement {
    let structure: String
    let size: Int
    let holds: Int
    let nsPerHold: Percentiles
    let checksum: UInt64
  }

  func run() throws(BenchmarkError) {
    let workload = HoldWorkload()
    if csv {
      print(
        "structure,size,holds,ns_per_hold_p0,ns_per_hold_p25,ns_per_hold_p50,ns_per_hold_p75,ns_per_hold_p90,ns_per_hold_p99,ns_per_hold_p100,samples,checksum,baseline_ratio_p50"
      )
    } else {
      print(
        "hold model: \(holds) holds per repetition, \(repetitions) repetitions of \(batches) timed batches; ns per hold"
      )
      print(
        "structure".rightPadded(to: 13) + "size".leftPadded(to: 9) + " " + Percentiles.header
          + "  samples  checksum              vs baseline")
    }
    for size in sizes {
      let radix = measure(EventQueue<UInt64>.self, name: "radix-heap", size: size, workload: workload)
      let heap = measure(BinaryHeapBaseline.self, name: "binary-heap", size: size, workload: workload)
      guard radix.checksum == heap.checksum else {
        throw BenchmarkError(
          "checksum mismatch at size \(size): radix-heap \(radix.checksum), binary-heap \(heap.checksum)")
      }
      let ratio = heap.nsPerHold.p50 / radix.nsPerHold.p50
      report(radix, ratio: ratio)
      report(heap, ratio: 1)
    }
  }

  private func report(_ m: Measurement, ratio: Double) {
    if csv {
      let columns = m.nsPerHold.values.map { format($0, decimals: 2) }.joined(separator: ",")
      print(
        "\(m.structure),\(m.size),\(m.holds),\(columns),\(m.nsPerHold.samples),\(m.checksum),\(format(ratio, decimals: 3))"
      )
    } else {
      let ratioText = m.structure == "binary-heap" ? "baseline" : "\(format(ratio, decimals: 2))x faster"
      print(
        m.structure.rightPadded(to: 13) + String(m.size).leftPadded(to: 9) + " " + m.nsPerHold.formatted()
          + String(m.nsPerHold.samples).leftPadded(to: 9) + "  " + String(m.checksum).rightPadded(to: 20) + "  "
          + ratioText
      )
    }
  }

  private func measure<Queue: HoldQueue & ~Copyable>(
    _ type: Queue.Type, name: String, size: Int, workload: HoldWorkload
  ) -> Measurement {
    var samples: [Double] = []
    var checksum: UInt64 = 0
    let perBatch = max(1, holds / batches)
    for _ in 0..<repetitions {
      var queue = Queue(capacity: size)
      let result = workload.increments.withUnsafeBufferPointer { increments in
        hold(&queue, size: size, perBatch: perBatch, increments: increments)
      }
      samples += result.samples
      checksum = result.checksum
    }
    return Measurement(structure: name, size: size, holds: holds, nsPerHold: Percentiles(samples), checksum: checksum)
  }

  private func hold<Queue: HoldQueue & ~Copyable>(
    _ queue: inout Queue, size: Int, perBatch: Int, increments: UnsafeBufferPointer<UInt64>
  ) -> (samples: [Double], checksum: UInt64) {
    let mask = HoldWorkload.tableSize - 1
    for i in 0..<size {
      queue.push(time: increments[i & mask], payload: UInt64(i))
    }
    var checksum: UInt64 = 0
    var samples: [Double] = []
    var k = size
    let end = size + holds
    while k < end {
      let batchEnd = min(end, k + perBatch)
      let count = batchEnd - k
      let watch = Stopwatch()
      while k < batchEnd {
        let (time, payload) = queue.popMinimum()
        checksum = checksum &+ (time &* 31 &+ payload)
        queue.push(time: time &+ increments[k & mask], payload: payload)
        k += 1
      }
      samples.append(watch.elapsedNanoseconds / Double(count))
    }
    blackHole(checksum)
    return (samples, checksum)
  }
}
