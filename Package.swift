// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Salvage",
    products: [
        .library(name: "Salvage", targets: ["Salvage"]),
        // Assertions for your tests: a result's value and exact error list in one call (Swift Testing and XCTest).
        .library(name: "SalvageTesting", targets: ["SalvageTesting"]),
    ],
    targets: [
        .target(
            name: "Salvage",
            dependencies: ["CSalvageRuntime"],
            path: "Sources/Salvage"
        ),
        // What the runtime needs from C (Sources/Salvage/Runtime): the atomic loads and stores of a context slot's
        // generation (ContextSlot.swift) and the current frame address (StackGuard.swift); and, on x86-64, the
        // parser's sixteen-byte masks through SSE2's pmovmskb (Parsing/ByteMasks.swift). A header of static
        // inline functions, part of this package, not a dependency.
        .target(
            name: "CSalvageRuntime",
            path: "Sources/CSalvageRuntime"
        ),
        .target(
            name: "SalvageTesting",
            dependencies: ["Salvage"],
            path: "Sources/SalvageTesting"
        ),
        // Models and suites of the benchmark, shared by the executable and by a quick check in the tests.
        .target(
            name: "SalvageBenchmarkKit",
            dependencies: ["Salvage"],
            path: "Sources/SalvageBenchmarkKit"
        ),
        // The demo's models, bundled payload and report printing, shared by `salvage-demo` and its golden test.
        .target(
            name: "SalvageDemoKit",
            dependencies: ["Salvage"],
            path: "Sources/SalvageDemoKit"
        ),
        .executableTarget(
            name: "salvage-demo",
            dependencies: ["SalvageDemoKit"],
            path: "Sources/salvage-demo"
        ),
        // Counts heap allocations for the benchmark by interposing malloc; linked by the benchmark only.
        .target(
            name: "CAllocationCounter",
            path: "Sources/CAllocationCounter"
        ),
        .executableTarget(
            name: "salvage-benchmark",
            dependencies: ["SalvageBenchmarkKit", "CAllocationCounter"],
            path: "Sources/salvage-benchmark"
        ),
        .testTarget(
            name: "SalvageTests",
            dependencies: ["Salvage", "SalvageBenchmarkKit", "SalvageDemoKit", "SalvageTesting"],
            path: "Tests/SalvageTests",
            // Models full of `-->` must type-check quickly: flag any expression slower than 100 ms.
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=100"])]
        ),
        // Every code block of README.md and Docs/*.md, compiled and run with assertions; checks that the
        // blocks and the mirrored lines stay the same.
        .testTarget(
            name: "DocExamples",
            dependencies: ["Salvage", "SalvageTesting"],
            path: "Tests/DocExamples",
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=100"])]
        ),
        // The shapes of `-->` code users write (`??` defaults joined by arithmetic, a twenty-field model,
        // `decoder.all` with ten fields), each of which must type-check in under 100 ms: this target's build
        // prints no warning. Not `-warnings-as-errors`: on a loaded machine the same expression can take
        // three times as long, and a timing must not fail a build. Not `-warn-long-function-bodies=100`
        // either: the `#expect` expansions of a test function alone take 100-160 ms on a loaded machine.
        .testTarget(
            name: "TypeCheckBudget",
            dependencies: ["Salvage"],
            path: "Tests/TypeCheckBudget",
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=100"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
