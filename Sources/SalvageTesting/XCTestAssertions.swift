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
