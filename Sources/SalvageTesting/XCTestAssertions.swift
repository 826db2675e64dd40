import Salvage
import XCTest

/// XCTest's form of ``expectDecoded(_:_:errors:sourceLocation:)``: asserts that a decode produced `value`
/// and exactly `errors` (each `root["height"]: type_mismatch`), failing with a diff otherwise.
///
/// ```swift
/// XCTAssertDecoded(result, expectedPerson, errors: [#"root["height"]: type_mismatch"#])
/// ```
public func XCTAssertDecoded<T: Equatable>(_ result: APIDecodeResult<T>, _ value: T?, errors: [String],
                                           file: StaticString = #filePath, line: UInt = #line) {
    if let mismatch = DecodeExpectation.mismatch(result, value: value, errors: errors) {
        XCTFail(mismatch, file: file, line: line)
    }
}

/// XCTest's form of ``expectErrors(_:_:sourceLocation:)``: asserts that a decode recorded exactly `errors`
/// (each `root["items"][3]["id"]: missing`, in order), whatever its value, failing with a line diff otherwise.
///
/// ```swift
/// XCTAssertErrors(result, [#"root[3]["actor"]["id"]: type_mismatch"#])
/// ```
public func XCTAssertErrors<T>(_ result: APIDecodeResult<T>, _ errors: [String],
                               file: StaticString = #filePath, line: UInt = #line) {
    if let mismatch = DecodeExpectation.mismatch(result, errors: errors) {
        XCTFail(mismatch, file: file, line: line)
    }
}
