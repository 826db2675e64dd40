import Foundation
import Salvage
import Testing

/// #14 held to its text on the Codable path: under `.salvage` an optional property that is present but
/// wrong becomes nil with a `recovered` error whose code is the specific one the native path gives
/// (`swift_decoding_error` only for what a user's own `init(from:)` throws), and a dictionary with
/// converted keys loses no member silently.
struct Issue14ConformanceTests {
    private enum Kind: String, Decodable { case a, b }
    private enum Level: Int, Decodable { case one = 1, two = 2 }
    private struct Inner: Decodable { let x: Int }

    /// Every property optional, one of each kind the issue names (wrong type, bad nested model, unknown
    /// raw value, overflow, a value that does not parse).
    private struct Optionals: Decodable {
        let i: Int?
        let i8: Int8?
        let u: UInt?
        let f: Float?
        let kind: Kind?
        let level: Level?
        let inner: Inner?
        let url: URL?
        let uuid: UUID?
        let data: Data?
        let date: Date?
        let b: Bool?
        let arr: [Int]?
    }

    private static let wrong = #"""
    {"i": "1", "i8": 300, "u": -1, "f": 1e300, "kind": "c", "level": 3, "inner": {"x": "y"},
     "url": "", "uuid": "nope", "data": "@@@", "date": "x", "b": 1, "arr": {}}
    """#

    private static var iso8601: APIDecodeOptions {
        var options = APIDecodeOptions()
        options.codable.dates = .iso8601
        return options
    }

    @Test func anOptionalThatIsPresentButWrongIsNilWithItsSpecificCode() throws {
        let result = APIDataDecoder(options: Self.iso8601).decode(string: Self.wrong, toDecodable: Optionals.self)
        let value = try #require(result.value)
        let fields: [Any?] = [value.i, value.i8, value.u, value.f, value.kind, value.level, value.inner, value.url,
                              value.uuid, value.data, value.date, value.b, value.arr]
        #expect(fields.map { $0 == nil } == Array(repeating: true, count: 13))
        #expect(result.errors.map(\.code) == ["type_mismatch", "numeric_overflow", "numeric_overflow", "numeric_overflow",
                                              "unknown_raw_value", "unknown_raw_value", "type_mismatch", "invalid_format",
                                              "invalid_format", "invalid_format", "invalid_format", "type_mismatch", "type_mismatch"])
        #expect(result.errors.map(\.description) == [
            #"root(Optionals) > "i"(Int) : Unexpectedly found a string"#,
            #"root(Optionals) > "i8"(Int8) : Value 300 does not fit in Int8"#,
            #"root(Optionals) > "u"(UInt) : Value -1 does not fit in UInt"#,
            #"root(Optionals) > "f"(Float) : Value 1e300 does not fit in Float"#,
            #"root(Optionals) > "kind"(Kind) : Raw value of "c" for type Kind not defined"#,
            #"root(Optionals) > "level"(Level) : Raw value of "3" for type Level not defined"#,
            #"root(Optionals) > "inner"(Inner) > "x"(Int) : Unexpectedly found a string"#,
            #"root(Optionals) > "url"(URL) : Cannot read "" as URL: expected a URL"#,
            #"root(Optionals) > "uuid"(UUID) : Cannot read "nope" as UUID: expected a UUID like 123E4567-E89B-12D3-A456-426614174000"#,
            #"root(Optionals) > "data"(Data) : Cannot read "@@@" as Data: expected base64"#,
            #"root(Optionals) > "date"(Date) : Cannot read "x" as Date: expected ISO 8601 date and time"#,
            #"root(Optionals) > "b"(Bool) : Unexpectedly found an integer"#,
            #"root(Optionals) > "arr"(Array<Int>) : Unexpectedly found an object"#,
        ])
        // The nested model failed (its required field); the optional absorbed it.
        #expect(result.errors.map(\.severity) == [.recovered, .recovered, .recovered, .recovered, .recovered, .recovered,
                                                  .failure, .recovered, .recovered, .recovered, .recovered, .recovered, .recovered])
        #expect(result.errors.map(\.value) == ["1", "300", "-1", "1e300", "c", "3", "y", "", "nope", "@@@", "x", "1", "{…}"])
        #expect(result.errors.allSatisfy { $0.location != nil })
    }

    /// The same fields read natively.
    private struct NativeFoundationValues: APIDecodable {
        let url: URL?
        let uuid: UUID?
        let data: Data?
        init?(from decoder: APIDecoder) {
            url = decoder["url"] --> URL?.self
            uuid = decoder["uuid"] --> UUID?.self
            data = decoder["data"] --> Data?.self
        }
    }

    private struct CodableFoundationValues: Decodable {
        let url: URL?
        let uuid: UUID?
        let data: Data?
    }

    @Test(arguments: [
        #"{"url": "", "uuid": "nope", "data": "@@@"}"#,
        #"{"url": 1, "uuid": 2, "data": 3}"#,
        #"{"url": [], "uuid": {}, "data": true}"#,
        #"{"url": "https://example.com", "uuid": "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "data": "AQI="}"#,
    ])
    func foundationValuesFailAsOnTheNativePath(json: String) throws {
        let native = APIDataDecoder().decode(string: json, to: NativeFoundationValues.self)
        let codable = APIDataDecoder().decode(string: json, toDecodable: CodableFoundationValues.self)
        let nativeValue = try #require(native.value)
        let codableValue = try #require(codable.value)
        #expect(codableValue.url == nativeValue.url && codableValue.uuid == nativeValue.uuid && codableValue.data == nativeValue.data)
        #expect(codable.errors.map(\.description)
                == native.errors.map { $0.description.replacingOccurrences(of: "NativeFoundationValues", with: "CodableFoundationValues") })
        #expect(codable.errors.map(\.reason) == native.errors.map(\.reason))
        #expect(codable.errors.map(\.location) == native.errors.map(\.location))
        #expect(!codable.errors.contains { $0.code == "swift_decoding_error" })
    }

    private struct RequiredUUID: Decodable { let id: UUID }

    @Test func underStrictABadUUIDThrowsWhatJSONDecoderThrows() throws {
        var options = APIDecodeOptions()
        options.codable.recovery = .strict
        let json = #"{"id": "nope"}"#
        let result = APIDataDecoder(options: options).decode(string: json, toDecodable: RequiredUUID.self)
        #expect(result.value == nil)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.code == "swift_decoding_error")
        #expect(error.description == #"root(RequiredUUID) > "id" : Swift DecodingError: data corrupted: Attempted to decode UUID from invalid UUID string."#)
        var thrown: DecodingError?
        do { _ = try JSONDecoder().decode(RequiredUUID.self, from: Data(json.utf8)) } catch let caught as DecodingError { thrown = caught }
        #expect(error.reason == .swiftDecodingError(try #require(thrown)))
        // Under `.salvage` the required field fails its model with the native code.
        let salvaged = APIDataDecoder().decode(string: json, toDecodable: RequiredUUID.self)
        #expect(salvaged.value == nil)
        #expect(salvaged.errors.map(\.code) == ["invalid_format"])
        #expect(salvaged.errors.map(\.severity) == [.failure])
    }

    private struct Listing: Decodable { let ids: [Int] }

    @Test func underStrictAnErrorInAnArrayHasJSONDecodersCaseAndPathButNotItsIndexKeyText() throws {
        var options = APIDecodeOptions()
        options.codable.recovery = .strict
        let json = #"{"ids": [1, "x"]}"#
        let result = APIDataDecoder(options: options).decode(string: json, toDecodable: Listing.self)
        var thrown: DecodingError?
        do { _ = try JSONDecoder().decode(Listing.self, from: Data(json.utf8)) } catch let caught as DecodingError { thrown = caught }
        let foundation = try #require(thrown)
        guard case .swiftDecodingError(let salvage) = try #require(result.errors.first).reason,
              case .typeMismatch(_, let salvageContext) = salvage, case .typeMismatch(_, let foundationContext) = foundation
        else { Issue.record("not a type mismatch"); return }
        #expect(salvageContext.codingPath.map(\.intValue) == foundationContext.codingPath.map(\.intValue))
        #expect(salvageContext.codingPath.map(\.stringValue) == ["ids", "1"])
        withKnownIssue("""
            The bridge's array index keys have stringValue "1" where JSONDecoder's say "Index 1" (intValue equal), so \
            DecodingError's == (which compares both) tells the two errors apart. APICodingKey is public and its \
            stringValue is used in paths: changing it is a decision.
            """) {
            #expect(salvageContext.codingPath.map(\.stringValue) == foundationContext.codingPath.map(\.stringValue))
            #expect(salvage == foundation)
        }
    }

    @Test func uuidKeysAndUUIDElementsStillDecode() throws {
        let json = #"{"6ba7b810-9dad-11d1-80b4-00c04fd430c8": ["6BA7B810-9DAD-11D1-80B4-00C04FD430C8", "x"]}"#
        let result = APIDataDecoder().decode(string: json, toDecodable: [UUID: [UUID]].self)
        let uuid = try #require(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"))
        #expect(result.value == [uuid: [uuid]])
        #expect(result.errors.map(\.shortForm) == [#"root["6ba7b810-9dad-11d1-80b4-00c04fd430c8"][1]: invalid_format"#])
    }

    private enum Shape: Decodable { case circle(radius: Double), square(side: Double) }
    private struct Drawing: Decodable { let shape: Shape? }

    @Test func aSynthesizedEnumWithAnUnknownCaseIsRecoveredButNotWithASpecificCode() throws {
        let result = APIDataDecoder().decode(string: #"{"shape": {"triangle": {}}}"#, toDecodable: Drawing.self)
        let drawing = try #require(result.value)
        #expect(drawing.shape == nil)
        #expect(result.errors.map(\.severity) == [.recovered])
        #expect(result.errors.map(\.path.jsonPointer) == ["/shape"])
        withKnownIssue("""
            The compiler-synthesized init(from:) of an enum with associated values throws its own DecodingError \
            ("Invalid number of keys found, expected one."), which the bridge cannot tell from one a user's own \
            init(from:) throws: it is a swift_decoding_error, where #14 reserves that code for the user's own errors.
            """) {
            #expect(result.errors.first?.code != "swift_decoding_error")
        }
    }

    // MARK: Dictionary keys spelled two ways

    private static let respelled = #"{"1": "a", "2": "b", "01": "c", "+1": "d", "2": "e"}"#

    @Test func aKeySpelledTwoWaysIsAnErrorAtTheLaterMemberOnBothPaths() {
        let native = APIDataDecoder().decode(string: Self.respelled, to: [Int: String].self)
        let codable = APIDataDecoder().decode(string: Self.respelled, toDecodable: [Int: String].self)
        for result in [native, codable] {
            // The last member wins, the documented rule for repeated keys; a repeat of the same text ("2") is no error.
            #expect(result.value == [1: "d", 2: "e"])
            #expect(result.errors.map(\.description) == [
                #"root(Dictionary<Int, String>) > "01" : Cannot read "01" as Int: expected a key no earlier member has ("1" is also 1; the last member wins)"#,
                #"root(Dictionary<Int, String>) > "+1" : Cannot read "+1" as Int: expected a key no earlier member has ("01" is also 1; the last member wins)"#,
            ])
            #expect(result.errors.map(\.code) == ["invalid_format", "invalid_format"])
            #expect(result.errors.map(\.severity) == [.recovered, .recovered])
            #expect(result.errors.map(\.value) == ["01", "+1"])
            #expect(result.errors.map { $0.location.map { "\($0.line):\($0.column)" } } == ["1:22", "1:33"])
        }
        // (`JSONDecoder` keeps one member per key silently; which one follows its dictionary's hash order.)
    }

    @Test func underStrictTheLaterSpellingReplacesTheValueSilently() {
        var options = APIDecodeOptions()
        options.codable.recovery = .strict
        let result = APIDataDecoder(options: options).decode(string: Self.respelled, toDecodable: [Int: String].self)
        #expect(result.value == [1: "d", 2: "e"])
        #expect(result.errors.isEmpty)
    }

    @Test func anEarlierMemberThatFailedLeavesNothingToReplace() {
        let json = #"{"1": 5, "01": "b", "1": "c"}"#
        for result in [APIDataDecoder().decode(string: json, to: [Int: String].self),
                       APIDataDecoder().decode(string: json, toDecodable: [Int: String].self)] {
            #expect(result.value == [1: "c"])
            #expect(result.errors.map(\.shortForm) == [#"root["1"]: type_mismatch"#, #"root["1"]: invalid_format"#])
            #expect(result.errors.map(\.value) == ["5", "1"])
        }
    }

    @Test func uuidKeysDifferingInCaseAreOneKeyWithAnError() throws {
        let json = #"{"6BA7B810-9DAD-11D1-80B4-00C04FD430C8": 1, "6ba7b810-9dad-11d1-80b4-00c04fd430c8": 2}"#
        let uuid = try #require(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"))
        for result in [APIDataDecoder().decode(string: json, to: [UUID: Int].self),
                       APIDataDecoder().decode(string: json, toDecodable: [UUID: Int].self)] {
            #expect(result.value == [uuid: 2])
            #expect(result.errors.map(\.description) == [
                #"root(Dictionary<UUID, Int>) > "6ba7b810-9dad-11d1-80b4-00c04fd430c8" : Cannot read "6ba7b810-9dad-11d1-80b4-00c04fd430c8" as UUID: expected a key no earlier member has ("6BA7B810-9DAD-11D1-80B4-00C04FD430C8" is also 6BA7B810-9DAD-11D1-80B4-00C04FD430C8; the last member wins)"#,
            ])
        }
    }

    // MARK: 512 KiB stacks and tasks

    private struct Node: Decodable {
        let id: Int
        let child: [Node]?
    }

    @Test func aDeepCodableTreeWithErrorsDecodesOnA512KiBStack() throws {
        // 150 levels, a required field wrong at the bottom: the innermost node fails, its array drops it.
        let depth = 150
        let json = String(repeating: #"{"id": 1, "child": ["#, count: depth) + #"{"id": "x"}"# + String(repeating: "]}", count: depth)
        let summary = onThread(stackSize: 512 * 1024) { () -> [String] in
            let result = APIDataDecoder().decode(string: json, toDecodable: Node.self)
            var levels = 0
            var node = result.value
            while let next = node?.child?.first { levels += 1; node = next }
            let childCount: Int = node?.child?.count ?? -1
            let codes: [String] = result.errors.map(\.code)
            let pathLengths: [String] = result.errors.map { "\($0.path.count)" }
            return ["\(levels)", "\(childCount)"] + codes + pathLengths
        }
        // The deepest `[Node]` dropped its only element.
        // The path: the root, "child" and [0] per level, and "id".
        let expected: [String] = ["\(depth - 1)", "0", "type_mismatch", "\(2 * depth + 2)"]
        #expect(summary == expected)
    }

    private struct Wrapped: Decodable {
        let x: Salvaged<JSONValue>
    }

    @Test func aDeepSalvagedValueDecodedByJSONDecoderFitsA512KiBStack() {
        // 400 levels: `Salvaged`'s reading of a foreign decoder's values recursed without a stack check (200
        // levels crashed in a debug build).
        let depth = 400
        let json = #"{"x": "# + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth) + "}"
        let summary = onThread(stackSize: 512 * 1024) { () -> String in
            guard let wrapped = try? JSONDecoder().decode(Wrapped.self, from: Data(json.utf8)) else { return "threw" }
            var levels = 0
            var value = wrapped.x.value
            while case .array(let elements) = value, let first = elements.first { levels += 1; value = first }
            return "\(levels) \(value) \(wrapped.x.errors.count)"
        }
        #expect(summary == "\(depth) number(1) 0")
    }

    private struct Tagged: Decodable, Sendable {
        let name: String?
        let tags: [String]
    }

    @Test func resultsAndOptionsCrossTasks() async throws {
        var options = APIDecodeOptions()
        options.userInfo[CodingUserInfoKey(rawValue: "tenant")!] = "acme"
        let shared = options
        let result = await Task.detached {
            APIDataDecoder(options: shared).decode(string: #"{"name": 5, "tags": ["a", 1, "b"]}"#, toDecodable: Tagged.self)
        }.value
        #expect(result.value?.tags == ["a", "b"])
        #expect(result.value?.name == nil)
        #expect(result.errors.map(\.shortForm) == [#"root["name"]: type_mismatch"#, #"root["tags"][1]: type_mismatch"#])
    }
}
