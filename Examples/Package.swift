// swift-tools-version:6.0
import PackageDescription

// A package of its own, as yours would be: it depends on FaultSim by path and
// uses only its public API.
let package = Package(
  name: "Examples",
  products: [
    .library(name: "Checkout", targets: ["Checkout"])
  ],
  dependencies: [
    .package(name: "FaultSim", path: "..")
  ],
  targets: [
    .target(name: "Checkout", dependencies: [.product(name: "FaultSim", package: "FaultSim")])
  ],
  swiftLanguageModes: [.v6]
)
