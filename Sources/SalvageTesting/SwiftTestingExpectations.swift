import Salvage
import Testing

/// Expects, in one call, that a decode produced `value` and exactly `errors` (each written as
/// `root["height"]: type_mismatch`, in order). On mismatch, records one issue with a diff: a pair of
/// `-`/`+` lines for each field or element of the value that differs, and a line diff of the errors.
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

/// Expects that a decode recorded exactly `errors` (each `root["items"][3]["id"]: missing`, in order),
/// whatever its value: for list endpoints, where writing out the whole value is not worth it. The value
/// need not be `Equatable`. On mismatch, records one issue with a line diff of the errors.
///
/// ```swift
/// @Test func eventsPage() {
///     let result = APIDataDecoder().decode(data: page, to: [Event].self)
///     expectErrors(result, [#"root[3]["actor"]["id"]: type_mismatch"#])
///     #expect(result.value?.count == 29)
/// }
/// ```
public func expectErrors<T>(_ result: APIDecodeResult<T>, _ errors: [String],
                            sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    if let mismatch = DecodeExpectation.mismatch(result, errors: errors) {
        Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
    }
}
