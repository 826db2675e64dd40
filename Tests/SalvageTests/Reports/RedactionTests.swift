import Foundation
import Salvage
import Testing

/// A value under `redactedKeys`/`redactedPaths` must appear in no rendering and no stored field of any
/// error: not in the reason's payloads and messages, not in the Codable bridge's `DecodingError`s, not in
/// the source excerpt of `diagnostic(source:)`.
struct RedactionTests {
    /// Every way a value's text can get into an error.
    enum Row: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case rawValue, openEnum, overflow, doubleOverflow, precision, decimalPrecision, date, url, uuid, base64, transform, transformThrows,
             customDecoding, coercedString, coercedNumber, codableDate, codableOverflow, codableThrows, codableOtherError,
             recordedReason, recordedMessage, recordedError, recordedRawValueError

        var testDescription: String { rawValue }

        /// The text that must not leak.
        var secret: String {
            switch self {
            case .overflow, .codableOverflow: return "98765432109876543210"
            case .doubleOverflow: return "98765e400"
            case .precision: return "4242.4242"
            case .decimalPrecision: return "3141592653589793238462643383279502884197169"
            case .coercedString, .coercedNumber: return "4242424242"
            case .url: return "http://[SECRET-1234"
            case .base64: return "SECRET-1234!"
            default: return "SECRET-1234"
            }
        }

        /// The secret as it is written in the JSON input.
        var jsonValue: String {
            switch self {
            case .overflow, .doubleOverflow, .codableOverflow, .precision, .coercedNumber: return secret
            case .decimalPrecision: return "0." + secret
            case .codableDate: return #"{"when": "\#(secret)"}"#
            default: return #""\#(secret)""#
            }
        }

        /// The text that shows the secret leaked (the whole secret, or for the `Decimal` rounding of a long
        /// number, its first 25 digits).
        var leak: String { self == .decimalPrecision ? String(secret.prefix(25)) : secret }

        /// Minified input: the secret is on the same line as every error.
        var json: String { #"{"case": "\#(rawValue)", "secret": \#(jsonValue), "note": "x"}"# }

        /// The code of the error the row records.
        var code: String {
            switch self {
            case .rawValue, .openEnum, .recordedRawValueError: return "unknown_raw_value"
            case .overflow, .doubleOverflow: return "numeric_overflow"
            case .precision, .decimalPrecision: return "precision_loss"
            case .coercedString, .coercedNumber: return "coerced"
            case .codableDate, .codableOverflow, .codableThrows: return "swift_decoding_error"
            case .codableOtherError, .recordedMessage, .recordedError: return "custom"
            default: return "invalid_format"
            }
        }
    }

    enum RedactBy: String, CaseIterable, Sendable {
        case keys, paths, wildcardPath

        var options: APIDecodeOptions {
            var options = APIDecodeOptions.strictCodable
            options.codable.dates = .iso8601
            switch self {
            case .keys: options.redactedKeys = ["secret"]
            case .paths: options.redactedPaths = ["secret"]
            case .wildcardPath: options.redactedPaths = ["*"]
            }
            return options
        }
    }

    private enum RedactedPlan: String, APIDecodable { case free, pro }

    private struct RedactedFailure: Error, CustomStringConvertible {
        let text: String
        var description: String { "cannot parse \(text)" }
    }

    private struct RedactedWhen: Decodable { let when: Date }

    /// Throws a `DecodingError` quoting the value, as hand-written `init(from:)`s often do.
    private struct RedactedCard: Decodable {
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Bad card number \(text)")
        }
    }

    /// Throws some other error quoting the value.
    private struct RedactedToken: Decodable {
        init(from decoder: any Decoder) throws {
            throw RedactedFailure(text: try decoder.singleValueContainer().decode(String.self))
        }
    }

    /// Reads `secret` the way `case` says.
    fileprivate struct RedactedModel: APIDecodable {
        init?(from decoder: APIDecoder) {
            guard let name = decoder["case"] --> String.self, let row = Row(rawValue: name) else { return nil }
            let secret = decoder["secret"]
            switch row {
            case .rawValue: _ = secret --> RedactedPlan?.self
            case .openEnum: _ = secret --> OpenEnum<RedactedPlan>.self
            case .overflow: _ = secret --> Int?.self
            case .doubleOverflow: _ = secret --> Double?.self
            case .precision: _ = secret --> Int?.self
            case .decimalPrecision: _ = secret --> Decimal?.self
            case .date: _ = secret --> Date?.self
            case .url: _ = secret --> URL?.self
            case .uuid: _ = secret --> UUID?.self
            case .base64: _ = secret --> Data?.self
            case .transform: _ = secret.decodeOptional(String.self) { Int($0) }
            case .transformThrows: _ = secret.decodeOptional(String.self) { text -> Int? in throw RedactedFailure(text: text) }
            case .customDecoding: _ = secret.decodeOptional(using: CustomDecoding<Int>("a number in words") { _ in nil })
            case .coercedString: _ = secret.decodeOptional(Int.self, lenient: true)
            case .coercedNumber: _ = secret.decodeOptional(String.self, lenient: true)
            case .codableDate: _ = secret.decodeOptional(swiftDecodable: RedactedWhen.self)
            case .codableOverflow: _ = secret.decodeOptional(swiftDecodable: Int8.self)
            case .codableThrows: _ = secret.decodeOptional(swiftDecodable: RedactedCard.self)
            case .codableOtherError: _ = secret.decodeOptional(swiftDecodable: RedactedToken.self)
            case .recordedReason:
                let text = secret --> String.self ?? ""
                secret.recordError(.invalidFormat(value: text, type: "Email", expected: "an e-mail address"))
            case .recordedMessage:
                let text = secret --> String.self ?? ""
                secret.recordError(message: "Malformed e-mail address \(text)")
            case .recordedError:
                let text = secret --> String.self ?? ""
                decoder.recordError(APIDecodeError(path: secret.path, message: "Malformed e-mail address \(text)"))
            case .recordedRawValueError:
                let text = secret --> String.self ?? ""
                decoder.recordError(APIDecodeError(path: secret.path, rawValue: text, type: "RedactedPlan"))
            }
            _ = decoder["note"] --> String.self
        }
    }

    /// Every rendering of the errors, and everything they store.
    static func renderings(of errors: [APIDecodeError], source: String) throws -> [String: String] {
        var renderings: [String: String] = [:]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        for (index, error) in errors.enumerated() {
            var stored = ""
            dump(error, to: &stored)
            var reason = ""
            dump(error.reason, to: &reason)
            let fields: [String: String] = [
                "description": error.description,
                "localizedDescription": error.localizedDescription,
                "reason": "\(error.reason)",
                "reason payload": reason,
                "stored fields": stored,
                "value": error.value ?? "",
                "jsonLine": error.jsonLine,
                "diagnostic(source:)": error.diagnostic(source: source),
                "diagnostic()": error.diagnostic(),
                "metadata": error.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n"),
                "Codable export": String(decoding: try encoder.encode(error), as: UTF8.self),
            ]
            for (name, text) in fields { renderings["\(name) #\(index)"] = text }
        }
        let summary = APIDecodeSummary(errors: errors)
        renderings["summary"] = summary.description
        renderings["summary message"] = summary.groups.map(\.message).joined(separator: "\n")
        renderings["summary Codable export"] = String(decoding: try encoder.encode(summary), as: UTF8.self)
        renderings["APIDecodeFailure"] = APIDecodeFailure(errors: errors).description
        return renderings
    }

    @Test(arguments: Row.allCases, RedactBy.allCases)
    func aRedactedValueAppearsInNoRendering(_ row: Row, by redaction: RedactBy) throws {
        let errors = APIDataDecoder(options: redaction.options).decode(string: row.json, to: RedactedModel.self).errors
        #expect(errors.map(\.code) == [row.code])
        for (name, text) in try Self.renderings(of: errors, source: row.json) {
            #expect(!text.contains(row.leak), "\(name) shows the redacted value: \(text)")
        }
    }

    @Test(arguments: Row.allCases)
    func withoutRedactionTheValueIsShown(_ row: Row) throws {
        var options = APIDecodeOptions.strictCodable
        options.codable.dates = .iso8601
        let errors = APIDataDecoder(options: options).decode(string: row.json, to: RedactedModel.self).errors
        #expect(errors.map(\.code) == [row.code])
        let error = try #require(errors.first)
        #expect(error.description.contains(row.leak))
        #expect(error.diagnostic(source: row.json).contains(row.leak))
    }
}

/// The exact redacted errors, the diagnostic without a source line, and redacted errors in the Codable
/// export.
struct RedactedErrorRenderingTests {
    typealias Row = RedactionTests.Row

    static func redactedErrors(_ row: Row, json: String? = nil, keepsValues: Bool = true) -> [APIDecodeError] {
        var options = APIDecodeOptions.strictCodable
        options.codable.dates = .iso8601
        options.redactedKeys = ["secret"]
        options.keepsValues = keepsValues
        return APIDataDecoder(options: options).decode(string: json ?? row.json, to: RedactionTests.RedactedModel.self).errors
    }

    @Test(arguments: [
        (Row.date, #"root(RedactedModel) > "secret"(Date) : Cannot read "<redacted>" as Date: expected ISO 8601 date and time"#),
        (.overflow, #"root(RedactedModel) > "secret"(Int) : Value <redacted> does not fit in Int"#),
        (.doubleOverflow, #"root(RedactedModel) > "secret"(Double) : Value <redacted> does not fit in Double"#),
        (.precision, #"root(RedactedModel) > "secret"(Int) : Type Int does not have precision to represent <redacted>"#),
        (.coercedString, #"root(RedactedModel) > "secret"(Int) : Converted a string "<redacted>" to Int"#),
        (.rawValue, #"root(RedactedModel) > "secret"(RedactedPlan) : Raw value of "<redacted>" for type RedactedPlan not defined"#),
        (.transformThrows, #"root(RedactedModel) > "secret"(Int) : Cannot read "<redacted>" as Int: expected a value the transform accepts (it threw: <redacted>)"#),
        (.customDecoding, #"root(RedactedModel) > "secret"(Int) : Cannot read "<redacted>" as Int: expected a number in words"#),
        (.codableDate, #"root(RedactedModel) > "secret"(RedactedWhen) > "when" : Swift DecodingError: data corrupted: <redacted>"#),
        (.codableOverflow, #"root(RedactedModel) > "secret"(Int8) : Swift DecodingError: data corrupted: <redacted>"#),
        (.recordedMessage, #"root(RedactedModel) > "secret" : Malformed e-mail address <redacted>"#),
        (.recordedError, #"root(RedactedModel) > "secret" : Malformed e-mail address <redacted>"#),
    ])
    func theRedactedDescription(_ row: Row, _ description: String) throws {
        let errors = Self.redactedErrors(row)
        #expect(errors.map(\.description) == [description])
        // The value is `<redacted>` whenever values are kept (errors built outside the decoder's position, by
        // the Codable bridge or `recordError(_: APIDecodeError)`, keep none); the reason is redacted either way.
        let expectedValue: String? = [.codableDate, .codableOverflow, .codableThrows, .recordedError].contains(row) ? nil : "<redacted>"
        #expect(errors.map(\.value) == [expectedValue])
        #expect(Self.redactedErrors(row, keepsValues: false).map(\.description) == [description])
        #expect(Self.redactedErrors(row, keepsValues: false).map(\.value) == [nil])
    }

    @Test func redactedNumbersAreNaNInThePayloadAndAStringInTheExport() throws {
        let error = try #require(Self.redactedErrors(.overflow).first)
        guard case .numericOverflow(let value, let type) = error.reason else {
            Issue.record("unexpected reason \(error.reason)")
            return
        }
        #expect(value.isNaN && type == "Int")
        #expect(error.jsonLine == #"{"code":"numeric_overflow","column":32,"expected":"Int","found":"integer","json_pointer":"/secret","line":1,"message":"Value <redacted> does not fit in Int","path":"root[\"secret\"]","severity":"recovered","value":"<redacted>"}"#)
        let encoded = String(decoding: try JSONEncoder().encode(error.reason), as: UTF8.self)
        #expect(encoded.contains(#""value":"<redacted>""#))
    }

    @Test func aDiagnosticOfARedactingDecodeShowsNoSourceLine() throws {
        let row = Row.date
        let error = try #require(Self.redactedErrors(row).first)
        #expect(error.diagnostic(source: row.json) == """
        warning: Cannot read "<redacted>" as Date: expected ISO 8601 date and time [invalid_format]
         --> line 1, column 28: root(RedactedModel) > "secret"(Date)
          = source not shown: values are redacted
        """)
        #expect(error.diagnostic() == """
        warning: Cannot read "<redacted>" as Date: expected ISO 8601 date and time [invalid_format]
         --> line 1, column 28: root(RedactedModel) > "secret"(Date)
        """)
        // An error elsewhere on the line of a redacted value: its line is not shown either.
        let json = #"{"case": "date", "secret": "2024-03-01T12:30:00Z", "note": 5}"#
        let other = try #require(Self.redactedErrors(row, json: json).first)
        #expect(other.diagnostic(source: json) == """
        error: Unexpectedly found an integer [type_mismatch]
         --> line 1, column 60: root(RedactedModel) > "note"(String)
          = source not shown: values are redacted
        """)
    }

    @Test func invalidJSONOfARedactingDecodeShowsNoSourceLine() throws {
        let text = #"{"secret": "SECRET-1234",]"#
        var options = APIDecodeOptions.strictCodable
        options.redactedPaths = ["secret"]
        let error = try #require(APIDataDecoder(options: options).decode(string: text, to: JSONValue.self).errors.first)
        #expect(error.diagnostic(source: text) == """
        error: Invalid JSON at line 1, column 26 (byte 25): Unexpected character <redacted>: expected a string key [invalid_json]
         --> line 1, column 26: root(JSONValue)
          = source not shown: values are redacted
        """)
    }

    /// (A `swiftDecodingError` is read back as `dataCorrupted` without its coding path, so it is left out.)
    @Test(arguments: Row.allCases.filter { $0.code != "swift_decoding_error" })
    func redactedErrorsRoundTripThroughCodable(_ row: Row) throws {
        let errors = Self.redactedErrors(row)
        let data = try JSONEncoder().encode(errors)
        #expect(String(decoding: data, as: UTF8.self).contains(#""source_hidden":true"#))
        let decoded = try JSONDecoder().decode([APIDecodeError].self, from: data)
        #expect(decoded == errors)
        #expect(decoded.map(\.description) == errors.map(\.description))
        #expect(decoded.map(\.value) == errors.map(\.value))
        #expect(decoded.map { $0.diagnostic(source: row.json) } == errors.map { $0.diagnostic(source: row.json) })
    }
}
