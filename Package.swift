// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "FaultSim",
  // Apple platforms: the deterministic runtime needs task executors and
  // Synchronization's Mutex (macOS 15, iOS 18 and their siblings); Linux
  // needs Swift 6.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    // The public API people import in their own tests.
    .library(name: "FaultSim", targets: ["FaultSim"]),
    // Properties as Swift Testing expectations: issues at your line, seeds
    // from FAULTSIM_SEED, timelines attached.
    .library(name: "FaultSimTesting", targets: ["FaultSimTesting"]),
    // The same for XCTest.
    .library(name: "FaultSimXCTest", targets: ["FaultSimXCTest"]),
    // URLRequest in, (Data, URLResponse) out, URLError thrown: code written
    // against URLSession runs under simulation unchanged. A product of its
    // own, so that `FaultSim` stays free of Foundation.
    .library(name: "FaultSimFoundation", targets: ["FaultSimFoundation"]),
    // The command-line tool.
    .executable(name: "faultsim", targets: ["FaultSimCLI"]),
    // Release-mode benchmarks; see Benchmarks/README.md.
    .executable(name: "faultsim-bench", targets: ["FaultSimBench"]),
    // The fuzzer of the scenario reader and the command line:
    // `swift run -c release faultsim-fuzz --seconds 60`.
    .executable(name: "faultsim-fuzz", targets: ["FaultSimFuzz"]),
  ],
  targets: [
    .target(
      name: "FaultSim",
      path: "Sources/FaultSim",
      // rounding and square roots come from libm on Linux.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    .target(name: "FaultSimTesting", dependencies: ["FaultSim"], path: "Sources/FaultSimTesting"),
    .target(name: "FaultSimXCTest", dependencies: ["FaultSim"], path: "Sources/FaultSimXCTest"),
    .target(name: "FaultSimFoundation", dependencies: ["FaultSim"], path: "Sources/FaultSimFoundation"),
    // The commands of `faultsim`: a library of its own, so that the tests
    // link it without the executable's link settings.
    .target(name: "FaultSimCommandLine", dependencies: ["FaultSim"], path: "Sources/FaultSimCommandLine"),
    // The entry point of `faultsim`, linked statically on Linux: loading and
    // binding the Swift runtime's shared libraries cost more than a run of
    // one order. Only this binary: the library's own builds need the dynamic
    // runtime (the deterministic task runtime finds the concurrency hooks
    // with dlsym), and an executable target's link settings reach only its
    // own binary and a test target that depends on it. lld, which the
    // toolchain ships, links the same binary as gold without warning about
    // the C library's dlopen in a static executable.
    .executableTarget(
      name: "FaultSimCLI",
      dependencies: ["FaultSimCommandLine"],
      path: "Sources/FaultSimCLI",
      linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"], .when(platforms: [.linux]))]
    ),
    .executableTarget(
      name: "FaultSimBench",
      dependencies: ["FaultSim"],
      path: "Benchmarks/FaultSimBench"
    ),
    .executableTarget(
      name: "FaultSimFuzz",
      // Depends on the command-line tool so that building the fuzzer builds
      // the `faultsim` it runs, next to it.
      dependencies: ["FaultSim", "FaultSimCLI"],
      path: "Sources/FaultSimFuzz"
    ),
    .testTarget(
      name: "FaultSimTests",
      dependencies: ["FaultSim", "AllocatorProbe"],
      path: "Tests/FaultSimTests",
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "FaultSimTestingTests",
      dependencies: ["FaultSim", "FaultSimTesting", "FaultSimXCTest"],
      path: "Tests/FaultSimTestingTests"
    ),
    .testTarget(
      name: "FaultSimFoundationTests",
      dependencies: ["FaultSim", "FaultSimFoundation"],
      path: "Tests/FaultSimFoundationTests"
    ),
    // A module that declares the names other HTTP libraries use
    // (HTTPRequest, HTTPResponse, HTTPHeaders, Failure), and a test that
    // imports it with FaultSim and Testing: it compiles only if no name clashes.
    .target(name: "NameClashFixture", path: "Tests/NameClashFixture"),
    // The C library allocator's count of bytes in use, for tests that check
    // FaultSim's own byte counts against it (glibc's mallinfo2).
    .target(name: "AllocatorProbe", path: "Tests/AllocatorProbe"),
    .testTarget(
      name: "NameClashTests",
      dependencies: ["FaultSim", "FaultSimTesting", "NameClashFixture"],
      path: "Tests/NameClashTests"
    ),
    .testTarget(
      name: "FaultSimCLITests",
      // The commands, not the executables: a test target that depends on an
      // executable target links it, with its link settings. `swift test`
      // builds every product, so `faultsim` and `faultsim-fuzz` are built
      // next to the tests all the same.
      dependencies: ["FaultSimCommandLine"],
      path: "Tests/FaultSimCLITests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
