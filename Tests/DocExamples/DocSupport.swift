import Foundation
import Salvage

/// The root model of ``decodeInModel(_:using:_:)``: its `init?(from:)` runs the closure set for the
/// current thread, so a guide's fragment written "inside `init?(from:)`" runs as written, with the decoder
/// of a real model (errors are tagged `root(DocModel)`). A decode runs synchronously on the calling
/// thread, so a thread-dictionary entry set around it is seen by the model and by no other test.
/// (A `@TaskLocal` did this first, but with Swift 6.3.1 `-O` a task-local of optional closure type crashes
/// in `swift_task_localValuePush` — reproduced in a ten-line program without Salvage.)
struct DocModel: APIDecodable {
    static let bodyKey = "DocExamples.DocModel.body"

    let value: Any

    init?(from decoder: APIDecoder) {
        guard let body = Thread.current.threadDictionary[DocModel.bodyKey] as? DocModelBody,
              let value = body.run(decoder) else { return nil }
        self.value = value
    }
}

/// The closure a ``DocModel`` runs, boxed for the thread dictionary.
final class DocModelBody {
    let run: (APIDecoder) -> Any?
    init(_ run: @escaping (APIDecoder) -> Any?) { self.run = run }
}

/// Decodes `json` with `dataDecoder` into a model whose `init?(from:)` is `body`: the model's value is
/// what `body` returns, and `nil` fails the model as it would in a real `init?(from:)`.
func decodeInModel<Value>(_ json: String, using dataDecoder: APIDataDecoder = APIDataDecoder(),
                          _ body: @escaping @Sendable (APIDecoder) -> Value?) -> APIDecodeResult<Value> {
    let dictionary = Thread.current.threadDictionary
    let previous = dictionary[DocModel.bodyKey]
    dictionary[DocModel.bodyKey] = DocModelBody { body($0) }
    defer { dictionary[DocModel.bodyKey] = previous }
    let result = dataDecoder.decode(string: json, to: DocModel.self)
    return APIDecodeResult(value: result.value.map { $0.value as! Value }, errors: result.errors,
                           unrecordedErrorCount: result.unrecordedErrorCount)
}

/// The package's root directory: the nearest folder above this file that holds `Package.swift` (so a move of
/// this file cannot make the suites look elsewhere); this file's folder, where they find nothing, if none does.
let packageRoot: URL = {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    var folder = here
    while folder.pathComponents.count > 1 {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
        folder = folder.deletingLastPathComponent()
    }
    return here
}()
