// swift-tools-version: 6.1
// An app package that uses Folio as any other package would: by path here, by URL elsewhere.
// Its tests use the FolioTesting product; Folio's CI builds and tests this package.
import PackageDescription

let package = Package(
  name: "AppUsingFolio",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "AppUsingFolio", targets: ["AppUsingFolio"])
  ],
  dependencies: [
    .package(name: "Folio", path: "../..")
  ],
  targets: [
    .target(
      name: "AppUsingFolio", dependencies: [.product(name: "Folio", package: "Folio")],
      swiftSettings: [.swiftLanguageMode(.v6)]),
    .testTarget(
      name: "AppUsingFolioTests",
      dependencies: ["AppUsingFolio", .product(name: "FolioTesting", package: "Folio")],
      resources: [.copy("Fixtures")],
      swiftSettings: [.swiftLanguageMode(.v6)]),
  ]
)
