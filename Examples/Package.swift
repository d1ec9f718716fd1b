// swift-tools-version:6.2
import PackageDescription

// A package of its own, as yours would be: it depends on FaultSim by path and
// uses only its public API.
let package = Package(
  name: "Examples",
  // Apple platforms: the deterministic runtime needs task executors and
  // Synchronization's Mutex (macOS 15, iOS 18 and their siblings); Linux
  // needs Swift 6.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Checkout", targets: ["Checkout"]),
    .executable(name: "checkout-trace", targets: ["CheckoutTrace"]),
    .library(name: "Podcasts", targets: ["Podcasts"]),
    .library(name: "Shop", targets: ["Shop"]),
    .library(name: "ShopServer", targets: ["ShopServer"]),
    .executable(name: "shop-run", targets: ["ShopRun"]),
    .executable(name: "podcast-trace", targets: ["PodcastTrace"]),
  ],
  dependencies: [
    .package(name: "FaultSim", path: "..")
  ],
  targets: [
    // App code: what would ship in the app, written against FaultSim's
    // HTTPTransport and the standard Clock.
    .target(name: "Checkout", dependencies: [.product(name: "FaultSim", package: "FaultSim")]),
    // The one place that knows the app code runs under simulation.
    .target(
      name: "CheckoutSimulation",
      dependencies: ["Checkout", .product(name: "FaultSim", package: "FaultSim")]),
    .executableTarget(name: "CheckoutTrace", dependencies: ["CheckoutSimulation"]),
    // App code as an app target made from Xcode 26's template has it:
    // main-actor by default, with its networking marked `nonisolated`.
    .target(
      name: "CheckoutScreen",
      dependencies: ["Checkout", .product(name: "FaultSim", package: "FaultSim")],
      swiftSettings: [
        .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]),
    .testTarget(
      name: "CheckoutTests",
      dependencies: [
        "Checkout", "CheckoutSimulation", "CheckoutScreen", "ReadmeExcerpts",
        .product(name: "FaultSim", package: "FaultSim"), .product(name: "FaultSimTesting", package: "FaultSim"),
      ]),
    // App code: a background-session downloader with its registry, written
    // against FaultSim's BackgroundTransferService and the standard Clock.
    .target(name: "Podcasts", dependencies: [.product(name: "FaultSim", package: "FaultSim")]),
    // The one place that knows the downloader runs under simulation.
    .target(
      name: "PodcastSimulation",
      dependencies: ["Podcasts", .product(name: "FaultSim", package: "FaultSim")]),
    .executableTarget(name: "PodcastTrace", dependencies: ["PodcastSimulation"]),
    .testTarget(
      name: "PodcastTests",
      dependencies: [
        "Podcasts", "PodcastSimulation", "ReadmeExcerpts", .product(name: "FaultSim", package: "FaultSim"),
      ]),
    // A shop: app code with a shared token, parallel lines and a keyed
    // order (written against HTTPTransport and Clock), and its server code
    // (endpoints and an idempotency middleware over the server's database).
    .target(
      name: "Shop", dependencies: ["Checkout", .product(name: "FaultSim", package: "FaultSim")]),
    .target(name: "ShopServer", dependencies: [.product(name: "FaultSim", package: "FaultSim")]),
    // The one place that knows the shop runs under simulation.
    .target(
      name: "ShopSimulation",
      dependencies: ["Shop", "ShopServer", "Checkout", .product(name: "FaultSim", package: "FaultSim")]),
    .executableTarget(
      name: "ShopRun", dependencies: ["ShopSimulation", .product(name: "FaultSim", package: "FaultSim")]),
    .testTarget(
      name: "ShopTests",
      dependencies: [
        "Shop", "ShopServer", "ShopSimulation", .product(name: "FaultSim", package: "FaultSim"),
        .product(name: "FaultSimTesting", package: "FaultSim"),
      ]),
    // For the tests: Examples/README.md's fenced blocks, by section.
    .target(name: "ReadmeExcerpts"),
  ],
  swiftLanguageModes: [.v6]
)
