import Foundation
import Salvage

/// The root model of ``decodeInModel(_:using:_:)``: its `init?(from:)` runs the closure set for the
/// current task, so a guide's fragment written "inside `init?(from:)`" runs as written, with the decoder
/// of a real model (errors are tagged `root(DocModel)`).
struct DocModel: APIDecodable {
    @TaskLocal static var body: (@Sendable (APIDecoder) -> Any?)? = nil

    let value: Any

    init?(from decoder: APIDecoder) {
        guard let value = DocModel.body?(decoder) else { return nil }
        self.value = value
    }
}

/// Decodes `json` with `dataDecoder` into a model whose `init?(from:)` is `body`: the model's value is
/// what `body` returns, and `nil` fails the model as it would in a real `init?(from:)`.
func decodeInModel<Value>(_ json: String, using dataDecoder: APIDataDecoder = APIDataDecoder(),
                          _ body: @escaping @Sendable (APIDecoder) -> Value?) -> APIDecodeResult<Value> {
    let run: @Sendable (APIDecoder) -> Any? = { body($0) }
    let result = DocModel.$body.withValue(run) {
        dataDecoder.decode(string: json, to: DocModel.self)
    }
    return APIDecodeResult(value: result.value.map { $0.value as! Value }, errors: result.errors,
                           unrecordedErrorCount: result.unrecordedErrorCount)
}

/// The package's root directory (this file is `Tests/DocExamples/DocSupport.swift`).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
