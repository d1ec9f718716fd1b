// swift-tools-version:6.0
// The self-test of scripts/check-availability.py: the same minimums as the
// package's own Package.swift, never built.
import PackageDescription

let package = Package(
  name: "AvailabilityFixture",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  targets: [.target(name: "Fixture", path: "Sources/Fixture")]
)
