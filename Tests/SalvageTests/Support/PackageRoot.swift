import Foundation

/// The package's root directory: the nearest folder above this file that holds `Package.swift`, so that
/// moving test files between folders cannot make the suites that read the package's files look elsewhere.
/// Falls back to this file's folder, where those suites then find nothing and fail.
let packageRoot: URL = {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    var folder = here
    while folder.pathComponents.count > 1 {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
        folder = folder.deletingLastPathComponent()
    }
    return here
}()
