// swift-tools-version: 6.1
// Folio: an embedded document store with sharded, canonical JSON files and a sync engine.
// Zero package dependencies by design: only the Swift toolchain.
import PackageDescription

/// One set of settings for every target, so no module is compiled under looser rules.
let settings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "Folio",
  // Every platform with Synchronization.Mutex, which the store uses; Linux needs no declaration.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Folio", targets: ["Folio"]),
    .library(name: "FolioJSON", targets: ["FolioJSON"]),
    // Fixture folders, golden files and test stores for testing code that uses Folio.
    .library(name: "FolioTesting", targets: ["FolioTesting"]),
    .executable(name: "folio", targets: ["folio"]),
  ],
  targets: [
    .target(name: "FolioJSON", swiftSettings: settings),
    .target(name: "Folio", dependencies: ["FolioJSON"], swiftSettings: settings),
    .target(name: "FolioCLI", dependencies: ["Folio"], swiftSettings: settings),
    .target(name: "FolioTesting", dependencies: ["Folio"], swiftSettings: settings),
    .executableTarget(name: "folio", dependencies: ["FolioCLI"], swiftSettings: settings),
    .executableTarget(name: "folio-bench", dependencies: ["Folio", "FolioTestSupport"], swiftSettings: settings),
    // A second process for storage tests (lock holder, writer, reader); a small command dispatcher.
    .executableTarget(
      name: "folio-testhost", dependencies: ["Folio", "FolioTestSupport"], path: "Tests/FolioTestHost",
      swiftSettings: settings),
    .target(
      name: "FolioTestSupport", dependencies: ["Folio", "FolioTesting"], path: "Tests/FolioTestSupport",
      swiftSettings: settings),
    .testTarget(
      name: "FolioJSONTests", dependencies: ["FolioJSON", "FolioTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "FolioTests", dependencies: ["Folio", "FolioTestSupport", "folio-testhost"],
      swiftSettings: settings),
    .testTarget(
      name: "FolioTestingTests", dependencies: ["Folio", "FolioTesting"], swiftSettings: settings),
    .testTarget(
      name: "FolioCLITests", dependencies: ["FolioCLI", "FolioTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "DocumentationTests", dependencies: ["Folio", "FolioCLI", "FolioTesting", "FolioTestSupport"],
      swiftSettings: settings),
  ]
)
