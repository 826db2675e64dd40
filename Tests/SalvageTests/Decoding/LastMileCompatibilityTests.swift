import Foundation
import Salvage
import Testing

// Code written for LastMile 1.0 compiles against Salvage and behaves the same.
// The models below are written the way LastMile users wrote them.

// MARK: - LastMile-style models

/// `static let idKey`, and required values bound straight to non-optional constants (`-->` returns `T!`).
/// Only ever decoded from valid input: with invalid input the implicit unwrap would trap, as in LastMile.
private struct Strict: APIDecodable {
    static let idKey: String? = "id"
    let id: Int
    let name: String
    let ratio: Double

    init?(from decoder: APIDecoder) {
        let id: Int = decoder["id"] --> Int.self
        let name: String = decoder["name"] --> String.self
        let ratio: Double = decoder["ratio"] --> Double.self
        self.id = id
        self.name = name
        self.ratio = ratio
    }
}

/// `static var idKey: String? = nil` (needs `nonisolated(unsafe)` in Swift 6) and `guard let … --> T.self`.
private struct Flag: APIDecodable {
    nonisolated(unsafe) static var idKey: String? = nil
    let bool: Bool

    init?(from decoder: APIDecoder) {
        guard let bool = decoder["bool"] --> Bool.self else { return nil }
        self.bool = bool
    }
}

/// A stored `static var` id key with a value.
private struct Legacy: APIDecodable {
    nonisolated(unsafe) static var idKey: String? = "legacy_id"
    let count: Int

    init?(from decoder: APIDecoder) {
        guard let count = decoder["count"] --> Int.self else { return nil }
        self.count = count
    }
}

private struct Point: Decodable, Equatable {
    let x: Int
    let y: Int
}

private enum Stooge: String, APIDecodable {
    case larry, curly, moe
}

private struct Item: APIDecodable, Equatable {
    static var idKey: String? { "id" }
    let id: Int
    let name: String

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    init?(from decoder: APIDecoder) {
        let id = decoder["id"] --> Int.self
        let name = decoder["name"] --> String.self
        guard decoder.succeeded, let id, let name else { return nil }
        self.init(id: id, name: name)
    }
}

/// A bit of everything a LastMile model did.
private struct Everything: APIDecodable {
    static var idKey: String? { "id" }
    let id: Int
    let point: Point
    let items: [Item]
    let tags: [String]?
    let pair: [Int]
    let stooge: Stooge?
    let optionalPoint: Point?
    let count: Int

    init?(from decoder: APIDecoder) {
        let id = decoder["id"] --> Int.self
        let point = decoder["decodable"].decodeRequired(swiftDecodable: Point.self)
        let items = decoder["items"].decodeRequired([Item].self, min: nil, max: nil)
        let tags = decoder["tags"] --> CountLimited<[String]?>(max: 2)
        let pair = decoder["pair"] --> CountLimited<[Int]>(exactly: 2)
        let stooge = decoder["stooge"] --> Stooge?.self
        let optionalPoint = decoder["optional_decodable"].decodeOptional(swiftDecodable: Point.self)
        let count = decoder["count"] --> Int?.self ?? 0
        if let items, items.count > 2 {
            decoder["items"].recordError(message: "Too many items")
        }
        guard decoder.succeeded, let id, let point, let items, let pair else { return nil }
        self.id = id
        self.point = point
        self.items = items
        self.tags = tags
        self.pair = pair
        self.stooge = stooge
        self.optionalPoint = optionalPoint
        self.count = count
    }
}

// MARK: - Tests

@Suite struct LastMileCompatibilityTests {
    @Test func requiredOperatorReturnsAnImplicitlyUnwrappedOptional() throws {
        let result = APIDataDecoder(options: .strictCodable).decode(data: Data(#"{"id": 3, "name": "n", "ratio": 0.5}"#.utf8), to: Strict.self)
        #expect(result.isClean)
        let strict = try #require(result.value)
        #expect(strict.id == 3)
        #expect(strict.name == "n")
        #expect(strict.ratio == 0.5)
        #expect(Strict.idKey == "id")
    }

    @Test func inferredRequiredValuesAreOptionals() throws {
        struct Inferred: APIDecodable {
            let a: Int?
            init?(from decoder: APIDecoder) {
                let a = decoder["a"] --> Int.self
                let copy: Int? = a
                self.a = copy
            }
        }
        #expect(try #require(APIDataDecoder(options: .strictCodable).decode(string: #"{"a": 1}"#, to: Inferred.self).value).a == 1)
        let missing = APIDataDecoder(options: .strictCodable).decode(string: "{}", to: Inferred.self)
        #expect(missing.value?.a == nil)
        #expect(missing.errors == [APIDecodeError(path: ["root", "a"], actual: .absent)])
    }

    @Test func guardLetOnARequiredValue() throws {
        let good = APIDataDecoder(options: .strictCodable).decode(data: Data(#"{"bool": true}"#.utf8), to: Flag.self)
        #expect(try #require(good.value).bool)
        #expect(good.errors.isEmpty)

        let missing = APIDataDecoder(options: .strictCodable).decode(data: Data("{}".utf8), to: Flag.self)
        #expect(missing.value == nil)
        #expect(missing.errors == [APIDecodeError(path: ["root", "bool"], actual: .absent)])

        let wrong = APIDataDecoder(options: .strictCodable).decode(data: Data(#"{"bool": "yes"}"#.utf8), to: Flag.self)
        #expect(wrong.errors == [APIDecodeError(path: ["root", "bool"], actual: .string)])
        #expect(wrong.errors != [APIDecodeError(path: ["root", "bool"], actual: .absent)])
    }

    @Test func staticVarIdKeys() {
        #expect(Flag.idKey == nil)
        #expect(Legacy.idKey == "legacy_id")
        let result = APIDataDecoder(options: .strictCodable).decode(string: #"{"legacy_id": "L-1", "count": "many"}"#, to: Legacy.self)
        #expect(result.errors.map(\.description) == [#"root(Legacy legacy_id=L-1) > "count"(Int) : Unexpectedly found a string"#])
        let flag = APIDataDecoder(options: .strictCodable).decode(string: #"{"id": 5}"#, to: Flag.self)
        #expect(flag.errors.map(\.description) == [#"root(Flag) > "bool"(Bool) : No value is present"#])
    }

    @Test func everythingDecodesCleanly() throws {
        let json = #"{"id": 1, "decodable": {"x": 1, "y": 2}, "items": [{"id": 1, "name": "a"}], "tags": ["t"], "pair": [1, 2], "stooge": "moe", "optional_decodable": {"x": 3, "y": 4}, "count": 9}"#
        let result = APIDataDecoder(options: .strictCodable).decode(data: Data(json.utf8), to: Everything.self)
        #expect(result.isClean)
        let value = try #require(result.value)
        #expect(value.id == 1)
        #expect(value.point == Point(x: 1, y: 2))
        #expect(value.items == [Item(id: 1, name: "a")])
        #expect(value.tags == ["t"])
        #expect(value.pair == [1, 2])
        #expect(value.stooge == .moe)
        #expect(value.optionalPoint == Point(x: 3, y: 4))
        #expect(value.count == 9)
    }

    @Test func errorsCompareWithLastMileInitializers() throws {
        let json = #"{"id": 1, "decodable": {"x": 1, "y": 2}, "items": [{"id": 1, "name": "a"}, {"id": 2}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}], "tags": ["a", "b", "c"], "pair": [1], "stooge": "shemp", "optional_decodable": {"x": 3}, "count": 2.5}"#
        let result = APIDataDecoder(options: .strictCodable).decode(data: Data(json.utf8), to: Everything.self)
        let value = try #require(result.value)
        #expect(value.items.map(\.id) == [1, 3, 4])
        #expect(value.tags == ["a", "b", "c"])
        #expect(value.pair == [1])
        #expect(value.stooge == nil)
        #expect(value.optionalPoint == nil)
        #expect(value.count == 0)
        #expect(result.errors == [
            APIDecodeError(path: ["root", "items", 1, "name"], actual: .absent),
            APIDecodeError(path: ["root", "tags"], maximum: 2, actual: 3),
            APIDecodeError(path: ["root", "pair"], expected: 2, actual: 1),
            APIDecodeError(path: ["root", "stooge"], rawValue: "shemp", type: "Stooge"),
            APIDecodeError(path: ["root", "optional_decodable"],
                           swiftDecodingError: .keyNotFound(APICodingKey("y"), .init(codingPath: [APICodingKey("optional_decodable")], debugDescription: ""))),
            APIDecodeError(path: ["root", "count"], value: Decimal(string: "2.5") ?? 0, impreciseType: "Int"),
            APIDecodeError(path: ["root", "items"], message: "Too many items"),
        ])
        #expect(result.errors.map(\.description) == [
            #"root(Everything id=1) > "items"(Array<Item>) > [1](Item id=2) > "name"(String) : No value is present"#,
            #"root(Everything id=1) > "tags"(Array<String>) : Count above max: max 2, actual 3"#,
            #"root(Everything id=1) > "pair"(Array<Int>) : Count not exact: expected 2, actual 1"#,
            #"root(Everything id=1) > "stooge"(Stooge) : Raw value of "shemp" for type Stooge not defined"#,
            #"root(Everything id=1) > "optional_decodable"(Point) : Swift DecodingError: key "y" not found: No value associated with key y."#,
            #"root(Everything id=1) > "count"(Int) : Type Int does not have precision to represent 2.5"#,
            #"root(Everything id=1) > "items" : Too many items"#,
        ])
    }

    @Test func requiredDecodableAndCountFailures() {
        let json = #"{"id": 1, "decodable": {"x": 1}, "items": [], "pair": [1, 2]}"#
        let result = APIDataDecoder(options: .strictCodable).decode(data: Data(json.utf8), to: Everything.self)
        #expect(result.value == nil)
        #expect(result.errors == [
            APIDecodeError(path: ["root", "decodable"], swiftDecodingError: .keyNotFound(APICodingKey("y"), .init(codingPath: [APICodingKey("decodable")], debugDescription: ""))),
        ])
        if case .swiftDecodingError(let error)? = result.errors.first?.reason {
            #expect(error == DecodingError.keyNotFound(APICodingKey("y"), .init(codingPath: [APICodingKey("decodable")], debugDescription: "anything")))
        } else {
            Issue.record("expected a Swift decoding error, got \(result.errors)")
        }
    }

    @Test func remainingLastMileInitializers() {
        let minimum = APIDecodeError(path: ["root", "a"], minimum: 2, actual: 1)
        #expect(minimum.reason == .countBelowMinimum(minimum: 2, actual: 1))
        #expect(minimum.description == #"root > "a" : Count below min: min 2, actual 1"#)
        let overflow = APIDecodeError(path: ["root", "b", 0], value: 300, overflowedType: "Int8")
        #expect(overflow.reason == .numericOverflow(value: 300, type: "Int8"))
        #expect(overflow.description == #"root > "b" > [0] : Value 300 does not fit in Int8"#)
        let message = APIDecodeError(path: ["root"], message: "Custom")
        #expect(message.reason == .other(message: "Custom"))
        #expect(message.location == nil)
        #expect(message.codingPath.isEmpty)
        #expect(message.codingKey.stringValue == "root")
        #expect(APIDecodeError(path: [], message: "x").codingKey.stringValue == "root")
        #expect(APIDecodeError(path: ["root", "x"], expected: 1, actual: 0).reason == .countNotExact(expected: 1, actual: 0))
        #expect(APIDecodeError(path: ["root", "x"], rawValue: "q", type: "T").reason == .unexpectedRawValue(value: "q", type: "T"))
        #expect(APIDecodeError(path: ["root", "x"], actual: .null).reason == .unexpectedJSONType(actual: .null))

        let overflowError = APIDataDecoder(options: .strictCodable).decode(string: "[300]", to: [Int8].self).errors
        #expect(overflowError == [APIDecodeError(path: ["root", 0], value: 300, overflowedType: "Int8")])
    }

    @Test func codingKeyArraysFromLiterals() {
        let path: [APICodingKey] = ["root", "items", 2, "name"]
        #expect(path.jsonPath == #"root["items"][2]["name"]"#)
        #expect(path.map(\.stringValue) == ["root", "items", "2", "name"])
        #expect(path.map(\.intValue) == [nil, nil, 2, nil])
        #expect(path.map(\.hashKey) == ["root", "items", nil, "name"])
        #expect(path.map(\.arrayIndex) == [nil, nil, 2, nil])
        let key: APICodingKey = "name"
        let index: APICodingKey = 7
        #expect(key.stringValue == "name")
        #expect(index.intValue == 7)
        #expect(index.stringValue == "7")
    }

    @Test func rootNodeNameKeyOption() {
        let result = APIDataDecoder(options: .strictCodable).decode(data: Data("{}".utf8), to: Flag.self, options: [APIDecodeOptions.rootNodeNameKey: "response"])
        #expect(result.errors == [APIDecodeError(path: ["response", "bool"], actual: .absent)])
        #expect(result.errors != [APIDecodeError(path: ["root", "bool"], actual: .absent)])
        #expect(result.errors.map(\.description) == [#"response(Flag) > "bool"(Bool) : No value is present"#])

        let tree = APIJSONObjectDecoder().decode(json: [String: Any](), to: Flag.self, options: [APIDecodeOptions.rootNodeNameKey: "response"])
        #expect(tree.errors == [APIDecodeError(path: ["response", "bool"], actual: .absent)])

        // The raw-data key is accepted for source compatibility and changes nothing.
        let raw = APIDataDecoder(options: .strictCodable).decode(data: Data(#"{"bool": false}"#.utf8), to: Flag.self, options: [APIDecodeOptions.rawDataKey: Data("ignored".utf8)])
        #expect(raw.isClean)
        #expect(raw.value?.bool == false)
    }

    @Test func jsonObjectDecoderWithLastMileSpelling() throws {
        let tree: [String: Any] = ["id": 1, "decodable": ["x": 5, "y": 6], "items": [["id": 1, "name": "a"] as [String: Any], ["id": "2", "name": "b"]], "pair": [1, 2], "stooge": "larry"]
        let result = APIJSONObjectDecoder().decode(json: tree, to: Everything.self)
        let value = try #require(result.value)
        #expect(value.point == Point(x: 5, y: 6))
        #expect(value.items == [Item(id: 1, name: "a")])
        #expect(value.stooge == .larry)
        #expect(result.errors == [APIDecodeError(path: ["root", "items", 1, "id"], actual: .string)])
        #expect(result.errors.first?.location == nil)

        let null = APIJSONObjectDecoder().decode(json: nil, to: Flag.self)
        #expect(null.value == nil)
        #expect(null.errors == [APIDecodeError(path: ["root"], actual: .absent)])
    }

    @Test func decodingErrorIsEquatableLikeInLastMile() {
        let lhs: DecodingError = .typeMismatch(Int.self, .init(codingPath: [APICodingKey("a")], debugDescription: "x"))
        let rhs: DecodingError = .typeMismatch(Int.self, .init(codingPath: [APICodingKey("a")], debugDescription: "y"))
        #expect(lhs == rhs)
        #expect(lhs != DecodingError.valueNotFound(Int.self, .init(codingPath: [APICodingKey("a")], debugDescription: "x")))
        let errors: [DecodingError] = [lhs]
        #expect(errors.contains(rhs))
    }
}
