import Foundation
import Salvage
import Testing

// Issue #2 §8: "Code written for LastMile 1.0 must compile against Salvage by changing only its import".
// Every public LastMile 1.0 symbol and overload a user could have written (read from LastMile's
// `Public/` sources: APIDecoder, Operators, APIDecodeError, APIDecodeErrorReason, APICodingKey, CountLimited,
// JSONElement, APIDecodeResult, APIDataDecoder, APIJSONObjectDecoder, ResponseData), spelled as LastMile
// users spelled them, with the values and descriptions LastMile gave.

private enum Keys: String, CodingKey { case name, tags }

private struct LastMilePoint: Decodable, Equatable { let x: Int; let y: Int }

/// A user type that decodes the value at its own position (as LastMile's RawRepresentable conformance did).
private struct Slug: APIDecodable, Equatable {
    let text: String
    init(text: String) { self.text = text }
    init?(from decoder: APIDecoder) {
        guard let text = decoder --> String.self else { return nil }
        self.text = text
    }
}

private enum Level: Int, APIDecodable { case low = 1, high = 2 }

private struct LastMileEverything: APIDecodable {
    static var idKey: String? { return "id" }
    let id: Int
    let name: String
    let tags: [String]
    let set: Set<Int>?
    let map: [String: Int]?
    let maybe: [Int]?
    let point: LastMilePoint
    let slug: Slug?
    let level: Level?
    let first: String?
    let facts: [String]

    init?(from decoder: APIDecoder) {
        let id: Int! = decoder["id"] --> Int.self
        let name = decoder[Keys.name] --> String.self
        let tags = decoder[Keys.tags].decodeRequired([String].self, min: 1, max: 3, countsAreMandatory: true)
        let set = decoder["set"] --> CountLimited<Set<Int>?>(max: 2)
        let map = decoder["map"] --> CountLimited<[String: Int]?>(min: 1)
        let maybe = decoder["maybe"].decodeOptional([Int].self, min: 1)
        let point: LastMilePoint! = decoder["point"].decodeRequired(swiftDecodable: LastMilePoint.self)
        let slug = decoder["slug"] --> Slug?.self
        let level = decoder["level"].decodeOptional(Level.self)
        let key: CodingKey = Keys.tags
        let first = decoder[key][0] --> String?.self
        var facts = [decoder.path.jsonPath, decoder[Keys.tags][1].path.jsonPath]
        facts.append(decoder[Keys.tags].codingPath.map(\.stringValue).joined(separator: "."))
        facts.append("\(decoder["nothing"].isJSONNull)")
        if let name, name.isEmpty {
            decoder["name"].recordError(APIDecodeError(path: decoder["name"].path, message: "Empty name"))
            decoder.succeeded = false
        }
        guard decoder.succeeded else { return nil }
        self.id = id
        self.name = name!
        self.tags = tags!
        self.set = set
        self.map = map
        self.maybe = maybe
        self.point = point
        self.slug = slug
        self.level = level
        self.first = first
        self.facts = facts + ["\(decoder["nothing"].isJSONNull)"]
    }
}

/// LastMile models were often classes. A final class (and an NSObject subclass) conforms; a non-final one
/// conforms too, with its subclasses (see `nonFinalClassesAndSubclassesDecode`).
private final class LastMileFinalClass: APIDecodable {
    class var idKey: String? { "id" }
    let id: Int
    required init?(from decoder: APIDecoder) {
        guard let id = decoder["id"] --> Int.self else { return nil }
        self.id = id
    }
}

private final class LastMileObjectClass: NSObject, APIDecodable {
    let title: String
    init?(from decoder: APIDecoder) {
        guard let title = decoder["title"] --> String.self else { return nil }
        self.title = title
    }
}

/// A LastMile-style class hierarchy: not final, a subclass with its own id key and field.
private class LastMileOpenBase: APIDecodable {
    class var idKey: String? { "id" }
    let id: Int
    required init?(from decoder: APIDecoder) {
        guard let id = decoder["id"] --> Int.self else { return nil }
        self.id = id
    }
}

private class LastMileOpenDerived: LastMileOpenBase {
    override class var idKey: String? { "sku" }
    let sku: String?
    required init?(from decoder: APIDecoder) {
        sku = decoder["sku"] --> String?.self
        super.init(from: decoder)
    }
}

/// A non-final class reading an array of scalars (the path the generic array requirement serves).
private class LastMileOpenScalars: APIDecodable {
    let all: [Int]
    required init?(from decoder: APIDecoder) {
        guard let all = decoder["all"] --> [Int].self else { return nil }
        self.all = all
    }
}

@Suite("Issue #2 LastMile 1.0 source compatibility")
struct Issue2LastMileSourceTests {
    private static let good = #"{"id": 4, "name": "n", "tags": ["a", "b"], "set": [1, 2], "map": {"k": 1}, "maybe": [1], "point": {"x": 1, "y": 2}, "slug": "s", "level": 2, "nothing": null}"#

    @Test func everyLastMileSpellingDecodes() throws {
        let result = APIDataDecoder().decode(data: Data(Self.good.utf8), to: LastMileEverything.self, options: [:])
        #expect(result.errors.isEmpty)
        let value = try #require(result.value)
        #expect(value.id == 4)
        #expect(value.name == "n")
        #expect(value.tags == ["a", "b"])
        #expect(value.set == [1, 2])
        #expect(value.map == ["k": 1])
        #expect(value.maybe == [1])
        #expect(value.point == LastMilePoint(x: 1, y: 2))
        #expect(value.slug == Slug(text: "s"))
        #expect(value.level == .high)
        #expect(value.first == "a")
        #expect(value.facts == ["root", #"root["tags"][1]"#, "tags", "true", "true"])
    }

    @Test func lastMileErrorsAndDescriptions() {
        let json = #"{"id": 4, "name": "", "tags": ["a", "b", "c", "d"], "set": [1, 2, 3], "map": {}, "maybe": [], "point": {"x": 1, "y": 2}, "slug": 5, "level": 3}"#
        let result = APIDataDecoder().decode(data: Data(json.utf8), to: LastMileEverything.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(LastMileEverything id=4) > "tags"(Array<String>) : Count above max: max 3, actual 4"#,
            #"root(LastMileEverything id=4) > "set"(Set<Int>) : Count above max: max 2, actual 3"#,
            #"root(LastMileEverything id=4) > "map"(Dictionary<String, Int>) : Count below min: min 1, actual 0"#,
            #"root(LastMileEverything id=4) > "maybe"(Array<Int>) : Count below min: min 1, actual 0"#,
            // A type that decodes its own position (`decoder --> String.self`) shows the inner type's tag,
            // as in LastMile; Salvage's own RawRepresentable conformance keeps the enum's tag instead.
            #"root(LastMileEverything id=4) > "slug"(String) : Unexpectedly found an integer"#,
            #"root(LastMileEverything id=4) > "level"(Level) : Raw value of "3" for type Level not defined"#,
            #"root(LastMileEverything id=4) > "name" : Empty name"#,
        ])
        #expect(result.errors[0] == APIDecodeError(path: ["root", "tags"], maximum: 3, actual: 4))
        #expect(result.errors[5] == APIDecodeError(path: ["root", "level"], rawValue: "3", type: "Level"))
        #expect(result.errors[6] == APIDecodeError(path: ["root", "name"], message: "Empty name"))
    }

    @Test func requiredOperatorResultsUsableAsNonOptional() {
        struct Implicit: APIDecodable {
            let n: Int
            let p: LastMilePoint
            init?(from decoder: APIDecoder) {
                guard decoder["n"].isJSONNull == false else { return nil }
                let n: Int = decoder["n"] --> Int.self
                let p: LastMilePoint = decoder["p"].decodeRequired(swiftDecodable: LastMilePoint.self)
                let also: Int = decoder["n"].decodeRequired(Int.self)
                self.n = n + also - n
                self.p = p
            }
        }
        let result = APIDataDecoder().decode(data: Data(#"{"n": 2, "p": {"x": 0, "y": 9}}"#.utf8), to: Implicit.self)
        #expect(result.value?.n == 2)
        #expect(result.value?.p == LastMilePoint(x: 0, y: 9))
    }

    @Test func readmeOfLastMilePrintsItsLines() {
        struct LastMilePerson: APIDecodable {
            static var idKey: String? { return "person_id" }
            let id: Int
            let height: Double?
            init?(from decoder: APIDecoder) {
                let id = decoder["person_id"] --> Int.self
                let height = decoder["height"] --> Double?.self
                guard decoder.succeeded else { return nil }
                self.id = id!
                self.height = height
            }
        }
        let data = Data(#"{"person_id": 8675309, "height": "really tall"}"#.utf8)
        let decodeResult = APIDataDecoder().decode(data: data, to: LastMilePerson.self)
        let printed = "\(decodeResult.value ?? "nil" as Any)"
        #expect(printed.hasPrefix("LastMilePerson(id: 8675309"))
        var lines: [String] = []
        decodeResult.errors.forEach { lines.append("\($0)") }
        #expect(lines == [#"root(LastMilePerson person_id=8675309) > "height"(Double) : Unexpectedly found a string"#])
    }

    @Test func errorMembers() throws {
        let result = APIDataDecoder().decode(data: Data(#"{"person_id": 1, "height": true}"#.utf8), to: [String: Double].self)
        let error = try #require(result.errors.last)
        #expect(error.localizedDescription == error.description)
        #expect((error as Error).localizedDescription == error.description)
        #expect(error.codingKey.stringValue == "height")
        #expect(error.codingPath.map(\.stringValue) == ["height"])
        #expect(error.path == ["root", "height"])
        #expect(error.reason == .unexpectedJSONType(actual: .boolean))
        switch error.reason {
        case .unexpectedJSONType(let actual): #expect(actual == .boolean)
        default: Issue.record("unexpected reason \(error.reason)")
        }
    }

    @Test func codingKeyMembersAndLiterals() throws {
        let fromString = try #require(APICodingKey(stringValue: "a"))
        let fromInt = try #require(APICodingKey(intValue: 3))
        #expect(fromString.hashKey == "a")
        #expect(fromString.arrayIndex == nil)
        #expect(fromInt.arrayIndex == 3)
        #expect(fromInt.hashKey == nil)
        #expect(fromString == "a")
        #expect(fromInt == 3)
        var key: APICodingKey = "a"
        key.id = "7"
        key.idKey = "id"
        key.swiftType = Int.self
        #expect(key.id == "7")
        #expect(key.idKey == "id")
        #expect(key.swiftType == Int.self)
        #expect(key == fromString)
        let path: [APICodingKey] = ["root", "a", 0]
        #expect(path.jsonPath == #"root["a"][0]"#)
        #expect(path.taggedJSONPath == #"root > "a" > [0]"#)
        #expect(([] as [APICodingKey]).jsonPath == "")
        #expect(([] as [APICodingKey]).taggedJSONPath == "")
        let lhs: CodingKey = Keys.name
        let rhs: CodingKey = APICodingKey(stringValue: "name")!
        #expect(lhs == rhs)
    }

    @Test func jsonElementRawValuesAreLastMiles() {
        #expect(JSONElement.allLastMileRawValues == ["Object", "Array", "Integer", "Boolean", "Decimal", "String", "Null", "no value present", "Unknown"])
        #expect(JSONElement(rawValue: "String") == .string)
    }

    @Test func responseDataHoldsTheWholeResponseAnywhere() throws {
        struct Envelope: APIDecodable {
            let raw: ResponseData
            let n: Int?
            init?(from decoder: APIDecoder) {
                let raw = decoder["ignored"] --> ResponseData.self
                n = decoder["n"] --> Int?.self
                guard decoder.succeeded else { return nil }
                self.raw = raw!
            }
        }
        let bytes = Data(#"{"n": 1}"#.utf8)
        let result = APIDataDecoder().decode(data: bytes, to: Envelope.self)
        #expect(result.errors.isEmpty)
        #expect(try #require(result.value).raw.data == bytes)
        #expect(result.value?.n == 1)
    }

    /// LastMile decoded `nil` data as empty data: `ResponseData` still succeeds, holding no bytes.
    @Test(arguments: [nil, Data()])
    func responseDataOfNoBytes(data: Data?) throws {
        let result = APIDataDecoder().decode(data: data, to: ResponseData.self)
        #expect(try #require(result.value).data == Data())
        #expect(result.errors.isEmpty)
    }

    @Test func finalClassModelsAndNSObjects() throws {
        let base = APIDataDecoder().decode(string: #"[{"id": 1}, {"id": "x"}]"#, to: [LastMileFinalClass].self)
        #expect(base.value?.map(\.id) == [1])
        #expect(base.errors.map(\.description) == [#"root(Array<LastMileFinalClass>) > [1](LastMileFinalClass id=x) > "id"(Int) : Unexpectedly found a string"#])
        let object = APIDataDecoder().decode(string: #"{"title": "t"}"#, to: LastMileObjectClass.self)
        #expect(object.value?.title == "t")
    }

    /// `class Base: APIDecodable { required init?(from:) … }` (not final) compiled with LastMile; it compiles
    /// here too (the hidden array requirement is generic, not `[Self]?`, which a non-final class cannot satisfy).
    @Test func nonFinalClassesAndSubclassesDecode() throws {
        let base = APIDataDecoder().decode(string: #"[{"id": 1}, {"id": "x"}, {"id": 3}]"#, to: [LastMileOpenBase].self)
        #expect(base.value?.map(\.id) == [1, 3])
        #expect(base.errors.map(\.description) == [#"root(Array<LastMileOpenBase>) > [1](LastMileOpenBase id=x) > "id"(Int) : Unexpectedly found a string"#])
        // The subclass's optional field recovers; the base class's required one drops the element.
        let derived = APIDataDecoder().decode(string: #"[{"id": 1, "sku": "A"}, {"id": 2, "sku": 5}, {"sku": "C"}]"#, to: [LastMileOpenDerived].self)
        #expect(derived.value?.map(\.id) == [1, 2])
        #expect(derived.value?.map(\.sku) == ["A", nil])
        #expect(derived.errors.map(\.description) == [
            #"root(Array<LastMileOpenDerived>) > [1](LastMileOpenDerived sku=5) > "sku"(String) : Unexpectedly found an integer"#,
            #"root(Array<LastMileOpenDerived>) > [2](LastMileOpenDerived sku=C) > "id"(Int) : No value is present"#,
        ])
        let one = try #require(APIDataDecoder().decode(string: #"{"id": 7, "sku": "B"}"#, to: LastMileOpenDerived.self).value)
        #expect(one.id == 7 && one.sku == "B")
        let asBase: LastMileOpenBase? = APIDataDecoder().decode(string: #"{"id": 7, "sku": "B"}"#, to: LastMileOpenDerived.self).value
        #expect((asBase as? LastMileOpenDerived)?.sku == "B")
        let ids = APIDataDecoder().decode(string: #"{"all": [1, 2]}"#, to: LastMileOpenScalars.self).value
        #expect(ids?.all == [1, 2])
    }

    @Test func jsonObjectDecoderSpellings() {
        let tree: [String: Any] = ["person_id": 1, "height": "x"]
        let byJSON = APIJSONObjectDecoder().decode(json: tree, to: [String: Double].self, options: [APIDecodeOptions.rootNodeNameKey: "r"])
        let byObject = APIJSONObjectDecoder().decode(jsonObject: tree, to: [String: Double].self)
        #expect(byJSON.errors.map(\.description) == [#"r(Dictionary<String, Double>) > "height"(Double) : Unexpectedly found a string"#])
        #expect(byObject.errors.map(\.description) == [#"root(Dictionary<String, Double>) > "height"(Double) : Unexpectedly found a string"#])
        #expect(byJSON.value == ["person_id": 1])
    }
}

private extension JSONElement {
    static var allLastMileRawValues: [String] {
        [JSONElement.object, .array, .integer, .boolean, .decimal, .string, .null, .absent, .unknown].map(\.rawValue)
    }
}
