import Salvage
import Testing

/// Expects, in one call, that a decode produced `value` and exactly `errors` (each written as
/// `root["height"]: type_mismatch`, in order). On mismatch, records one issue with a diff.
///
/// ```swift
/// @Test func person() {
///     let result = APIDataDecoder().decode(string: json, to: Person.self)
///     expectDecoded(result, Person(id: 1, name: "Ada", height: nil), errors: [#"root["height"]: type_mismatch"#])
/// }
/// ```
public func expectDecoded<T: Equatable>(_ result: APIDecodeResult<T>, _ value: T?, errors: [String],
                                        sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    if let mismatch = DecodeExpectation.mismatch(result, value: value, errors: errors) {
        Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
    }
}
