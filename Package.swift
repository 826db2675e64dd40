// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Salvage",
    products: [
        .library(name: "Salvage", targets: ["Salvage"]),
    ],
    targets: [
        .target(
            name: "Salvage",
            path: "Sources/Salvage"
        ),
        .testTarget(
            name: "SalvageTests",
            dependencies: ["Salvage"],
            path: "Tests/SalvageTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
