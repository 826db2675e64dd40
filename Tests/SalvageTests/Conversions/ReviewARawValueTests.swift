import Foundation
import Salvage
import Testing

// Regression found by the hostile review of conversions (session 27, review A): a raw value no case has
// was shown through `RawValue`'s description, so a `Double` raw value became a rounded stand-in
// (`9007199254740993` shown as `9.007199254740992e+15`), against "every error about a number says which
// number it was", and the native path disagreed with the Codable path, which shows the value as written.

@Suite struct ReviewARawValueTests {
    enum Ratio: Double, APIDecodable, Decodable { case half = 0.5 }
    enum Level: Int, APIDecodable, Decodable { case one = 1 }

    struct Holder: APIDecodable {
        init?(from decoder: APIDecoder) {
            _ = decoder["ratio"] --> Ratio?.self
            _ = decoder["level"] --> Level?.self
            _ = decoder["open"] --> OpenEnum<Ratio>?.self
        }
    }

    struct CodableHolder: Decodable {
        let ratio: Ratio?
        let level: Level?
    }

    @Test(arguments: [
        ("9007199254740993", "9007199254740993"),
        ("1", "1"),
        ("0.1", "0.1"),
        ("1e2", "1e2"),
        ("-0", "-0"),
        ("18446744073709551616", "18446744073709551616"),
    ])
    func aDoubleRawValueIsShownAsWritten(json: String, shown: String) {
        let result = APIDataDecoder().decode(string: #"{"ratio": \#(json), "open": \#(json)}"#, to: Holder.self)
        #expect(result.errors.map(\.description) == [
            #"root(Holder) > "ratio"(Ratio) : Raw value of "\#(shown)" for type Ratio not defined"#,
            #"root(Holder) > "open"(OpenEnum<Ratio>) : Raw value of "\#(shown)" for type Ratio not defined"#,
        ])
        #expect(result.errors.map(\.severity) == [.recovered, .info])
    }

    @Test func aLenientRawValueInAStringIsShownAsWritten() {
        struct Lenient: APIDecodable {
            init?(from decoder: APIDecoder) { _ = decoder["ratio"].decodeOptional(Ratio.self, lenient: true) }
        }
        let result = APIDataDecoder().decode(string: #"{"ratio": "9007199254740993"}"#, to: Lenient.self)
        #expect(result.errors.map(\.reason) == [
            .coerced(value: "9007199254740993", found: .string, type: "Double"),
            .unexpectedRawValue(value: "9007199254740993", type: "Ratio"),
        ])
    }

    @Test(arguments: [#"{"ratio": 9007199254740993}"#, #"{"level": 2.0}"#, #"{"level": 3e0}"#, #"{"ratio": "x"}"#])
    func nativeAndCodablePathsShowTheSameRawValue(json: String) {
        let native = APIDataDecoder().decode(string: json, to: Holder.self).errors.map(\.reason)
        let codable = APIDataDecoder().decode(data: Data(json.utf8), toDecodable: CodableHolder.self).errors.map(\.reason)
        #expect(native == codable)
        #expect(native.count == 1)
    }
}
