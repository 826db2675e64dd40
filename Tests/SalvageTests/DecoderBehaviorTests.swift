import Foundation
import Salvage
import Testing

// Behaviour of `APIDecoder`, `-->`, error recording, paths, entry points and results.
// Helper types are prefixed `DB` to keep them apart from other test files.

// MARK: - Helpers

/// Decodes a JSON string with a default decoder.
func dbDecode<T: APIDecodable>(_ json: String, as type: T.Type) -> APIDecodeResult<T> {
    APIDataDecoder().decode(string: json, to: T.self)
}

/// The input text starting at a location's byte offset (the first `length` bytes), to check locations exactly.
func dbSource(_ json: String, at location: Salvage.SourceLocation?, length: Int) -> String? {
    guard let location else { return nil }
    let bytes = Array(json.utf8)
    guard location.offset >= 0, location.offset + length <= bytes.count else { return nil }
    return String(decoding: bytes[location.offset ..< location.offset + length], as: UTF8.self)
}

// MARK: - Probing decoder positions

/// What a decoder says about one position.
struct DBObservation: Equatable, Sendable, CustomStringConvertible {
    var isPresent: Bool
    var isJSONNull: Bool
    var element: JSONElement
    var count: Int?
    var keys: [String]
    var location: Salvage.SourceLocation?
    var jsonPath: String
    var taggedPath: String

    init(_ decoder: APIDecoder) {
        isPresent = decoder.isPresent
        isJSONNull = decoder.isJSONNull
        element = decoder.jsonElement
        count = decoder.count
        keys = decoder.keys
        location = decoder.location
        jsonPath = decoder.path.jsonPath
        taggedPath = decoder.path.taggedJSONPath
    }

    init(isPresent: Bool, isJSONNull: Bool = false, element: JSONElement, count: Int? = nil, keys: [String] = [],
         location: Salvage.SourceLocation?, jsonPath: String, taggedPath: String) {
        self.isPresent = isPresent
        self.isJSONNull = isJSONNull
        self.element = element
        self.count = count
        self.keys = keys
        self.location = location
        self.jsonPath = jsonPath
        self.taggedPath = taggedPath
    }

    var description: String { "\(jsonPath) \(element) present=\(isPresent) null=\(isJSONNull) count=\(count.map(String.init) ?? "nil") keys=\(keys) at \(location.map { "\($0)" } ?? "nil")" }
}

enum DBProbeKey: String, CodingKey {
    case object, array
}

/// Subscripts its decoder in many ways and keeps what it saw; decodes nothing.
struct DBProbe: APIDecodable {
    let observations: [String: DBObservation]
    let succeeded: Bool

    init?(from decoder: APIDecoder) {
        var seen: [String: DBObservation] = [:]
        seen["root"] = DBObservation(decoder)
        seen["object"] = DBObservation(decoder["object"])
        seen["object.a"] = DBObservation(decoder["object"]["a"])
        seen["object.b"] = DBObservation(decoder["object"]["b"])
        seen["object.b[1]"] = DBObservation(decoder["object"]["b"][1])
        seen["object.b[5]"] = DBObservation(decoder["object"]["b"][5])
        seen["codingKey array"] = DBObservation(decoder[DBProbeKey.array])
        seen["codingKey array[1]"] = DBObservation(decoder[DBProbeKey.array][APICodingKey(arrayIndex: 1)])
        seen["array[2]"] = DBObservation(decoder["array"][2])
        seen["null"] = DBObservation(decoder["null"])
        seen["text"] = DBObservation(decoder["text"])
        seen["n"] = DBObservation(decoder["n"])
        seen["missing.deep[0]"] = DBObservation(decoder["missing"]["deep"][0])
        seen["text.sub"] = DBObservation(decoder["text"]["sub"])
        seen["object[0]"] = DBObservation(decoder["object"][0])
        seen["array.object"] = DBObservation(decoder["array"][DBProbeKey.object])
        observations = seen
        succeeded = decoder.succeeded
    }
}

/// Line 5 has a two-byte character before `"n"`, so its column (in scalars) and byte offset differ.
let dbProbeJSON = """
{
  "object": {"a": 1, "b": [true, null]},
  "array": [10, "x", 30],
  "null": null,
  "text": "héllo", "n": 5
}
"""

@Suite struct DecoderNavigationTests {
    @Test func subscriptsNeverRecordAnything() throws {
        let result = dbDecode(dbProbeJSON, as: DBProbe.self)
        #expect(result.errors.isEmpty)
        #expect(result.isClean)
        let probe = try #require(result.value)
        #expect(probe.succeeded)
        #expect(probe.observations.count == 16)
    }

    static let expectedObservations: [(String, DBObservation)] = [
        ("root", DBObservation(isPresent: true, element: .object, count: 5, keys: ["object", "array", "null", "text", "n"],
                               location: Salvage.SourceLocation(offset: 0, line: 1, column: 1), jsonPath: "root", taggedPath: "root(DBProbe)")),
        ("object", DBObservation(isPresent: true, element: .object, count: 2, keys: ["a", "b"],
                                 location: Salvage.SourceLocation(offset: 14, line: 2, column: 13), jsonPath: #"root["object"]"#, taggedPath: #"root(DBProbe) > "object""#)),
        ("object.a", DBObservation(isPresent: true, element: .integer,
                                   location: Salvage.SourceLocation(offset: 20, line: 2, column: 19), jsonPath: #"root["object"]["a"]"#, taggedPath: #"root(DBProbe) > "object" > "a""#)),
        ("object.b", DBObservation(isPresent: true, element: .array, count: 2,
                                   location: Salvage.SourceLocation(offset: 28, line: 2, column: 27), jsonPath: #"root["object"]["b"]"#, taggedPath: #"root(DBProbe) > "object" > "b""#)),
        ("object.b[1]", DBObservation(isPresent: true, isJSONNull: true, element: .null,
                                      location: Salvage.SourceLocation(offset: 35, line: 2, column: 34), jsonPath: #"root["object"]["b"][1]"#, taggedPath: #"root(DBProbe) > "object" > "b" > [1]"#)),
        ("object.b[5]", DBObservation(isPresent: false, element: .absent,
                                      location: nil, jsonPath: #"root["object"]["b"][5]"#, taggedPath: #"root(DBProbe) > "object" > "b" > [5]"#)),
        ("codingKey array", DBObservation(isPresent: true, element: .array, count: 3,
                                          location: Salvage.SourceLocation(offset: 54, line: 3, column: 12), jsonPath: #"root["array"]"#, taggedPath: #"root(DBProbe) > "array""#)),
        ("codingKey array[1]", DBObservation(isPresent: true, element: .string,
                                             location: Salvage.SourceLocation(offset: 59, line: 3, column: 17), jsonPath: #"root["array"][1]"#, taggedPath: #"root(DBProbe) > "array" > [1]"#)),
        ("array[2]", DBObservation(isPresent: true, element: .integer,
                                   location: Salvage.SourceLocation(offset: 64, line: 3, column: 22), jsonPath: #"root["array"][2]"#, taggedPath: #"root(DBProbe) > "array" > [2]"#)),
        ("null", DBObservation(isPresent: true, isJSONNull: true, element: .null,
                               location: Salvage.SourceLocation(offset: 79, line: 4, column: 11), jsonPath: #"root["null"]"#, taggedPath: #"root(DBProbe) > "null""#)),
        ("text", DBObservation(isPresent: true, element: .string,
                               location: Salvage.SourceLocation(offset: 95, line: 5, column: 11), jsonPath: #"root["text"]"#, taggedPath: #"root(DBProbe) > "text""#)),
        ("n", DBObservation(isPresent: true, element: .integer,
                            location: Salvage.SourceLocation(offset: 110, line: 5, column: 25), jsonPath: #"root["n"]"#, taggedPath: #"root(DBProbe) > "n""#)),
        ("missing.deep[0]", DBObservation(isPresent: false, element: .absent,
                                          location: nil, jsonPath: #"root["missing"]["deep"][0]"#, taggedPath: #"root(DBProbe) > "missing" > "deep" > [0]"#)),
        ("text.sub", DBObservation(isPresent: false, element: .absent,
                                   location: nil, jsonPath: #"root["text"]["sub"]"#, taggedPath: #"root(DBProbe) > "text" > "sub""#)),
        ("object[0]", DBObservation(isPresent: false, element: .absent,
                                    location: nil, jsonPath: #"root["object"][0]"#, taggedPath: #"root(DBProbe) > "object" > [0]"#)),
        ("array.object", DBObservation(isPresent: false, element: .absent,
                                       location: nil, jsonPath: #"root["array"]["object"]"#, taggedPath: #"root(DBProbe) > "array" > "object""#)),
    ]

    @Test(arguments: expectedObservations)
    func observationAtPosition(name: String, expected: DBObservation) throws {
        let probe = try #require(dbDecode(dbProbeJSON, as: DBProbe.self).value)
        #expect(probe.observations[name] == expected)
    }

    @Test func locationsPointAtTheValueText() throws {
        let probe = try #require(dbDecode(dbProbeJSON, as: DBProbe.self).value)
        #expect(dbSource(dbProbeJSON, at: probe.observations["text"]?.location, length: 8) == "\"héllo\"")
        #expect(dbSource(dbProbeJSON, at: probe.observations["n"]?.location, length: 1) == "5")
        #expect(dbSource(dbProbeJSON, at: probe.observations["object.b[1]"]?.location, length: 4) == "null")
    }

    @Test func codingPathIsThePathWithoutRoot() throws {
        struct DBCodingPathProbe: APIDecodable {
            let keys: [String]
            let ints: [Int?]
            init?(from decoder: APIDecoder) {
                let path = decoder["a"][3]["b"].codingPath
                keys = path.map(\.stringValue)
                ints = path.map(\.intValue)
            }
        }
        let probe = try #require(dbDecode("{}", as: DBCodingPathProbe.self).value)
        #expect(probe.keys == ["a", "3", "b"])
        #expect(probe.ints == [nil, 3, nil])
    }
}

// MARK: - Required and optional values

/// Reads `v` as a required `Int` and keeps the value and the model's success.
struct DBRequiredField: APIDecodable {
    let value: Int?
    let succeeded: Bool
    init?(from decoder: APIDecoder) {
        value = decoder["v"] --> Int.self
        succeeded = decoder.succeeded
    }
}

/// Reads `v` as an optional `Int` and keeps the value and the model's success.
struct DBOptionalField: APIDecodable {
    let value: Int?
    let succeeded: Bool
    init?(from decoder: APIDecoder) {
        value = decoder["v"] --> Int?.self
        succeeded = decoder.succeeded
    }
}

/// `-->` binds tighter than `??`.
struct DBCounter: APIDecodable {
    let count: Int
    let label: String
    init?(from decoder: APIDecoder) {
        count = decoder["n"] --> Int?.self ?? 0
        label = decoder["label"] --> String?.self ?? "none"
    }
}

struct DBFieldCase: Sendable, CustomTestStringConvertible {
    let json: String
    let value: Int?
    let succeeded: Bool
    let errors: [String]
    var testDescription: String { json }
}

@Suite struct RequiredAndOptionalTests {
    static let requiredCases: [DBFieldCase] = [
        DBFieldCase(json: #"{"v": 5}"#, value: 5, succeeded: true, errors: []),
        DBFieldCase(json: #"{"v": 5.0}"#, value: 5, succeeded: true, errors: []),
        DBFieldCase(json: #"{}"#, value: nil, succeeded: false, errors: [#"root(DBRequiredField) > "v"(Int) : No value is present"#]),
        DBFieldCase(json: #"{"v": null}"#, value: nil, succeeded: false, errors: [#"root(DBRequiredField) > "v"(Int) : Unexpectedly found null"#]),
        DBFieldCase(json: #"{"v": "5"}"#, value: nil, succeeded: false, errors: [#"root(DBRequiredField) > "v"(Int) : Unexpectedly found a string"#]),
        DBFieldCase(json: #"{"v": [5]}"#, value: nil, succeeded: false, errors: [#"root(DBRequiredField) > "v"(Int) : Unexpectedly found an array"#]),
        DBFieldCase(json: #"{"v": {"x": 5}}"#, value: nil, succeeded: false, errors: [#"root(DBRequiredField) > "v"(Int) : Unexpectedly found an object"#]),
        DBFieldCase(json: #"{"v": false}"#, value: nil, succeeded: false, errors: [#"root(DBRequiredField) > "v"(Int) : Unexpectedly found a boolean"#]),
        DBFieldCase(json: #"{"v": 5.5}"#, value: nil, succeeded: false, errors: [#"root(DBRequiredField) > "v"(Int) : Type Int does not have precision to represent 5.5"#]),
    ]

    @Test(arguments: requiredCases)
    func requiredValue(_ testCase: DBFieldCase) throws {
        let result = dbDecode(testCase.json, as: DBRequiredField.self)
        if testCase.succeeded {
            let model = try #require(result.value)
            #expect(model.value == testCase.value)
            #expect(model.succeeded)
        } else {
            // The model does not check `succeeded`, but its required field failed: it is discarded, not
            // returned half-empty.
            #expect(result.value == nil)
        }
        #expect(result.errors.map(\.description) == testCase.errors)
        #expect(result.errors.allSatisfy { $0.path.jsonPath == #"root["v"]"# })
    }

    static let optionalCases: [DBFieldCase] = [
        DBFieldCase(json: #"{"v": 5}"#, value: 5, succeeded: true, errors: []),
        DBFieldCase(json: #"{"v": 3e2}"#, value: 300, succeeded: true, errors: []),
        DBFieldCase(json: #"{}"#, value: nil, succeeded: true, errors: []),
        DBFieldCase(json: #"{"v": null}"#, value: nil, succeeded: true, errors: []),
        DBFieldCase(json: #"{"v": "5"}"#, value: nil, succeeded: true, errors: [#"root(DBOptionalField) > "v"(Int) : Unexpectedly found a string"#]),
        DBFieldCase(json: #"{"v": true}"#, value: nil, succeeded: true, errors: [#"root(DBOptionalField) > "v"(Int) : Unexpectedly found a boolean"#]),
        DBFieldCase(json: #"{"v": 99999999999999999999}"#, value: nil, succeeded: true, errors: [#"root(DBOptionalField) > "v"(Int) : Value 99999999999999999999 does not fit in Int"#]),
    ]

    @Test(arguments: optionalCases)
    func optionalValue(_ testCase: DBFieldCase) throws {
        let result = dbDecode(testCase.json, as: DBOptionalField.self)
        let model = try #require(result.value)
        #expect(model.value == testCase.value)
        #expect(model.succeeded == testCase.succeeded)
        #expect(result.errors.map(\.description) == testCase.errors)
    }

    @Test func absentValueIsLocatedAtItsParentObject() throws {
        let json = "  {\"w\": 1}"
        let result = dbDecode(json, as: DBRequiredField.self)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.reason == .unexpectedJSONType(actual: .absent))
        #expect(error.location == Salvage.SourceLocation(offset: 2, line: 1, column: 3))
    }

    @Test func presentValueIsLocatedAtItsText() throws {
        let json = "{\n  \"v\": \"seven\"\n}"
        let result = dbDecode(json, as: DBRequiredField.self)
        let error = try #require(result.errors.first)
        #expect(error.location == Salvage.SourceLocation(offset: 9, line: 2, column: 8))
        #expect(dbSource(json, at: error.location, length: 7) == "\"seven\"")
    }

    static let locationCases: [(String, Salvage.SourceLocation)] = [
        ("{\"v\": \"x\"}", Salvage.SourceLocation(offset: 6, line: 1, column: 7)),
        ("{\r\n  \"v\": \"x\"\r\n}", Salvage.SourceLocation(offset: 10, line: 2, column: 8)),
        ("{\r  \"v\": \"x\"\r}", Salvage.SourceLocation(offset: 9, line: 2, column: 8)),
        ("{\n\n\n\t\"v\":\t\"x\"}", Salvage.SourceLocation(offset: 10, line: 4, column: 7)),
        ("{\"😀\": 1, \"é\": 2,\n \"ü\": 3, \"v\": \"x\"}", Salvage.SourceLocation(offset: 36, line: 2, column: 15)),
        ("{\"日本\": \"語\", \"v\": \"x\"}", Salvage.SourceLocation(offset: 23, line: 1, column: 18)),
    ]

    @Test(arguments: locationCases)
    func locationsCountScalarsAndEveryKindOfLineBreak(json: String, expected: Salvage.SourceLocation) throws {
        let result = dbDecode(json, as: DBRequiredField.self)
        let error = try #require(result.errors.first)
        #expect(error.location == expected)
        #expect(dbSource(json, at: error.location, length: 3) == "\"x\"")
    }

    @Test func absentIndexIsLocatedAtItsArray() {
        struct DBIndexed: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["list"][5] --> Int.self
                _ = decoder["list"][-1] --> Int.self
                _ = decoder["list"][1] --> Int.self
                return nil
            }
        }
        let json = #"{"list": [1, 2]}"#
        let result = dbDecode(json, as: DBIndexed.self)
        #expect(result.errors.map(\.description) == [
            #"root(DBIndexed) > "list" > [5](Int) : No value is present"#,
            #"root(DBIndexed) > "list" > [-1](Int) : No value is present"#,
        ])
        #expect(result.errors.map(\.location) == [Salvage.SourceLocation(offset: 9, line: 1, column: 10), Salvage.SourceLocation(offset: 9, line: 1, column: 10)])
        #expect(result.errors.map(\.path.jsonPointer) == ["/list/5", "/list/-1"])
    }

    @Test func arrowBindsTighterThanNilCoalescing() throws {
        let absent = try #require(dbDecode("{}", as: DBCounter.self).value)
        #expect(absent.count == 0)
        #expect(absent.label == "none")
        let present = try #require(dbDecode(#"{"n": 4, "label": "four"}"#, as: DBCounter.self).value)
        #expect(present.count == 4)
        #expect(present.label == "four")
        let wrong = dbDecode(#"{"n": "4"}"#, as: DBCounter.self)
        #expect(wrong.value?.count == 0)
        #expect(wrong.errors.map(\.description) == [#"root(DBCounter) > "n"(Int) : Unexpectedly found a string"#])
    }
}

// MARK: - Nested models

struct DBAddress: APIDecodable, Equatable {
    let street: String
    let city: String
    let zip: String?

    init(street: String, city: String, zip: String?) {
        self.street = street
        self.city = city
        self.zip = zip
    }

    init?(from decoder: APIDecoder) {
        let street = decoder["street"] --> String.self
        let city = decoder["city"] --> String.self
        let zip = decoder["zip"] --> String?.self
        guard decoder.succeeded, let street, let city else { return nil }
        self.init(street: street, city: city, zip: zip)
    }
}

struct DBCustomer: APIDecodable, Equatable {
    static var idKey: String? { "customer_id" }
    let id: String
    let home: DBAddress
    let work: DBAddress?

    init(id: String, home: DBAddress, work: DBAddress?) {
        self.id = id
        self.home = home
        self.work = work
    }

    init?(from decoder: APIDecoder) {
        let id = decoder["customer_id"] --> String.self
        let home = decoder["home"] --> DBAddress.self
        let work = decoder["work"] --> DBAddress?.self
        guard decoder.succeeded, let id, let home else { return nil }
        self.init(id: id, home: home, work: work)
    }
}

@Suite struct NestedModelTests {
    let home = #"{"street": "1 Main St", "city": "Springfield"}"#

    @Test func cleanNestedModels() throws {
        let json = #"{"customer_id": "c-1", "home": \#(home), "work": {"street": "2 Side St", "city": "Shelbyville", "zip": "12345"}}"#
        let result = dbDecode(json, as: DBCustomer.self)
        #expect(result.isClean)
        #expect(result.value == DBCustomer(id: "c-1",
                                           home: DBAddress(street: "1 Main St", city: "Springfield", zip: nil),
                                           work: DBAddress(street: "2 Side St", city: "Shelbyville", zip: "12345")))
    }

    @Test func requiredFieldInOptionalNestedModelFailsOnlyTheNestedModel() throws {
        let json = #"{"customer_id": "c-1", "home": \#(home), "work": {"street": "2 Side St"}}"#
        let result = dbDecode(json, as: DBCustomer.self)
        let customer = try #require(result.value)
        #expect(customer.work == nil)
        #expect(customer.home == DBAddress(street: "1 Main St", city: "Springfield", zip: nil))
        try #require(result.errors.count == 1)
        let error = result.errors[0]
        #expect(error.description == #"root(DBCustomer customer_id=c-1) > "work"(DBAddress) > "city"(String) : No value is present"#)
        #expect(error.path.jsonPath == #"root["work"]["city"]"#)
        #expect(error.reason == .unexpectedJSONType(actual: .absent))
        // Absent: located at the object it was expected in.
        #expect(dbSource(json, at: error.location, length: 10) == #"{"street":"#)
        #expect(error.location == Salvage.SourceLocation(offset: 87, line: 1, column: 88))
    }

    @Test func requiredFieldInRequiredNestedModelFailsTheParent() throws {
        let json = #"{"customer_id": "c-1", "home": {"street": "1 Main St", "city": 5}}"#
        let result = dbDecode(json, as: DBCustomer.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(DBCustomer customer_id=c-1) > "home"(DBAddress) > "city"(String) : Unexpectedly found an integer"#,
        ])
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 63, line: 1, column: 64))
    }

    @Test func missingRequiredNestedModelFailsTheParent() {
        let result = dbDecode(#"{"customer_id": "c-1"}"#, as: DBCustomer.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(DBCustomer customer_id=c-1) > "home"(DBAddress) : No value is present"#])
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))
    }

    @Test func nullOptionalNestedModelIsNotAnError() throws {
        let result = dbDecode(#"{"customer_id": "c-1", "home": \#(home), "work": null}"#, as: DBCustomer.self)
        #expect(result.isClean)
        #expect(try #require(result.value).work == nil)
    }

    @Test func requiredNestedModelOfWrongJSONTypeIsReportedOnce() {
        let json = #"{"customer_id": "c-1", "home": true}"#
        let result = dbDecode(json, as: DBCustomer.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(DBCustomer customer_id=c-1) > "home"(DBAddress) : Unexpectedly found a boolean"#])
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 31, line: 1, column: 32))
    }

    @Test func optionalNestedModelOfWrongJSONTypeIsReportedOnceAndKeepsTheParent() throws {
        let json = #"{"customer_id": "c-1", "home": \#(home), "work": "nowhere"}"#
        let result = dbDecode(json, as: DBCustomer.self)
        let customer = try #require(result.value)
        #expect(customer.work == nil)
        #expect(result.errors.map(\.description) == [#"root(DBCustomer customer_id=c-1) > "work"(DBAddress) : Unexpectedly found a string"#])
        #expect(dbSource(json, at: result.errors.first?.location, length: 9) == "\"nowhere\"")
    }

    @Test func modelAtTheRootOfTheWrongJSONType() {
        let result = dbDecode("[1, 2]", as: DBAddress.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(DBAddress) : Unexpectedly found an array"])
        #expect(result.errors.first?.path.jsonPath == "root")
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))
    }

    @Test func nullRootModelIsOneError() {
        let result = dbDecode("null", as: DBAddress.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(DBAddress) : Unexpectedly found null"])
    }

    @Test func readingThroughAScalarReportsTheScalarOnce() {
        struct DBThroughScalar: APIDecodable {
            let zip: String?
            init?(from decoder: APIDecoder) {
                let street = decoder["address"]["street"] --> String?.self
                zip = decoder["address"]["zip"] --> String?.self
                _ = street
            }
        }
        let json = #"{"address": 42}"#
        let result = dbDecode(json, as: DBThroughScalar.self)
        #expect(result.value != nil)
        #expect(result.errors.map(\.description) == [#"root(DBThroughScalar) > "address" : Unexpectedly found an integer"#])
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 12, line: 1, column: 13))
    }

    @Test func readingThroughAnAbsentOrNullValueNamesTheFullPath() {
        struct DBDeepRequired: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["a"]["b"][2]["c"] --> Int.self
                _ = decoder["n"]["x"] --> Int.self
                _ = decoder["n"]["y"] --> Int?.self
                return nil
            }
        }
        let json = #"{"n": null}"#
        let result = dbDecode(json, as: DBDeepRequired.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(DBDeepRequired) > "a" > "b" > [2] > "c"(Int) : No value is present"#,
            #"root(DBDeepRequired) > "n" > "x"(Int) : No value is present"#,
        ])
        #expect(result.errors.map(\.path.jsonPath) == [#"root["a"]["b"][2]["c"]"#, #"root["n"]["x"]"#])
        #expect(result.errors.map(\.path.jsonPointer) == ["/a/b/2/c", "/n/x"])
        // Absent values are located at the nearest present value above them.
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))
        #expect(result.errors.last?.location == Salvage.SourceLocation(offset: 6, line: 1, column: 7))
    }
}

// MARK: - Recording errors yourself

/// Records an error in the way `mode` says, then fails or keeps the model.
struct DBValidated: APIDecodable {
    let mode: String
    init?(from decoder: APIDecoder) {
        guard let mode = decoder["mode"] --> String.self else { return nil }
        let target = decoder["value"]
        switch mode {
        case "reason": target.recordError(.other(message: "Bad value"))
        case "reasonWarning": target.recordError(.countAboveMaximum(maximum: 3, actual: 4), failsModel: false)
        case "reasonFails": target.recordError(.unexpectedRawValue(value: "x", type: "Y"), failsModel: true)
        case "message": target.recordError(message: "Looks odd")
        case "messageFails": target.recordError(message: "Unusable", failsModel: true)
        case "error": decoder.recordError(APIDecodeError(path: target.path, message: "Built by hand"))
        case "errorThenFail":
            decoder.recordError(APIDecodeError(path: ["root", "value"], reason: .other(message: "Handmade")))
            decoder.succeeded = false
        case "succeededFalse": decoder.succeeded = false
        case "silentNil": return nil
        case "absentTarget": decoder["nothing"]["here"].recordError(message: "Expected something here")
        default: break
        }
        guard decoder.succeeded else { return nil }
        self.mode = mode
    }
}

struct DBRecordCase: Sendable, CustomTestStringConvertible {
    let mode: String
    let keepsModel: Bool
    let errors: [String]
    var testDescription: String { mode }
}

@Suite struct RecordingErrorTests {
    static let cases: [DBRecordCase] = [
        DBRecordCase(mode: "none", keepsModel: true, errors: []),
        DBRecordCase(mode: "reason", keepsModel: true, errors: [#"root(DBValidated) > "value" : Bad value"#]),
        DBRecordCase(mode: "reasonWarning", keepsModel: true, errors: [#"root(DBValidated) > "value" : Count above max: max 3, actual 4"#]),
        DBRecordCase(mode: "reasonFails", keepsModel: false, errors: [#"root(DBValidated) > "value" : Raw value of "x" for type Y not defined"#]),
        DBRecordCase(mode: "message", keepsModel: true, errors: [#"root(DBValidated) > "value" : Looks odd"#]),
        DBRecordCase(mode: "messageFails", keepsModel: false, errors: [#"root(DBValidated) > "value" : Unusable"#]),
        DBRecordCase(mode: "error", keepsModel: true, errors: [#"root(DBValidated) > "value" : Built by hand"#]),
        DBRecordCase(mode: "errorThenFail", keepsModel: false, errors: [#"root > "value" : Handmade"#]),
        DBRecordCase(mode: "succeededFalse", keepsModel: false, errors: ["root(DBValidated) : DBValidated.init(from:) returned nil without recording an error"]),
        DBRecordCase(mode: "silentNil", keepsModel: false, errors: ["root(DBValidated) : DBValidated.init(from:) returned nil without recording an error"]),
        DBRecordCase(mode: "absentTarget", keepsModel: true, errors: [#"root(DBValidated) > "nothing" > "here" : Expected something here"#]),
    ]

    @Test(arguments: cases)
    func recordError(_ testCase: DBRecordCase) {
        let json = #"{"mode": "\#(testCase.mode)", "value": 17}"#
        let result = dbDecode(json, as: DBValidated.self)
        #expect((result.value != nil) == testCase.keepsModel)
        #expect(result.value?.mode == (testCase.keepsModel ? testCase.mode : nil))
        #expect(result.errors.map(\.description) == testCase.errors)
    }

    @Test func recordedErrorsHavePathReasonAndLocation() throws {
        let json = #"{"mode": "reason", "value": 17}"#
        let result = dbDecode(json, as: DBValidated.self)
        let error = try #require(result.errors.first)
        #expect(error.path.jsonPath == #"root["value"]"#)
        #expect(error.reason == .other(message: "Bad value"))
        #expect(error.location == Salvage.SourceLocation(offset: 28, line: 1, column: 29))
        // An error built by hand keeps exactly what it was given.
        let handmade = try #require(dbDecode(#"{"mode": "error", "value": 17}"#, as: DBValidated.self).errors.first)
        #expect(handmade.location == nil)
        #expect(handmade.reason == .other(message: "Built by hand"))
        // Recording at an absent position: located at the nearest present value.
        let absent = try #require(dbDecode(json.replacingOccurrences(of: "reason", with: "absentTarget"), as: DBValidated.self).errors.first)
        #expect(absent.path.jsonPath == #"root["nothing"]["here"]"#)
        #expect(absent.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))
    }

    @Test func failingElementsAreDroppedFromArrays() {
        let json = #"[{"mode": "reason"}, {"mode": "messageFails"}, {"mode": "none"}, {"mode": "silentNil"}]"#
        let result = dbDecode(json, as: [DBValidated].self)
        #expect(result.value?.map(\.mode) == ["reason", "none"])
        #expect(result.errors.map(\.description) == [
            #"root(Array<DBValidated>) > [0](DBValidated) > "value" : Bad value"#,
            #"root(Array<DBValidated>) > [1](DBValidated) > "value" : Unusable"#,
            "root(Array<DBValidated>) > [3](DBValidated) : DBValidated.init(from:) returned nil without recording an error",
        ])
    }
}

// MARK: - Breadcrumbs: type tags, ids, renderings

struct DBEmployee: APIDecodable, Equatable {
    static var idKey: String? { "emp_id" }
    let name: String
    let salary: Int
    init(name: String, salary: Int) {
        self.name = name
        self.salary = salary
    }
    init?(from decoder: APIDecoder) {
        let name = decoder["name"] --> String.self
        let salary = decoder["salary"] --> Int.self
        guard decoder.succeeded, let name, let salary else { return nil }
        self.init(name: name, salary: salary)
    }
}

struct DBDepartment: APIDecodable, Equatable {
    static var idKey: String? { "code" }
    let employees: [DBEmployee]
    init(employees: [DBEmployee]) { self.employees = employees }
    init?(from decoder: APIDecoder) {
        guard let employees = decoder["employees"] --> [DBEmployee].self else { return nil }
        self.init(employees: employees)
    }
}

struct DBCompany: APIDecodable, Equatable {
    static var idKey: String? { "company_id" }
    let departments: [DBDepartment]
    let staffByName: [String: DBEmployee]?
    init(departments: [DBDepartment], staffByName: [String: DBEmployee]?) {
        self.departments = departments
        self.staffByName = staffByName
    }
    init?(from decoder: APIDecoder) {
        let departments = decoder["departments"] --> [DBDepartment].self
        let staff = decoder["staff"] --> [String: DBEmployee]?.self
        guard decoder.succeeded, let departments else { return nil }
        self.init(departments: departments, staffByName: staff)
    }
}

let dbCompanyJSON = """
{"company_id": "ACME", "departments": [
  {"code": "R&D", "employees": [{"emp_id": 1, "name": "Ann", "salary": 100}]},
  {"code": 42, "employees": [
    {"emp_id": 7, "name": "Bob", "salary": 200},
    {"emp_id": 1.50, "name": "Cy", "salary": "lots"}
  ]}
], "staff": {"bob": {"emp_id": -3e2, "name": "Bob", "salary": null}, "dee": {"name": "Dee", "salary": 1}}}
"""

@Suite struct BreadcrumbTests {
    @Test func errorThreeLevelsDeepShowsEveryEnclosingId() throws {
        let result = dbDecode(dbCompanyJSON, as: DBCompany.self)
        let company = try #require(result.value)
        #expect(company == DBCompany(departments: [
            DBDepartment(employees: [DBEmployee(name: "Ann", salary: 100)]),
            DBDepartment(employees: [DBEmployee(name: "Bob", salary: 200)]),
        ], staffByName: ["dee": DBEmployee(name: "Dee", salary: 1)]))
        try #require(result.errors.count == 2)

        let deep = result.errors[0]
        #expect(deep.description == #"root(DBCompany company_id=ACME) > "departments"(Array<DBDepartment>) > [1](DBDepartment code=42) > "employees"(Array<DBEmployee>) > [1](DBEmployee emp_id=1.50) > "salary"(Int) : Unexpectedly found a string"#)
        #expect(deep.path.jsonPath == #"root["departments"][1]["employees"][1]["salary"]"#)
        #expect(deep.path.jsonPointer == "/departments/1/employees/1/salary")
        #expect(deep.reason == .unexpectedJSONType(actual: .string))
        #expect(deep.location == Salvage.SourceLocation(offset: 243, line: 5, column: 46))
        #expect(dbSource(dbCompanyJSON, at: deep.location, length: 6) == "\"lots\"")

        let inDictionary = result.errors[1]
        #expect(inDictionary.description == #"root(DBCompany company_id=ACME) > "staff"(Dictionary<String, DBEmployee>) > "bob"(DBEmployee emp_id=-3e2) > "salary"(Int) : Unexpectedly found null"#)
        #expect(inDictionary.path.jsonPath == #"root["staff"]["bob"]["salary"]"#)
        #expect(dbSource(dbCompanyJSON, at: inDictionary.location, length: 4) == "null")
        #expect(inDictionary.location?.line == 7)
    }

    @Test func tagsCarryTheSwiftTypeOfEachStep() throws {
        let error = try #require(dbDecode(dbCompanyJSON, as: DBCompany.self).errors.first)
        let types = error.path.map { $0.swiftType.map { "\($0)" } }
        #expect(types == ["DBCompany", "Array<DBDepartment>", "DBDepartment", "Array<DBEmployee>", "DBEmployee", "Int"])
        #expect(error.path.map(\.idKey) == ["company_id", nil, "code", nil, "emp_id", nil])
        #expect(error.path.map(\.id) == ["ACME", nil, "42", nil, "1.50", nil])
        #expect(error.path.map(\.stringValue) == ["root", "departments", "1", "employees", "1", "salary"])
        #expect(error.path.map(\.intValue) == [nil, nil, 1, nil, 1, nil])
        #expect(error.codingPath.map(\.stringValue) == ["departments", "1", "employees", "1", "salary"])
        #expect(error.codingKey.stringValue == "salary")
    }

    struct DBIdCase: Sendable, CustomTestStringConvertible {
        let idJSON: String
        let tag: String
        var testDescription: String { idJSON }
    }

    static let idCases: [DBIdCase] = [
        DBIdCase(idJSON: #""emp-9""#, tag: "(DBEmployee emp_id=emp-9)"),
        DBIdCase(idJSON: #""with space""#, tag: "(DBEmployee emp_id=with space)"),
        DBIdCase(idJSON: #""q\"x\u00e9""#, tag: #"(DBEmployee emp_id=q"xé)"#),
        DBIdCase(idJSON: "12", tag: "(DBEmployee emp_id=12)"),
        DBIdCase(idJSON: "1.0e3", tag: "(DBEmployee emp_id=1.0e3)"),
        DBIdCase(idJSON: "true", tag: "(DBEmployee emp_id=true)"),
        DBIdCase(idJSON: "null", tag: "(DBEmployee emp_id=null)"),
        DBIdCase(idJSON: "[1]", tag: "(DBEmployee)"),
        DBIdCase(idJSON: "{}", tag: "(DBEmployee)"),
    ]

    @Test(arguments: idCases)
    func idRendering(_ testCase: DBIdCase) {
        let result = dbDecode(#"{"emp_id": \#(testCase.idJSON), "name": "X"}"#, as: DBEmployee.self)
        #expect(result.errors.map(\.description) == [#"root\#(testCase.tag) > "salary"(Int) : No value is present"#])
    }

    @Test func absentIdShowsTypeOnly() {
        let result = dbDecode(#"{"name": "X"}"#, as: DBEmployee.self)
        #expect(result.errors.map(\.description) == [#"root(DBEmployee) > "salary"(Int) : No value is present"#])
    }

    @Test func idComesFromTheRecordEvenWhenTheIdFieldItselfIsWrong() {
        let result = dbDecode(#"{"person_id": "abc", "first_name": "A", "last_name": "B"}"#, as: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Person person_id=abc) > "person_id"(Int) : Unexpectedly found a string"#])
    }

    @Test func passThroughStepsHaveNoTag() throws {
        let json = #"{"person_id": 8675309, "first_name": "Mary", "last_name": "Smith", "contact_info": {"phone_number": 5551212}}"#
        let result = dbDecode(json, as: Person.self)
        #expect(result.value?.phoneNumber == nil)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.description == #"root(Person person_id=8675309) > "contact_info" > "phone_number"(String) : Unexpectedly found an integer"#)
        #expect(error.path.jsonPath == #"root["contact_info"]["phone_number"]"#)
        #expect(error.path.jsonPointer == "/contact_info/phone_number")
        #expect(error.path[1].swiftType == nil)
        #expect(error.path[2].swiftType.map { "\($0)" } == "String")
    }

    @Test func specialCharactersInKeys() throws {
        struct DBOddKeys: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["a/b~c"]["x y"][0] --> Int?.self
                _ = decoder["say \"hi\""]["back\\slash"] --> Int?.self
                _ = decoder[""]["~"] --> Int?.self
            }
        }
        let json = #"{"a/b~c": {"x y": ["z"]}, "say \"hi\"": {"back\\slash": "q"}, "": {"~": false}}"#
        let result = dbDecode(json, as: DBOddKeys.self)
        try #require(result.errors.count == 3)
        #expect(result.errors.map(\.path.jsonPointer) == ["/a~1b~0c/x y/0", "/say \"hi\"/back\\slash", "//~0"])
        #expect(result.errors.map(\.path.jsonPath) == [#"root["a/b~c"]["x y"][0]"#, #"root["say \"hi\""]["back\\slash"]"#, #"root[""]["~"]"#])
        #expect(result.errors.map(\.description) == [
            #"root(DBOddKeys) > "a/b~c" > "x y" > [0](Int) : Unexpectedly found a string"#,
            #"root(DBOddKeys) > "say \"hi\"" > "back\\slash"(Int) : Unexpectedly found a string"#,
            #"root(DBOddKeys) > "" > "~"(Int) : Unexpectedly found a boolean"#,
        ])
    }

    @Test func handBuiltPathRenderings() {
        let path: [APICodingKey] = ["root", "items", 2, "a/b~c"]
        #expect(path.jsonPath == #"root["items"][2]["a/b~c"]"#)
        #expect(path.taggedJSONPath == #"root > "items" > [2] > "a/b~c""#)
        #expect(path.jsonPointer == "/items/2/a~1b~0c")
        let rootOnly: [APICodingKey] = ["root"]
        #expect(rootOnly.jsonPath == "root")
        #expect(rootOnly.jsonPointer == "")
        let empty: [APICodingKey] = []
        #expect(empty.jsonPath == "")
        #expect(empty.taggedJSONPath == "")
        var tagged = APICodingKey(hashKey: "user", swiftType: Int.self)
        #expect([APICodingKey("root"), tagged].taggedJSONPath == #"root > "user"(Int)"#)
        tagged.idKey = "uid"
        tagged.id = "u1"
        #expect([APICodingKey("root"), tagged].taggedJSONPath == #"root > "user"(Int uid=u1)"#)
        #expect(APICodingKey(arrayIndex: 4).description == "[4]")
        #expect(APICodingKey(hashKey: "k\"").description == #"["k\""]"#)
    }

    @Test func codingKeysCompareWithoutTags() {
        var tagged = APICodingKey(hashKey: "a", swiftType: Int.self)
        tagged.idKey = "id"
        tagged.id = "1"
        #expect(tagged == APICodingKey("a"))
        #expect(Set([tagged, APICodingKey("a")]).count == 1)
        #expect(APICodingKey("1") != APICodingKey(1))
        #expect(APICodingKey(codingKey: DBProbeKey.array) == APICodingKey("array"))
        #expect(APICodingKey(codingKey: APICodingKey(arrayIndex: 3)) == APICodingKey(3))
        #expect(APICodingKey(stringValue: "x") == APICodingKey("x"))
        #expect(APICodingKey(intValue: 7) == APICodingKey(7))
    }
}

// MARK: - Root name

@Suite struct RootNameTests {
    let badHeight = #"{"person_id": 8675309, "first_name": "Mary", "last_name": "Smith", "height": "really tall"}"#

    @Test func rootNameFromOptions() throws {
        let result = APIDataDecoder(options: APIDecodeOptions(rootName: "response")).decode(string: badHeight, to: Person.self)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.description == #"response(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#)
        #expect(error.path.jsonPath == #"response["height"]"#)
        #expect(error.path.jsonPointer == "/height")
        #expect(error.path.first?.stringValue == "response")
    }

    @Test func rootNameFromLastMileDictionary() throws {
        let result = APIDataDecoder().decode(data: Data(badHeight.utf8), to: Person.self, options: [APIDecodeOptions.rootNodeNameKey: "response"])
        #expect(result.errors.map(\.description) == [#"response(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#])
        // The dictionary overrides the decoder's own options.
        let overridden = APIDataDecoder(options: APIDecodeOptions(rootName: "body")).decode(data: Data(badHeight.utf8), to: Person.self, options: [APIDecodeOptions.rootNodeNameKey: "payload"])
        #expect(overridden.errors.map(\.path.jsonPath) == [#"payload["height"]"#])
        let kept = APIDataDecoder(options: APIDecodeOptions(rootName: "body")).decode(data: Data(badHeight.utf8), to: Person.self, options: ["unrelated": 1])
        #expect(kept.errors.map(\.path.jsonPath) == [#"body["height"]"#])
    }

    @Test func rootNameInInvalidJSONAndObjectTrees() {
        let invalid = APIDataDecoder(options: APIDecodeOptions(rootName: "response")).decode(string: "{", to: Person.self)
        #expect(invalid.errors.map(\.path.jsonPath) == ["response"])
        #expect(invalid.errors.first?.description.hasPrefix("response(Person) : Invalid JSON") == true)
        let tree = APIJSONObjectDecoder(options: APIDecodeOptions(rootName: "tree")).decode(jsonObject: ["person_id": 1] as [String: Any], to: Person.self)
        #expect(tree.errors.map(\.description) == [
            #"tree(Person person_id=1) > "first_name"(String) : No value is present"#,
            #"tree(Person person_id=1) > "last_name"(String) : No value is present"#,
        ])
    }

    @Test func decoderExposesItsOptions() throws {
        struct DBOptionsProbe: APIDecodable {
            let rootName: String
            let depth: Int
            init?(from decoder: APIDecoder) {
                rootName = decoder.options.rootName
                depth = decoder.options.maximumDepth
            }
        }
        let probe = try #require(APIDataDecoder(options: APIDecodeOptions(rootName: "r", maximumDepth: 9)).decode(string: "{}", to: DBOptionsProbe.self).value)
        #expect(probe.rootName == "r")
        #expect(probe.depth == 9)
        let defaults = APIDecodeOptions()
        #expect(defaults.rootName == "root")
        #expect(defaults.maximumDepth == 512)
        #expect(defaults.dateDecodingStrategy.description == "ISO 8601 date and time")
    }
}

// MARK: - Entry points and results

@Suite struct EntryPointTests {
    let personJSON = #"{"person_id": 8675309, "first_name": "Mary", "last_name": "Smith", "height": 1.75}"#

    @Test func dataStringAndBytesAgree() throws {
        let decoder = APIDataDecoder()
        let fromData = decoder.decode(data: Data(personJSON.utf8), to: Person.self)
        let fromString = decoder.decode(string: personJSON, to: Person.self)
        let fromBytes = decoder.decode(bytes: Array(personJSON.utf8), to: Person.self)
        for result in [fromData, fromString, fromBytes] {
            #expect(result.isClean)
            let person = try #require(result.value)
            #expect(person.id == 8675309)
            #expect(person.firstName == "Mary")
            #expect(person.lastName == "Smith")
            #expect(person.phoneNumber == nil)
            #expect(person.height == 1.75)
        }
    }

    struct DBInvalidCase: Sendable, CustomTestStringConvertible {
        let input: [UInt8]?
        let message: String
        let location: Salvage.SourceLocation
        var testDescription: String { input.map { String(decoding: $0, as: UTF8.self).debugDescription } ?? "nil" }
    }

    static let invalidCases: [DBInvalidCase] = [
        DBInvalidCase(input: nil, message: "The input is empty", location: Salvage.SourceLocation(offset: 0, line: 1, column: 1)),
        DBInvalidCase(input: [], message: "The input is empty", location: Salvage.SourceLocation(offset: 0, line: 1, column: 1)),
        DBInvalidCase(input: Array("  \n ".utf8), message: "The input contains no JSON value", location: Salvage.SourceLocation(offset: 4, line: 2, column: 2)),
        DBInvalidCase(input: Array("[1, 2,]".utf8), message: "Trailing comma: expected a value after ','", location: Salvage.SourceLocation(offset: 6, line: 1, column: 7)),
        DBInvalidCase(input: Array("{\"a\": 1} x".utf8), message: "Unexpected character 'x' after the top-level value", location: Salvage.SourceLocation(offset: 9, line: 1, column: 10)),
    ]

    @Test(arguments: invalidCases)
    func invalidJSONGivesNoValueAndOneError(_ testCase: DBInvalidCase) throws {
        let result = APIDataDecoder().decode(data: testCase.input.map { Data($0) }, to: [Int].self)
        #expect(result.value == nil)
        #expect(!result.isClean)
        try #require(result.errors.count == 1)
        let error = result.errors[0]
        guard case .invalidJSON(let syntax) = error.reason else {
            Issue.record("expected invalidJSON, got \(error.reason)")
            return
        }
        #expect(syntax.message == testCase.message)
        #expect(syntax.location == testCase.location)
        #expect(error.location == testCase.location)
        #expect(error.path.jsonPath == "root")
        #expect(error.description == "root(Array<Int>) : Invalid JSON at \(testCase.location): \(testCase.message)")
    }

    @Test func invalidJSONFromStringAndBytes() {
        let fromString = APIDataDecoder().decode(string: "", to: Person.self)
        #expect(fromString.value == nil)
        #expect(fromString.errors.map(\.description) == ["root(Person) : Invalid JSON at line 1, column 1 (byte 0): The input is empty"])
        let fromBytes = APIDataDecoder().decode(bytes: Array("{\"a\" 1}".utf8), to: Person.self)
        #expect(fromBytes.value == nil)
        #expect(fromBytes.errors.count == 1)
        #expect(fromBytes.errors.first?.reason == .invalidJSON(JSONSyntaxError(message: "Unexpected character '1': expected ':' after a key", location: Salvage.SourceLocation(offset: 5, line: 1, column: 6))))
    }

    @Test func maximumDepthIsEnforced() {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 2))
        #expect(decoder.decode(string: "[[1]]", to: [[Int]].self).value == [[1]])
        let tooDeep = decoder.decode(string: "[[[1]]]", to: [[[Int]]].self)
        #expect(tooDeep.value == nil)
        #expect(tooDeep.errors.count == 1)
        if case .invalidJSON(let syntax)? = tooDeep.errors.first?.reason {
            #expect(syntax.message == "Nesting is deeper than maximumDepth (2 levels)")
        } else {
            Issue.record("expected invalidJSON, got \(tooDeep.errors)")
        }
    }

    @Test func resultGetAndIsClean() throws {
        let clean = dbDecode(personJSON, as: Person.self)
        #expect(clean.isClean)
        #expect(try clean.get().id == 8675309)

        let withWarnings = dbDecode(#"{"person_id": 1, "first_name": "A", "last_name": "B", "height": "tall"}"#, as: Person.self)
        #expect(!withWarnings.isClean)
        #expect(try withWarnings.get().firstName == "A")
        #expect(withWarnings.errors.count == 1)

        let failed = dbDecode(#"{"first_name": 7}"#, as: Person.self)
        #expect(!failed.isClean)
        #expect(failed.value == nil)
        let failure = #expect(throws: APIDecodeFailure.self) { try failed.get() }
        #expect(failure?.errors == failed.errors)
        #expect(failure?.description == """
        Decoding failed with 3 problems:
          root(Person) > "person_id"(Int) : No value is present
          root(Person) > "first_name"(String) : Unexpectedly found an integer
          root(Person) > "last_name"(String) : No value is present
        """)
    }

    @Test func failureDescriptionForOneProblem() {
        let failure = APIDecodeFailure(errors: [APIDecodeError(path: ["root"], reason: .other(message: "Nope"))])
        #expect(failure.description == "Decoding failed with 1 problem:\n  root : Nope")
        #expect(APIDecodeFailure(errors: []).description == "Decoding failed with 0 problems:")
        let result = APIDecodeResult<Int>(value: nil, errors: [])
        #expect(!result.isClean)
        #expect(throws: APIDecodeFailure(errors: [])) { try result.get() }
        #expect(APIDecodeResult<Int>(value: 3, errors: []).isClean)
    }

    @Test func errorsComeInDecodeOrder() {
        struct DBBackwards: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["c"] --> Int?.self
                _ = decoder["a"] --> Int?.self
                _ = decoder["b"] --> [Int]?.self
            }
        }
        let json = "{\"a\": \"1\",\n \"b\": [true, \"x\"],\n \"c\": \"x\", \"c2\": 0}"
        let result = dbDecode(json, as: DBBackwards.self)
        #expect(result.errors.map(\.path.jsonPath) == [#"root["c"]"#, #"root["a"]"#, #"root["b"][0]"#, #"root["b"][1]"#])
        // Locations stay exact when errors are recorded out of document order.
        #expect(result.errors.map(\.location) == [
            Salvage.SourceLocation(offset: 36, line: 3, column: 7),
            Salvage.SourceLocation(offset: 6, line: 1, column: 7),
            Salvage.SourceLocation(offset: 18, line: 2, column: 8),
            Salvage.SourceLocation(offset: 24, line: 2, column: 14),
        ])
    }
}

// MARK: - Member lookups in any order

/// Reads members out of order, twice, and interleaved with absent keys and nested models.
struct DBLookups: APIDecodable {
    let values: [String: Int]
    let absentPaths: [String]
    init?(from decoder: APIDecoder) {
        var values: [String: Int] = [:]
        var absentPaths: [String] = []
        for key in ["e", "a", "zz", "c", "b", "d", "a", "ab", "e", "dup", "esc", "dup"] {
            let position = decoder[key]
            if let value = position --> Int?.self {
                values[key] = (values[key] ?? 0) * 100 + value
            } else if !position.isPresent {
                absentPaths.append(position.path.jsonPath)
            }
        }
        if let inner = decoder["inner"] --> DBLookups?.self {
            for (key, value) in inner.values { values["inner." + key] = value }
        }
        values["after inner: c"] = decoder["c"] --> Int?.self
        values["inner.b direct"] = decoder["inner"]["b"] --> Int?.self
        self.values = values
        self.absentPaths = absentPaths
    }
}

@Suite struct LookupTests {
    @Test func membersReadInAnyOrderRepeatedlyAndWithDuplicates() throws {
        let json = #"{"a": 1, "b": 2, "dup": 7, "c": 3, "d": 4, "ab": 12, "e": 5, "dup": 8, "esc\u0061pe": 0, "inner": {"e": 50, "b": 20, "a": 10}}"#
        let result = dbDecode(json, as: DBLookups.self)
        #expect(result.isClean)
        let lookups = try #require(result.value)
        #expect(lookups.values == [
            "a": 101, "b": 2, "c": 3, "d": 4, "e": 505, "ab": 12, "dup": 808,
            "inner.a": 1010, "inner.b": 20, "inner.e": 5050, "inner.b direct": 20, "after inner: c": 3,
        ])
        #expect(lookups.absentPaths == [#"root["zz"]"#, #"root["esc"]"#])
    }

    @Test func escapedKeysMatchTheirUnescapedText() throws {
        struct DBEscaped: APIDecodable {
            let value: Int?
            init?(from decoder: APIDecoder) {
                value = decoder["key\u{e9}/\"q\""] --> Int?.self
            }
        }
        let result = dbDecode(#"{"key\u00e9\/\"q\"": 42}"#, as: DBEscaped.self)
        #expect(result.value?.value == 42)
        #expect(result.isClean)
    }

    @Test func elementsWithMembersInDifferentOrders() {
        let json = #"[{"sku": "a", "qty": 1}, {"qty": 2, "sku": "b"}, {"note": "n", "qty": 3, "x": 0, "sku": "c"}]"#
        let result = dbDecode(json, as: [DBOrderedPair].self)
        #expect(result.isClean)
        #expect(result.value == [DBOrderedPair(sku: "a", qty: 1), DBOrderedPair(sku: "b", qty: 2), DBOrderedPair(sku: "c", qty: 3)])
    }

    @Test func absentPositionsKeepTheirOwnPaths() {
        struct DBKeptAbsent: APIDecodable {
            init?(from decoder: APIDecoder) {
                let first = decoder["m1"]["n1"]
                let second = decoder["m2"]["n2"][3]
                let third = decoder["present"]["q"]["r"]
                _ = second --> Int.self
                _ = first --> Int.self
                _ = third --> String.self
                _ = first["deeper"] --> Bool.self
                return nil
            }
        }
        let result = dbDecode(#"{"present": {"p": 1}}"#, as: DBKeptAbsent.self)
        #expect(result.errors.map(\.description) == [
            #"root(DBKeptAbsent) > "m2" > "n2" > [3](Int) : No value is present"#,
            #"root(DBKeptAbsent) > "m1" > "n1"(Int) : No value is present"#,
            #"root(DBKeptAbsent) > "present" > "q" > "r"(String) : No value is present"#,
            #"root(DBKeptAbsent) > "m1" > "n1" > "deeper"(Bool) : No value is present"#,
        ])
        #expect(result.errors.map(\.location?.offset) == [0, 0, 12, 0])
    }
}

struct DBOrderedPair: APIDecodable, Equatable {
    let sku: String
    let qty: Int
    init(sku: String, qty: Int) {
        self.sku = sku
        self.qty = qty
    }
    init?(from decoder: APIDecoder) {
        let qty = decoder["qty"] --> Int.self
        let sku = decoder["sku"] --> String.self
        guard decoder.succeeded, let sku, let qty else { return nil }
        self.init(sku: sku, qty: qty)
    }
}

// MARK: - Deep recursion

struct DBTreeNode: APIDecodable {
    static var idKey: String? { "name" }
    let name: String
    let weight: Int
    let children: [DBTreeNode]
    init?(from decoder: APIDecoder) {
        let name = decoder["name"] --> String.self
        let weight = decoder["weight"] --> Int.self
        let children = decoder["children"] --> [DBTreeNode].self
        guard decoder.succeeded, let name, let weight, let children else { return nil }
        self.name = name
        self.weight = weight
        self.children = children
    }
}

@Suite struct DeepNestingTests {
    static let depth = 40

    /// Level `d` has a leaf at [0] and level `d + 1` at [1]; the deepest level has a bad weight.
    static func tree(_ level: Int) -> String {
        let leaf = #"{"name": "leaf\#(level)", "weight": 0, "children": []}"#
        if level == depth {
            return #"{"name": "n\#(level)", "weight": "heavy", "children": [\#(leaf)]}"#
        }
        return #"{"name": "n\#(level)", "weight": \#(level), "children": [\#(leaf), \#(tree(level + 1))]}"#
    }

    @Test func errorAtTheBottomOfADeepTree() throws {
        let json = Self.tree(0)
        let result = dbDecode(json, as: DBTreeNode.self)
        var node = try #require(result.value)
        var levels = 0
        while node.children.count == 2 {
            #expect(node.name == "n\(levels)")
            #expect(node.children[0].name == "leaf\(levels)")
            node = node.children[1]
            levels += 1
        }
        #expect(node.name == "n\(Self.depth - 1)")
        #expect(node.children.map(\.name) == ["leaf\(Self.depth - 1)"])
        #expect(levels == Self.depth - 1)

        try #require(result.errors.count == 1)
        var expected = "root(DBTreeNode name=n0)"
        for level in 1 ... Self.depth {
            expected += #" > "children"(Array<DBTreeNode>) > [1](DBTreeNode name=n\#(level))"#
        }
        expected += #" > "weight"(Int) : Unexpectedly found a string"#
        #expect(result.errors[0].description == expected)
        #expect(result.errors[0].path.count == 2 * Self.depth + 2)
        #expect(result.errors[0].path.jsonPointer == String(repeating: "/children/1", count: Self.depth) + "/weight")
        #expect(dbSource(json, at: result.errors[0].location, length: 7) == "\"heavy\"")
    }
}

// MARK: - Foundation object trees

@Suite struct JSONObjectDecoderTests {
    @Test func decodesDictionaries() throws {
        let tree: [String: Any] = ["person_id": 8675309, "first_name": "Mary", "last_name": "Smith",
                                   "contact_info": ["phone_number": "(312) 555-1212"], "height": 1.75]
        let result = APIJSONObjectDecoder().decode(jsonObject: tree, to: Person.self)
        #expect(result.isClean)
        let person = try #require(result.value)
        #expect(person.id == 8675309)
        #expect(person.phoneNumber == "(312) 555-1212")
        #expect(person.height == 1.75)
    }

    @Test func errorsHavePathsButNoLocations() throws {
        let tree: [String: Any] = ["person_id": 8675309, "first_name": "Mary", "last_name": "Smith", "height": "really tall"]
        let result = APIJSONObjectDecoder().decode(jsonObject: tree, to: Person.self)
        #expect(result.value != nil)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.description == #"root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#)
        #expect(error.path.jsonPath == #"root["height"]"#)
        #expect(error.location == nil)
    }

    @Test func nestedArraysInTrees() {
        let tree: [String: Any] = ["items": [1, "two", 3, NSNull()] as [Any]]
        let result = APIJSONObjectDecoder().decode(jsonObject: tree, to: [String: [Int]].self)
        #expect(result.value == ["items": [1, 3]])
        #expect(result.errors.map(\.description) == [
            #"root(Dictionary<String, Array<Int>>) > "items"(Array<Int>) > [1](Int) : Unexpectedly found a string"#,
            #"root(Dictionary<String, Array<Int>>) > "items"(Array<Int>) > [3](Int) : Unexpectedly found null"#,
        ])
        #expect(result.errors.allSatisfy { $0.location == nil })
    }

    @Test func nilAndNullAtTheRoot() {
        let absent = APIJSONObjectDecoder().decode(jsonObject: nil, to: Person.self)
        #expect(absent.value == nil)
        #expect(absent.errors.map(\.description) == ["root(Person) : No value is present"])
        #expect(absent.errors.first?.reason == .unexpectedJSONType(actual: .absent))
        #expect(absent.errors.first?.location == nil)

        let null = APIJSONObjectDecoder().decode(jsonObject: NSNull(), to: Person.self)
        #expect(null.value == nil)
        #expect(null.errors.map(\.description) == ["root(Person) : Unexpectedly found null"])
        #expect(null.errors.first?.location == nil)
    }

    @Test func scalarsAtTheTopLevel() {
        #expect(APIJSONObjectDecoder().decode(jsonObject: 5, to: Int.self).value == 5)
        #expect(APIJSONObjectDecoder().decode(jsonObject: "hi", to: String.self).value == "hi")
        #expect(APIJSONObjectDecoder().decode(jsonObject: true, to: Bool.self).value == true)
        #expect(APIJSONObjectDecoder().decode(jsonObject: 2.5, to: Double.self).value == 2.5)
        #expect(APIJSONObjectDecoder().decode(jsonObject: [1, 2], to: [Int].self).value == [1, 2])
        let wrong = APIJSONObjectDecoder().decode(jsonObject: "hi", to: Int.self)
        #expect(wrong.value == nil)
        #expect(wrong.errors.map(\.description) == ["root(Int) : Unexpectedly found a string"])
    }

    @Test func treesJSONCannotRepresent() {
        let result = APIJSONObjectDecoder().decode(jsonObject: ["when": Date(timeIntervalSince1970: 0)] as [String: Any], to: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.path.jsonPath == "root")
        #expect(result.errors.first?.reason == .other(message: "The object tree cannot be represented as JSON (Dictionary<String, Any>)"))
    }
}

// MARK: - Error values

@Suite struct APIDecodeErrorValueTests {
    @Test func equalityIgnoresLocationAndTags() throws {
        let recorded = try #require(dbDecode(#"{"person_id": 1, "first_name": "A", "last_name": "B", "height": "x"}"#, as: Person.self).errors.first)
        let handmade = APIDecodeError(path: ["root", "height"], reason: .unexpectedJSONType(actual: .string))
        #expect(recorded == handmade)
        #expect(recorded.location != nil)
        #expect(handmade.location == nil)
        #expect(recorded.hashValue == handmade.hashValue)
        #expect(Set([recorded, handmade]).count == 1)
        #expect(recorded != APIDecodeError(path: ["root", "height"], reason: .unexpectedJSONType(actual: .integer)))
        #expect(recorded != APIDecodeError(path: ["root", "weight"], reason: .unexpectedJSONType(actual: .string)))
        #expect(recorded != APIDecodeError(path: ["root", "height", 0], reason: .unexpectedJSONType(actual: .string)))
        let relocated = APIDecodeError(path: recorded.path, reason: recorded.reason, location: Salvage.SourceLocation(offset: 1, line: 1, column: 2))
        #expect(relocated == recorded)
    }

    @Test func equalReasonsHaveEqualHashes() {
        #expect(APIDecodeErrorReason.numericOverflow(value: 300, type: "Int8").hashValue == APIDecodeErrorReason.numericOverflow(value: Decimal(string: "3e2") ?? 0, type: "Int8").hashValue)
        let one = APIDecodeErrorReason.swiftDecodingError(.keyNotFound(APICodingKey("y"), DecodingError.Context(codingPath: [APICodingKey("p")], debugDescription: "")))
        let other = APIDecodeErrorReason.swiftDecodingError(.keyNotFound(APICodingKey("y"), DecodingError.Context(codingPath: [APICodingKey("p")], debugDescription: "No value associated with key y.")))
        #expect(one == other)
        let handmade = APIDecodeError(path: ["root", "p"], reason: one)
        let recorded = APIDecodeError(path: ["root", "p"], reason: other)
        #expect(handmade == recorded)
        #expect(one.hashValue == other.hashValue)
        #expect(Set([recorded]).contains(handmade))
    }

    @Test func descriptionIsTaggedPathAndReason() {
        var key = APICodingKey(hashKey: "height", swiftType: Double.self)
        key.idKey = nil
        let error = APIDecodeError(path: [APICodingKey(hashKey: "root", swiftType: Person.self), key], reason: .unexpectedJSONType(actual: .string))
        #expect(error.description == #"root(Person) > "height"(Double) : Unexpectedly found a string"#)
        #expect(error.localizedDescription == error.description)
        #expect("\(error)" == error.description)
    }

    static let reasonDescriptions: [(APIDecodeErrorReason, String)] = [
        (.unexpectedJSONType(actual: .string), "Unexpectedly found a string"),
        (.unexpectedJSONType(actual: .object), "Unexpectedly found an object"),
        (.unexpectedJSONType(actual: .array), "Unexpectedly found an array"),
        (.unexpectedJSONType(actual: .integer), "Unexpectedly found an integer"),
        (.unexpectedJSONType(actual: .decimal), "Unexpectedly found a decimal"),
        (.unexpectedJSONType(actual: .boolean), "Unexpectedly found a boolean"),
        (.unexpectedJSONType(actual: .null), "Unexpectedly found null"),
        (.unexpectedJSONType(actual: .absent), "No value is present"),
        (.countNotExact(expected: 2, actual: 1), "Count not exact: expected 2, actual 1"),
        (.countBelowMinimum(minimum: 2, actual: 1), "Count below min: min 2, actual 1"),
        (.countAboveMaximum(maximum: 1, actual: 2), "Count above max: max 1, actual 2"),
        (.unexpectedRawValue(value: "cletus", type: "Stooge"), #"Raw value of "cletus" for type Stooge not defined"#),
        (.numericOverflow(value: 300, type: "Int8"), "Value 300 does not fit in Int8"),
        (.lossOfPrecision(value: Decimal(string: "3.5") ?? 0, type: "Int"), "Type Int does not have precision to represent 3.5"),
        (.other(message: "Anything"), "Anything"),
        (.invalidJSON(JSONSyntaxError(message: "Oops", location: Salvage.SourceLocation(offset: 3, line: 2, column: 1))), "Invalid JSON at line 2, column 1 (byte 3): Oops"),
    ]

    @Test(arguments: reasonDescriptions)
    func reasonDescription(reason: APIDecodeErrorReason, text: String) {
        #expect(reason.description == text)
    }

    @Test func reasonEquality() {
        #expect(APIDecodeErrorReason.numericOverflow(value: 300, type: "Int8") == .numericOverflow(value: Decimal(string: "3e2") ?? 0, type: "Int8"))
        #expect(APIDecodeErrorReason.numericOverflow(value: 300, type: "Int8") != .numericOverflow(value: 300, type: "UInt8"))
        #expect(APIDecodeErrorReason.numericOverflow(value: 300, type: "Int8") != .lossOfPrecision(value: 300, type: "Int8"))
        #expect(APIDecodeErrorReason.countNotExact(expected: 2, actual: 1) != .countNotExact(expected: 1, actual: 2))
        #expect(APIDecodeErrorReason.unexpectedJSONType(actual: .null) != .unexpectedJSONType(actual: .absent))
    }

    @Test func jsonElementNames() {
        #expect(dbAllJSONElementRawValues() == ["Object", "Array", "Integer", "Boolean", "Decimal", "String", "Null", "no value present", "Unknown"])
        #expect(JSONElement.unknown.description == "an unknown value")
        #expect(JSONElement.absent.description == "no value")
    }

    @Test func sourceLocationDescription() {
        #expect(Salvage.SourceLocation(offset: 12, line: 2, column: 5).description == "line 2, column 5 (byte 12)")
        #expect(JSONSyntaxError(message: "Bad", location: Salvage.SourceLocation(offset: 0, line: 1, column: 1)).description == "Bad at line 1, column 1 (byte 0)")
    }
}

func dbAllJSONElementRawValues() -> [String] {
    [JSONElement.object, .array, .integer, .boolean, .decimal, .string, .null, .absent, .unknown].map(\.rawValue)
}
