import Salvage
import SalvageTesting
import Testing
import XCTest

/// The assertion helpers of SalvageTesting.
struct SalvageTestingTests {
    fileprivate struct TestingNumber: APIDecodable, Equatable {
        let n: Int?
        init(n: Int?) { self.n = n }
        init?(from decoder: APIDecoder) { n = decoder["n"] --> Int?.self }
    }

    @Test func matchingResultsPass() {
        let result = APIDataDecoder().decode(string: #"{"n": "x"}"#, to: TestingNumber.self)
        expectDecoded(result, TestingNumber(n: nil), errors: [#"root["n"]: type_mismatch"#])
        #expect(result.errors.first?.shortForm == #"root["n"]: type_mismatch"#)
    }

    @Test func aMismatchIsOneIssueWithADiff() {
        let result = APIDataDecoder().decode(string: #"{"n": "x"}"#, to: TestingNumber.self)
        withKnownIssue("a deliberately wrong expectation") {
            expectDecoded(result, TestingNumber(n: 1), errors: [#"root["m"]: missing"#])
        }
        #expect(DecodeExpectation.mismatch(result, value: TestingNumber(n: 1), errors: [#"root["m"]: missing"#]) == #"""
        value differs (- expected, + actual):
        - value.n: 1
        + value.n: nil
        errors differ (- expected, + actual):
        + root["n"]: type_mismatch
        - root["m"]: missing
        """#)
        #expect(DecodeExpectation.mismatch(result, value: TestingNumber(n: nil), errors: [#"root["n"]: type_mismatch"#]) == nil)
    }
}

/// The XCTest form, run by XCTest.
final class SalvageTestingXCTests: XCTestCase {
    func testAssertDecoded() {
        let result = APIDataDecoder().decode(string: #"{"n": 7}"#, to: SalvageTestingTests.TestingNumber.self)
        XCTAssertDecoded(result, SalvageTestingTests.TestingNumber(n: 7), errors: [])
    }
}
