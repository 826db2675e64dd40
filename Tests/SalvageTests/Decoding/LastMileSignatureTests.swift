import Foundation
import Salvage
import Testing

// LastMile public signatures that did not compile against Salvage before review D:
// `APIDecodeError(path:value: String, overflowedType:)` / `(… impreciseType:)` (some LastMile versions took the
// number's text, not a `Decimal`), `APICodingKey.jsonType` (a settable `JSONElement`) and the global `==`
// between two `any CodingKey`s. Each test is written as LastMile code was.

@Suite("LastMile 1.0 signatures")
struct LastMileSignatureTests {
    private struct Counter: APIDecodable {
        let count: Int8
        init?(from decoder: APIDecoder) {
            guard let count = decoder["count"] --> Int8.self else { return nil }
            self.count = count
        }
    }

    @Test func overflowErrorFromTextEqualsTheDecodedOne() {
        let result = APIDataDecoder().decode(data: Data(#"{"count": 300}"#.utf8), to: Counter.self)
        let expected = APIDecodeError(path: ["root", "count"], value: "300", overflowedType: "Int8")
        #expect(result.errors == [expected])
        #expect(expected.description == #"root > "count" : Value 300 does not fit in Int8"#)
        #expect(expected.reason == .numericOverflow(value: 300, type: "Int8"))
    }

    @Test func precisionErrorFromTextEqualsTheDecodedOne() {
        let result = APIDataDecoder().decode(data: Data(#"{"count": 2.5}"#.utf8), to: Counter.self)
        let expected = APIDecodeError(path: ["root", "count"], value: "2.5", impreciseType: "Int8")
        #expect(result.errors == [expected])
        #expect(expected.description == #"root > "count" : Type Int8 does not have precision to represent 2.5"#)
    }

    @Test(arguments: [("1e400", "Value 1e400 does not fit in Double"), ("0300", "Value 0300 does not fit in Double")])
    func overflowTextADecimalDoesNotGiveBackIsKeptAsWritten(text: String, message: String) {
        let error = APIDecodeError(path: ["root"], value: text, overflowedType: "Double")
        #expect(error.reason == .numericOverflowAsWritten(text: text, type: "Double"))
        #expect(error.reason.description == message)
    }

    @Test func precisionTextADecimalDoesNotGiveBackIsKeptAsWritten() {
        let error = APIDecodeError(path: ["root"], value: "2.50", impreciseType: "Int")
        #expect(error.reason == .lossOfPrecisionAsWritten(text: "2.50", type: "Int"))
        #expect(error.reason.description == "Type Int does not have precision to represent 2.50")
    }

    @Test func codingKeyJSONTypeIsSettableAndUnknownByDefault() {
        var key: APICodingKey = "height"
        #expect(key.jsonType == .unknown)
        key.jsonType = .string
        key.swiftType = Double.self
        #expect(key.jsonType == .string)
        #expect(key.swiftType == Double.self)
        key.jsonType = .unknown
        #expect(key.jsonType == .unknown)
        #expect(key.swiftType == Double.self)
        // Descriptive, like the type tags: not part of equality.
        var other: APICodingKey = "height"
        other.jsonType = .null
        #expect(other == "height")
    }

    @Test func codingKeysOfAnyTypeCompareByStringAndIntValue() {
        let error = APIDecodeError(path: ["root", "items", 2], actual: .string)
        let codingPath: [any CodingKey] = error.codingPath
        #expect(error.codingKey == APICodingKey(arrayIndex: 2))
        #expect(codingPath[0] == APICodingKey(hashKey: "items"))
        #expect((codingPath[0] == codingPath[1]) == false)
        #expect((codingPath[1] == APICodingKey(hashKey: "2")) == false)
    }

    private enum Keys: String, CodingKey { case a, b }

    /// The global `==` on `any CodingKey` does not make comparisons of one key type ambiguous.
    @Test func keysOfOneTypeStillCompareWithTheirOwnEquality() {
        let key: Keys = .a
        #expect(key == .a)
        #expect(Keys.a != Keys.b)
        #expect((APICodingKey(hashKey: "a") == "a") == true)
    }

    @Test func decodedPathStepsKeepTheirTagsAndReportUnknownJSONType() throws {
        let result = APIDataDecoder().decode(data: Data(#"{"count": "x"}"#.utf8), to: Counter.self)
        let error = try #require(result.errors.first)
        #expect(error.path.map(\.jsonType) == [.unknown, .unknown])
        #expect(error.path.taggedJSONPath == #"root(Counter) > "count"(Int8)"#)
    }
}
