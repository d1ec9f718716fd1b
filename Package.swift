// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "FaultSim",
  products: [
    // The public API people import in their own tests.
    .library(name: "FaultSim", targets: ["FaultSim"]),
    // The command-line tool.
    .executable(name: "faultsim", targets: ["FaultSimCLI"]),
    // Release-mode benchmarks; see Benchmarks/README.md.
    .executable(name: "faultsim-bench", targets: ["FaultSimBench"]),
  ],
  targets: [
    .target(
      name: "FaultSim",
      path: "Sources/FaultSim",
      // rounding and square roots come from libm on Linux.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    .executableTarget(
      name: "FaultSimCLI",
      dependencies: ["FaultSim"],
      path: "Sources/FaultSimCLI"
    ),
    .executableTarget(
      name: "FaultSimBench",
      dependencies: ["FaultSim"],
      path: "Benchmarks/FaultSimBench"
    ),
    .testTarget(
      name: "FaultSimTests",
      dependencies: ["FaultSim"],
      path: "Tests/FaultSimTests",
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "FaultSimCLITests",
      // Depends on the executable so that `swift test` builds it first.
      dependencies: ["FaultSimCLI"],
      path: "Tests/FaultSimCLITests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
