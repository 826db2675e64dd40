import Foundation
import Salvage
import Testing

// Regression found by the hostile review of error reporting (session 27, review A): what a transform or a
// `Decodable` threw (other than a `DecodingError`) was put into the reason as it was, so a line break in it
// (such messages often quote the input) split `description`, the summary's one line per group and
// `APIDecodeFailure`'s list, where `DecodingError` messages, keys and ids are escaped.

@Suite struct ReviewAThrownMessageTests {
    struct QuotingError: Error, CustomStringConvertible {
        let text: String
        var description: String { "not a count: \(text)" }
    }

    struct Counted: APIDecodable {
        init?(from decoder: APIDecoder) {
            _ = decoder["count"].decodeOptional(String.self) { text -> Int? in throw QuotingError(text: text) }
        }
    }

    struct ThrowingField: Decodable {
        init(from decoder: any Decoder) throws {
            throw QuotingError(text: try decoder.singleValueContainer().decode(String.self))
        }
    }

    struct CodableHolder: Decodable {
        let field: ThrowingField?
    }

    @Test func aTransformsThrownMessageStaysOnOneLine() throws {
        let result = APIDataDecoder().decode(string: #"{"count": "12\n\u2028x"}"#, to: Counted.self)
        #expect(result.errors.map(\.description) == [
            #"root(Counted) > "count"(Int) : Cannot read "12\n\u2028x" as Int: expected a value the transform accepts (it threw: not a count: 12\n\u2028x)"#,
        ])
        #expect(result.summary.description.split(separator: "\n").count == 2)
    }

    @Test func aDecodablesThrownMessageStaysOnOneLine() throws {
        let result = APIDataDecoder().decode(data: Data(#"{"field": "a\nb"}"#.utf8), toDecodable: CodableHolder.self)
        #expect(result.errors.map(\.description) == [#"root(CodableHolder) > "field" : not a count: a\nb"#])
        #expect(result.errors.map(\.reason) == [.other(message: #"not a count: a\nb"#)])
        #expect(result.summary.description.split(separator: "\n").count == 2)
    }

    @Test func aRedactedValueIsStillReplacedInTheEscapedMessage() throws {
        var options = APIDecodeOptions()
        options.redactedKeys = ["field"]
        let result = APIDataDecoder(options: options).decode(data: Data(#"{"field": "a\nb"}"#.utf8), toDecodable: CodableHolder.self)
        #expect(result.errors.map(\.description) == [#"root(CodableHolder) > "field" : not a count: <redacted>"#])
        #expect(result.errors.map(\.value) == ["<redacted>"])
    }
}
