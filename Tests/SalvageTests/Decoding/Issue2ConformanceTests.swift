import Foundation
import Salvage
import Testing

// Issue #2 read sentence by sentence, each promise written as a user of the issue's text would test it:
// the issue's own README code verbatim, exact values, error counts, reasons, paths and descriptions.

// MARK: - The issue's README example, verbatim (§8)

// The issue's README model and JSON are the test target's shared `Person` and `personJSON`
// (Support/ReadmePerson.swift), which are that code verbatim.

// MARK: - Small models for the other promises

private struct Contact: APIDecodable {
    let email: String?
    init?(from decoder: APIDecoder) {
        let email = decoder["email"] --> String.self
        guard decoder.succeeded else { return nil }
        self.email = email
    }
}

private struct Holder: APIDecodable {
    let contact: Contact?
    let name: String
    init?(from decoder: APIDecoder) {
        let contact = decoder["contact"] --> Contact?.self
        let name = decoder["name"] --> String.self
        guard decoder.succeeded else { return nil }
        self.contact = contact
        self.name = name!
    }
}

private enum Color: String, APIDecodable { case red, green }

private struct Paint: APIDecodable {
    let color: Color?
    let name: String
    init?(from decoder: APIDecoder) {
        let color = decoder["color"] --> Color?.self
        let name = decoder["name"] --> String.self
        guard decoder.succeeded else { return nil }
        self.color = color
        self.name = name!
    }
}

private struct Tag: APIDecodable, Equatable {
    static var idKey: String? { "id" }
    let id: Int
    init(id: Int) { self.id = id }
    init?(from decoder: APIDecoder) {
        let id = decoder["id"] --> Int.self
        guard decoder.succeeded else { return nil }
        self.id = id!
    }
}

private struct EmailUser: APIDecodable {
    let email: String
    init?(from decoder: APIDecoder) {
        let email = decoder["email"] --> String.self
        if let email, !email.contains("@") {
            decoder["email"].recordError(.other(message: "Malformed e-mail address"), failsModel: decoder["strict"] --> Bool?.self ?? false)
        }
        guard decoder.succeeded else { return nil }
        self.email = email!
    }
}

private struct Point: Decodable, Equatable { let x: Int; let y: Int }

private struct Shape: APIDecodable {
    let origin: Point
    init?(from decoder: APIDecoder) {
        let origin = decoder["origin"].decodeRequired(swiftDecodable: Point.self)
        guard decoder.succeeded else { return nil }
        self.origin = origin!
    }
}

@Suite("Issue #2 conformance")
struct Issue2ConformanceTests {
    // MARK: §8 README example

    @Test func issueReadmeExamplePrintsExactlyTheIssueText() throws {
        let result = APIDataDecoder().decode(data: personJSON.data(using: .utf8), to: Person.self)
        let person = try #require(result.value)
        #expect("value: \(person)" == #"value: Person(id: 8675309, firstName: "Mary", lastName: "Smith", phoneNumber: Optional("(312) 555-1212"), height: nil)"#)
        #expect(result.errors.map { "errors: \($0)" } == [#"errors: root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#])
        #expect(result.errors.count == 1)
        #expect(result.errors[0].reason == .unexpectedJSONType(actual: .string))
        #expect(result.errors[0].path.jsonPath == #"root["height"]"#)
    }

    @Test func readmeModelThroughEveryEntryPoint() {
        let expected = [#"root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#]
        #expect(APIDataDecoder().decode(string: personJSON, to: Person.self).errors.map(\.description) == expected)
        #expect(APIDataDecoder().decode(bytes: Array(personJSON.utf8), to: Person.self).errors.map(\.description) == expected)
        let object = try? JSONSerialization.jsonObject(with: Data(personJSON.utf8))
        let tree = APIJSONObjectDecoder().decode(jsonObject: object, to: Person.self)
        #expect(tree.errors.map(\.description) == expected)
        #expect(tree.value?.phoneNumber == "(312) 555-1212")
    }

    // MARK: §4 APIDecoder

    @Test func subscriptingRecordsNothingUntilSomethingIsDecoded() {
        struct Walker: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["items"][0]["values"][0]["name"]
                _ = decoder["missing"][3]["deeper"]
                _ = decoder[7]
            }
        }
        let result = APIDataDecoder().decode(string: #"{"items": [{"values": [{"name": 1}]}]}"#, to: Walker.self)
        #expect(result.value != nil)
        #expect(result.errors.isEmpty)
    }

    @Test func deepChainDecodesAtAnyDepth() {
        struct Deep: APIDecodable {
            let name: String
            init?(from decoder: APIDecoder) {
                guard let name = decoder["items"][0]["values"][0]["name"] --> String.self else { return nil }
                self.name = name
            }
        }
        let good = APIDataDecoder().decode(string: #"{"items": [{"values": [{"name": "n"}]}]}"#, to: Deep.self)
        #expect(good.value?.name == "n")
        let bad = APIDataDecoder().decode(string: #"{"items": [{"values": []}]}"#, to: Deep.self)
        #expect(bad.value == nil)
        #expect(bad.errors.map(\.description) == [#"root(Deep) > "items" > [0] > "values" > [0] > "name"(String) : No value is present"#])
        #expect(bad.errors.map(\.path.jsonPath) == [#"root["items"][0]["values"][0]["name"]"#])
    }

    /// A key step into an array, or an index step into an object, is reported at the intermediate, by its type.
    @Test func stepsThroughAnIntermediateOfTheWrongKind() {
        struct Through: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["list"]["x"] --> Int?.self
                _ = decoder["object"][0] --> Int?.self
                _ = decoder["text"]["a"][1] --> Int?.self
                _ = decoder["missing"]["a"] --> Int?.self
            }
        }
        let result = APIDataDecoder().decode(string: #"{"list": [1], "object": {"0": 1}, "text": "t"}"#, to: Through.self)
        #expect(result.value != nil)
        #expect(result.errors.map(\.description) == [
            #"root(Through) > "list" : Unexpectedly found an array"#,
            #"root(Through) > "object" : Unexpectedly found an object"#,
            #"root(Through) > "text" : Unexpectedly found a string"#,
        ])
    }

    @Test(arguments: [
        (#"{}"#, "No value is present", JSONElement.absent),
        (#"{"name": null}"#, "Unexpectedly found null", JSONElement.null),
        (#"{"name": 5}"#, "Unexpectedly found an integer", JSONElement.integer),
        (#"{"name": 5.5}"#, "Unexpectedly found a decimal", JSONElement.decimal),
        (#"{"name": true}"#, "Unexpectedly found a boolean", JSONElement.boolean),
        (#"{"name": []}"#, "Unexpectedly found an array", JSONElement.array),
        (#"{"name": {}}"#, "Unexpectedly found an object", JSONElement.object),
    ])
    func requiredValueAbsentNullOrWrongFailsTheModel(json: String, message: String, actual: JSONElement) {
        struct Named: APIDecodable {
            let name: String
            init?(from decoder: APIDecoder) {
                let name = decoder["name"] --> String.self
                guard decoder.succeeded else { return nil }
                self.name = name!
            }
        }
        let result = APIDataDecoder().decode(string: json, to: Named.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.reason == .unexpectedJSONType(actual: actual))
        #expect(result.errors.first?.description == "root(Named) > \"name\"(String) : \(message)")
    }

    @Test(arguments: [#"{}"#, #"{"nick": null}"#])
    func optionalAbsentOrNullIsSilent(json: String) throws {
        struct Nick: APIDecodable {
            let nick: String?
            init?(from decoder: APIDecoder) {
                nick = decoder["nick"] --> String?.self
                guard decoder.succeeded else { return nil }
            }
        }
        let result = APIDataDecoder().decode(string: json, to: Nick.self)
        #expect(try #require(result.value).nick == nil)
        #expect(result.errors.isEmpty)
    }

    @Test func optionalPresentButWrongIsReportedAndTheModelSucceeds() throws {
        struct Nick: APIDecodable {
            let nick: String?
            let succeeded: Bool
            init?(from decoder: APIDecoder) {
                nick = decoder["nick"] --> String?.self
                succeeded = decoder.succeeded
            }
        }
        let result = APIDataDecoder().decode(string: #"{"nick": 7}"#, to: Nick.self)
        let value = try #require(result.value)
        #expect(value.nick == nil)
        #expect(value.succeeded)
        #expect(result.errors.map(\.description) == [#"root(Nick) > "nick"(String) : Unexpectedly found an integer"#])
        #expect(result.errors.first?.location == SourceLocation(offset: 9, line: 1, column: 10))
    }

    @Test func arrowBindsTighterThanNilCoalescing() throws {
        struct Counted: APIDecodable {
            let n: Int
            init?(from decoder: APIDecoder) {
                n = decoder["n"] --> Int?.self ?? 0
            }
        }
        #expect(try #require(APIDataDecoder().decode(string: "{}", to: Counted.self).value).n == 0)
        #expect(try #require(APIDataDecoder().decode(string: #"{"n": 4}"#, to: Counted.self).value).n == 4)
        let wrong = APIDataDecoder().decode(string: #"{"n": "4"}"#, to: Counted.self)
        #expect(try #require(wrong.value).n == 0)
        #expect(wrong.errors.map(\.description) == [#"root(Counted) > "n"(Int) : Unexpectedly found a string"#])
    }

    @Test func requiredValueInsideNestedOptionalModelFailsOnlyThatModel() throws {
        let result = APIDataDecoder().decode(string: #"{"contact": {"email": 3}, "name": "x"}"#, to: Holder.self)
        let holder = try #require(result.value)
        #expect(holder.contact == nil)
        #expect(holder.name == "x")
        #expect(result.errors.map(\.description) == [#"root(Holder) > "contact"(Contact) > "email"(String) : Unexpectedly found an integer"#])
    }

    @Test func presenceNullAndTypeQueries() {
        struct Probe: APIDecodable {
            let facts: [String]
            init?(from decoder: APIDecoder) {
                var facts: [String] = []
                for key in ["a", "b", "c", "d"] {
                    let value = decoder[key]
                    facts.append("\(key):\(value.isPresent):\(value.isJSONNull):\(value.jsonElement.rawValue)")
                }
                facts.append("deep:\(decoder["a"]["x"].isPresent):\(decoder["a"]["x"].jsonElement.rawValue)")
                self.facts = facts
            }
        }
        let result = APIDataDecoder().decode(string: #"{"a": null, "b": 1.5, "c": [1]}"#, to: Probe.self)
        #expect(result.value?.facts == ["a:true:true:Null", "b:true:false:Decimal", "c:true:false:Array", "d:false:false:no value present", "deep:false:no value present"])
        #expect(result.errors.isEmpty)
    }

    @Test func customErrorAsWarningKeepsTheModel() throws {
        let result = APIDataDecoder().decode(string: #"{"email": "nobody"}"#, to: EmailUser.self)
        #expect(try #require(result.value).email == "nobody")
        #expect(result.errors.map(\.description) == [#"root(EmailUser) > "email" : Malformed e-mail address"#])
        #expect(result.errors.first?.severity == .recovered)
        #expect(result.errors.first?.location == SourceLocation(offset: 10, line: 1, column: 11))
    }

    @Test func customErrorAsFailureFailsTheModel() {
        let result = APIDataDecoder().decode(string: #"{"email": "nobody", "strict": true}"#, to: EmailUser.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(EmailUser) > "email" : Malformed e-mail address"#])
        #expect(result.errors.first?.severity == .failure)
    }

    /// Default (`CodableRecovery.salvage`): the bridge reports like a native model, at the full path.
    @Test func swiftDecodableRequiredFailureFailsTheModelWithTheFullPath() throws {
        let good = APIDataDecoder().decode(string: #"{"origin": {"x": 1, "y": 2}}"#, to: Shape.self)
        #expect(try #require(good.value).origin == Point(x: 1, y: 2))
        let bad = APIDataDecoder().decode(string: #"{"origin": {"x": 1, "y": "2"}}"#, to: Shape.self)
        #expect(bad.value == nil)
        #expect(bad.errors.map(\.description) == [#"root(Shape) > "origin"(Point) > "y"(Int) : Unexpectedly found a string"#])
        #expect(bad.errors.map(\.path.jsonPath) == [#"root["origin"]["y"]"#])
        #expect(bad.errors.map(\.severity) == [.failure])
    }

    @Test(arguments: [
        (#"{}"#, [String]()),
        (#"{"origin": null}"#, [String]()),
        (#"{"origin": 5}"#, [#"root(MaybeShape) > "origin"(Point) : Unexpectedly found an integer"#]),
        (#"{"origin": {"x": 1}}"#, [#"root(MaybeShape) > "origin"(Point) > "y"(Int) : No value is present"#]),
    ])
    func swiftDecodableOptionalIsSilentWhenAbsentOrNullAndNeverFailsTheModel(json: String, errors: [String]) throws {
        struct MaybeShape: APIDecodable {
            let origin: Point?
            let succeeded: Bool
            init?(from decoder: APIDecoder) {
                origin = decoder["origin"].decodeOptional(swiftDecodable: Point.self)
                succeeded = decoder.succeeded
            }
        }
        let result = APIDataDecoder().decode(string: json, to: MaybeShape.self)
        let value = try #require(result.value)
        #expect(value.origin == nil)
        #expect(value.succeeded)
        #expect(result.errors.map(\.description) == errors)
    }

    @Test(arguments: [(#"{}"#, "No value is present"), (#"{"origin": null}"#, "Unexpectedly found null")])
    func swiftDecodableRequiredAbsentOrNullFailsTheModel(json: String, message: String) {
        let result = APIDataDecoder().decode(string: json, to: Shape.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(Shape) > \"origin\"(Point) : \(message)"])
    }

    /// `CodableRecovery.strict` (LastMile's behaviour): the thrown `DecodingError` itself, carrying the full
    /// coding path, recorded at the path that coding path names; the required value fails the enclosing model.
    @Test func strictSwiftDecodableFailureIsTheThrownDecodingError() throws {
        var options = APIDecodeOptions()
        options.codable.recovery = .strict
        let bad = APIDataDecoder(options: options).decode(string: #"{"origin": {"x": 1, "y": "2"}}"#, to: Shape.self)
        #expect(bad.value == nil)
        #expect(bad.errors.count == 1)
        let error = try #require(bad.errors.first)
        #expect(error.path.jsonPath == #"root["origin"]["y"]"#)
        #expect(error.description == #"root(Shape) > "origin"(Point) > "y" : Swift DecodingError: type mismatch for Int: Expected to decode Int but found a string instead."#)
        #expect(error.code == "swift_decoding_error")
        guard case .swiftDecodingError(.typeMismatch(_, let context)) = error.reason else {
            Issue.record("expected a type mismatch, got \(error.reason)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["origin", "y"])
    }

    @Test func outOfRangeIndicesAreAbsentAndCodingKeysIndexArrays() throws {
        struct Indices: APIDecodable {
            let facts: [String]
            init?(from decoder: APIDecoder) {
                let list = decoder["list"]
                facts = [
                    "\(list[-1].isPresent) \(list[Int.max].isPresent) \(list[Int.min].jsonElement.rawValue)",
                    "\(list[APICodingKey(intValue: 1) ?? 0] --> Int?.self ?? -1)",
                    "\(decoder[APICodingKey(stringValue: "list") ?? "x"][0] --> Int?.self ?? -1)",
                ]
                _ = list[-1] --> Int.self
            }
        }
        let result = APIDataDecoder().decode(string: #"{"list": [10, 20]}"#, to: Indices.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Indices) > "list" > [-1](Int) : No value is present"#])
        let kept = APIDataDecoder().decode(string: #"{"list": [10, 20]}"#, to: Indices.self).errors.map(\.path.jsonPath)
        #expect(kept == [#"root["list"][-1]"#])
    }

    @Test(arguments: [
        (#"{"id": null}"#, "(Tag id=null)"),
        (#"{"id": "a b"}"#, "(Tag id=a b)"),
        (#"{"id": true}"#, "(Tag id=true)"),
        (#"{"id": 1.50}"#, "(Tag id=1.50)"),
        (#"{"id": {"x": 1}}"#, "(Tag)"),
        (#"{"id": [1]}"#, "(Tag)"),
        (#"{}"#, "(Tag)"),
    ])
    func idTagShowsTheIdsValueWhenPresent(json: String, tag: String) throws {
        let result = APIDataDecoder().decode(string: json, to: Tag.self)
        let error = try #require(result.errors.first)
        #expect(error.path.taggedJSONPath == "root\(tag) > \"id\"(Int)")
    }

    // MARK: §5 built-in conformances

    @Test(arguments: [#"{"v": "true"}"#, #"{"v": 1}"#, #"{"v": 0}"#])
    func boolAcceptsOnlyJSONBooleans(json: String) {
        struct Flag: APIDecodable {
            let v: Bool
            init?(from decoder: APIDecoder) {
                guard let v = decoder["v"] --> Bool.self else { return nil }
                self.v = v
            }
        }
        let result = APIDataDecoder().decode(string: json, to: Flag.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.code == "type_mismatch")
    }

    @Test func integersExactAndTheirErrors() {
        #expect(APIDataDecoder().decode(string: "9223372036854775807", to: Int64.self).value == Int64.max)
        #expect(APIDataDecoder().decode(string: "-9223372036854775808", to: Int64.self).value == Int64.min)
        #expect(APIDataDecoder().decode(string: "18446744073709551615", to: UInt64.self).value == UInt64.max)
        #expect(APIDataDecoder().decode(string: "3.0", to: Int.self).value == 3)
        #expect(APIDataDecoder().decode(string: "3e2", to: Int.self).value == 300)
        let overflow = APIDataDecoder().decode(string: "9223372036854775808", to: Int64.self)
        #expect(overflow.errors.map(\.description) == ["root(Int64) : Value 9223372036854775808 does not fit in Int64"])
        #expect(overflow.errors.first?.reason == .numericOverflow(value: Decimal(string: "9223372036854775808") ?? 0, type: "Int64"))
        let negative = APIDataDecoder().decode(string: "-1", to: UInt.self)
        #expect(negative.errors.map(\.description) == ["root(UInt) : Value -1 does not fit in UInt"])
        let fraction = APIDataDecoder().decode(string: "3.5", to: Int.self)
        #expect(fraction.errors.map(\.description) == ["root(Int) : Type Int does not have precision to represent 3.5"])
        #expect(fraction.errors.first?.reason == .lossOfPrecision(value: Decimal(string: "3.5") ?? 0, type: "Int"))
    }

    @Test func floatOutOfRangeIsAnErrorNotInfinity() {
        let result = APIDataDecoder().decode(string: "1e39", to: Float.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.code == "numeric_overflow")
        #expect(APIDataDecoder().decode(string: "7", to: Float.self).value == 7)
        #expect(APIDataDecoder().decode(string: "7", to: Double.self).value == 7)
    }

    @Test func decimalComesFromTheText() {
        #expect(APIDataDecoder().decode(string: "0.1", to: Decimal.self).value == Decimal(string: "0.1"))
        #expect(APIDataDecoder().decode(string: "12345678901234567890.123", to: Decimal.self).value == Decimal(string: "12345678901234567890.123"))
    }

    @Test func arrayOfModelsDropsNonObjectElementAtItsIndex() {
        let result = APIDataDecoder().decode(string: #"[{"id": 1}, true, {"id": "x"}, {"id": 4}]"#, to: [Tag].self)
        #expect(result.value == [Tag(id: 1), Tag(id: 4)])
        #expect(result.errors.map(\.description) == [
            "root(Array<Tag>) > [1](Tag) : Unexpectedly found a boolean",
            #"root(Array<Tag>) > [2](Tag id=x) > "id"(Int) : Unexpectedly found a string"#,
        ])
        #expect(result.errors.map(\.path.jsonPath) == ["root[1]", #"root[2]["id"]"#])
    }

    @Test func dictionaryIsLossyInDocumentOrder() {
        let json = #"{"z": {"id": "a"}, "a": {"id": 2}, "m": 7, "b": {"id": 3}, "c": {}}"#
        let result = APIDataDecoder().decode(string: json, to: [String: Tag].self)
        #expect(result.value == ["a": Tag(id: 2), "b": Tag(id: 3)])
        #expect(result.errors.map(\.path.jsonPath) == [#"root["z"]["id"]"#, #"root["m"]"#, #"root["c"]["id"]"#])
        #expect(result.errors.map(\.reason) == [.unexpectedJSONType(actual: .string), .unexpectedJSONType(actual: .integer), .unexpectedJSONType(actual: .absent)])
    }

    @Test func nestedCollectionsTagEveryLevel() {
        let nested = APIDataDecoder().decode(string: #"[[1, "x"], 7, [3]]"#, to: [[Int]].self)
        #expect(nested.value == [[1], [3]])
        #expect(nested.errors.map(\.description) == [
            "root(Array<Array<Int>>) > [0](Array<Int>) > [1](Int) : Unexpectedly found a string",
            "root(Array<Array<Int>>) > [1](Array<Int>) : Unexpectedly found an integer",
        ])
        let mixed = APIDataDecoder().decode(string: #"{"a": [1, null], "b": {"c": 2}}"#, to: [String: [Int?]].self)
        #expect(mixed.value == ["a": [1, nil]])
        #expect(mixed.errors.map(\.description) == [#"root(Dictionary<String, Array<Optional<Int>>>) > "b"(Array<Optional<Int>>) : Unexpectedly found an object"#])
    }

    @Test func optionalAtTheRoot() throws {
        let null = APIDataDecoder().decode(string: "null", to: Int?.self)
        let value = try #require(null.value)
        #expect(value == nil)
        #expect(null.errors.isEmpty)
        let wrong = APIDataDecoder().decode(string: #""7""#, to: Int?.self)
        #expect(wrong.errors.map(\.description) == ["root(Int) : Unexpectedly found a string"])
    }

    @Test func setIsLossy() {
        let result = APIDataDecoder().decode(string: #"[1, "2", 3, 1]"#, to: Set<Int>.self)
        #expect(result.value == [1, 3])
        #expect(result.errors.map(\.description) == ["root(Set<Int>) > [1](Int) : Unexpectedly found a string"])
    }

    @Test func unknownRawValueNamesValueAndTypeAndOptionalEnumNeverFailsTheParent() throws {
        let result = APIDataDecoder().decode(string: #"{"color": "blue", "name": "n"}"#, to: Paint.self)
        let paint = try #require(result.value)
        #expect(paint.color == nil)
        #expect(result.errors.map(\.description) == [#"root(Paint) > "color"(Color) : Raw value of "blue" for type Color not defined"#])
        #expect(result.errors.first?.reason == .unexpectedRawValue(value: "blue", type: "Color"))
        let wrongType = APIDataDecoder().decode(string: #"{"color": 3, "name": "n"}"#, to: Paint.self)
        #expect(wrongType.value != nil)
        #expect(wrongType.errors.map(\.description) == [#"root(Paint) > "color"(Color) : Unexpectedly found an integer"#])
    }

    @Test func countLimitedEveryForm() {
        struct Pair: APIDecodable {
            let xs: [Int]?
            let ys: [Int]?
            init?(from decoder: APIDecoder) {
                xs = decoder["xs"] --> CountLimited<[Int]>(exactly: 2)
                ys = decoder["ys"] --> CountLimited<[Int]?>(min: 1, max: 2, isMandatory: true)
            }
        }
        let result = APIDataDecoder().decode(string: #"{"xs": [1, "a", 3, 4], "ys": [1, 2, 3]}"#, to: Pair.self)
        #expect(result.value?.xs == [1, 3, 4])
        #expect(result.value?.ys == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Pair) > "xs"(Array<Int>) > [1](Int) : Unexpectedly found a string"#,
            #"root(Pair) > "xs"(Array<Int>) : Count not exact: expected 2, actual 3"#,
            #"root(Pair) > "ys"(Array<Int>) : Count above max: max 2, actual 3"#,
        ])
        #expect(result.errors.map(\.reason) == [
            .unexpectedJSONType(actual: .string),
            .countNotExact(expected: 2, actual: 3),
            .countAboveMaximum(maximum: 2, actual: 3),
        ])
        let below = APIDataDecoder().decode(string: #"{"xs": [1, 2], "ys": []}"#, to: Pair.self)
        #expect(below.errors.map(\.reason) == [.countBelowMinimum(minimum: 1, actual: 0)])
    }

    @Test func countLimitedMinOnlyAndMaxOnlyKeepTheValueWhenNotMandatory() {
        struct Bounds: APIDecodable {
            let a: [Int]
            let b: [Int]?
            init?(from decoder: APIDecoder) {
                let a = decoder["a"] --> CountLimited<[Int]>(min: 2)
                b = decoder["b"] --> CountLimited<[Int]?>(max: 1)
                guard decoder.succeeded else { return nil }
                self.a = a!
            }
        }
        let result = APIDataDecoder().decode(string: #"{"a": [1], "b": [1, 2]}"#, to: Bounds.self)
        #expect(result.value?.a == [1])
        #expect(result.value?.b == [1, 2])
        #expect(result.errors.map(\.description) == [
            #"root(Bounds) > "a"(Array<Int>) : Count below min: min 2, actual 1"#,
            #"root(Bounds) > "b"(Array<Int>) : Count above max: max 1, actual 2"#,
        ])
        #expect(result.errors.map(\.severity) == [.info, .info])   // nothing lost (ErrorReporting: "a count outside the bounds that is not mandatory")
    }

    @Test func mandatoryCountViolationFailsARequiredValue() {
        struct Exact: APIDecodable {
            let xs: [Int]
            init?(from decoder: APIDecoder) {
                let xs = decoder["xs"] --> CountLimited<[Int]>(exactly: 2, isMandatory: true)
                guard decoder.succeeded else { return nil }
                self.xs = xs!
            }
        }
        let result = APIDataDecoder().decode(string: #"{"xs": [1]}"#, to: Exact.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Exact) > "xs"(Array<Int>) : Count not exact: expected 2, actual 1"#])
    }

    @Test func responseDataAlwaysSucceeds() throws {
        let result = APIDataDecoder().decode(data: Data("not json".utf8), to: ResponseData.self)
        #expect(try #require(result.value).data == Data("not json".utf8))
        #expect(result.errors.isEmpty)
    }

    @Test func jsonValueIsEquatableAndSendable() async throws {
        let value = try #require(APIDataDecoder().decode(string: #"{"a": [1, 2.5, "s", true, null]}"#, to: JSONValue.self).value)
        let copy = try #require(APIDataDecoder().decode(string: #"{"a":[1,2.5,"s",true,null]}"#, to: JSONValue.self).value)
        let fromTask = await Task { value }.value
        #expect(fromTask == copy)
    }

    // MARK: §6 errors

    @Test func errorIsErrorEquatableHashableSendableAndDescribable() {
        func conforms<T: Error & Equatable & Hashable & Sendable & CustomStringConvertible>(_: T.Type) -> Bool { true }
        #expect(conforms(APIDecodeError.self))
        let errors = APIDataDecoder().decode(string: personJSON, to: Person.self).errors
        #expect(Set(errors + errors).count == 1)
        // Equal errors hash alike, though the hand-built one has no location, type tags, id or severity.
        let handBuilt = APIDecodeError(path: ["root", "height"], reason: .unexpectedJSONType(actual: .string))
        #expect(errors == [handBuilt])
        #expect(Set(errors + [handBuilt]).count == 1)
        #expect(errors.first?.hashValue == handBuilt.hashValue)
        #expect(errors.first?.severity == .recovered)
        #expect(errors.first?.location == SourceLocation(offset: 130, line: 2, column: 64))
    }

    @Test func pathRenderings() {
        let path: [APICodingKey] = ["root", "contact_info", "phone_number"]
        #expect(path.jsonPath == #"root["contact_info"]["phone_number"]"#)
        #expect((["root", "items", 2] as [APICodingKey]).jsonPath == #"root["items"][2]"#)
        #expect((["root", "a/b", "m~n", 0] as [APICodingKey]).jsonPointer == "/a~1b/m~0n/0")
        #expect(path.jsonPointer == "/contact_info/phone_number")
    }

    @Test func passThroughStepsHaveNoTagAndEveryEnclosingIdIsShown() {
        struct Order: APIDecodable {
            static var idKey: String? { "order_id" }
            let tags: [Tag]
            init?(from decoder: APIDecoder) {
                let tags = decoder["meta"]["tags"] --> [Tag].self
                guard decoder.succeeded else { return nil }
                self.tags = tags!
            }
        }
        let result = APIDataDecoder().decode(string: #"{"order_id": 17, "meta": {"tags": [{"id": 9}, {"id": 1.5}]}}"#, to: Order.self)
        #expect(result.errors.map(\.path.taggedJSONPath) == [#"root(Order order_id=17) > "meta" > "tags"(Array<Tag>) > [1](Tag id=1.5) > "id"(Int)"#])
    }

    @Test func rootNameIsConfigurable() {
        var options = APIDecodeOptions()
        options.rootName = "response"
        let result = APIDataDecoder(options: options).decode(string: personJSON, to: Person.self)
        #expect(result.errors.map(\.description) == [#"response(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#])
        #expect(result.errors.map(\.path.jsonPath) == [#"response["height"]"#])
        let tree = APIJSONObjectDecoder(options: options).decode(jsonObject: ["person_id": 1] as [String: Any], to: Person.self)
        #expect(tree.errors.first?.path.jsonPath == #"response["first_name"]"#)
    }

    @Test func reasonsDescribeWithArticles() {
        let table: [(JSONElement, String)] = [
            (.object, "Unexpectedly found an object"), (.array, "Unexpectedly found an array"),
            (.integer, "Unexpectedly found an integer"), (.decimal, "Unexpectedly found a decimal"),
            (.boolean, "Unexpectedly found a boolean"), (.string, "Unexpectedly found a string"),
            (.null, "Unexpectedly found null"), (.absent, "No value is present"),
        ]
        for (element, message) in table {
            #expect(APIDecodeErrorReason.unexpectedJSONType(actual: element).description == message)
        }
        #expect(APIDecodeErrorReason.unexpectedJSONType(actual: .unknown).description == "Unexpectedly found an unknown value")
    }

    // MARK: §7 APIDataDecoder

    @Test(arguments: ["", "   ", "\n"])
    func emptyInputIsExactlyOneInvalidJSONError(text: String) throws {
        let result = APIDataDecoder().decode(string: text, to: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        let error = try #require(result.errors.first)
        guard case .invalidJSON(let syntax) = error.reason else {
            Issue.record("expected invalidJSON, got \(error.reason)")
            return
        }
        #expect(syntax.location.line >= 1)
        #expect(error.code == "invalid_json")
    }

    @Test func nilDataIsExactlyOneInvalidJSONError() throws {
        let result = APIDataDecoder().decode(data: nil, to: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        let error = try #require(result.errors.first)
        guard case .invalidJSON(let syntax) = error.reason else {
            Issue.record("expected invalidJSON, got \(error.reason)")
            return
        }
        #expect(syntax.location == SourceLocation(offset: 0, line: 1, column: 1))
    }

    @Test func invalidJSONHasLineAndColumn() throws {
        let result = APIDataDecoder().decode(string: "{\n  \"a\": 1,\n}", to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        let error = try #require(result.errors.first)
        guard case .invalidJSON(let syntax) = error.reason else {
            Issue.record("expected invalidJSON, got \(error.reason)")
            return
        }
        #expect(syntax.location.line == 3)
        #expect(syntax.location.column == 1)
        #expect(error.location == syntax.location)
    }

    /// "Invalid or empty JSON → value == nil and exactly one invalidJSON error", whatever the root type
    /// (`ResponseData`, the raw bytes, is the documented exception).
    @Test(arguments: ["", "{", "[1,]", "nul", "\u{FEFF}", "{\"a\": 1} x"])
    func invalidJSONAtEveryRootType(text: String) {
        func check<T: APIDecodable>(_ type: T.Type) -> String {
            let result = APIDataDecoder().decode(string: text, to: T.self)
            return "\(result.value == nil) \(result.errors.map(\.code))"
        }
        let outcomes = [check(Int?.self), check([Int].self), check([String: Int].self), check(JSONValue.self),
                        check(Set<String>.self), check(Tag.self), check([Tag?].self), check(Decimal.self)]
        #expect(outcomes == Array(repeating: #"true ["invalid_json"]"#, count: 8))
    }

    @Test func resultAndValuesAreSendable() async {
        func sendable<T: Sendable>(_: T.Type) -> Bool { true }
        #expect(sendable(APIDecodeResult<JSONValue>.self))
        #expect(sendable(APIDecodeOptions.self) && sendable(APIDataDecoder.self) && sendable(APIJSONObjectDecoder.self))
        #expect(sendable(APIDecodeErrorReason.self) && sendable(JSONElement.self) && sendable(APICodingKey.self))
        #expect(sendable(CountLimited<[Int]>.self) && sendable(ResponseData.self) && sendable(Salvage.SourceLocation.self))
        let result = APIDataDecoder().decode(string: "[1, 2]", to: [Int].self)
        let fromTask = await Task { result }.value
        #expect(fromTask.value == [1, 2])
    }

    /// A tree from `JSONSerialization` holds `NSNumber`s: booleans must stay booleans and numbers numbers.
    @Test func foundationTreeKeepsBooleansApartFromNumbers() throws {
        let text = #"{"t": true, "f": false, "one": 1, "zero": 0, "max": 18446744073709551615, "min": -9223372036854775808, "half": 0.5}"#
        let tree = try JSONSerialization.jsonObject(with: Data(text.utf8))
        struct Mixed: APIDecodable {
            let facts: [String]
            init?(from decoder: APIDecoder) {
                facts = [
                    "\((decoder["t"] --> Bool?.self) as Any) \((decoder["f"] --> Bool?.self) as Any)",
                    "\((decoder["one"] --> Int?.self) as Any) \((decoder["zero"] --> Int?.self) as Any)",
                    "\((decoder["max"] --> UInt64?.self) as Any) \((decoder["min"] --> Int64?.self) as Any) \((decoder["half"] --> Double?.self) as Any)",
                    "\((decoder["one"] --> Bool?.self) as Any) \((decoder["t"] --> Int?.self) as Any) \((decoder["zero"] --> Bool?.self) as Any)",
                ]
            }
        }
        let result = APIJSONObjectDecoder().decode(jsonObject: tree, to: Mixed.self)
        #expect(result.value?.facts == [
            "Optional(true) Optional(false)", "Optional(1) Optional(0)",
            "Optional(18446744073709551615) Optional(-9223372036854775808) Optional(0.5)", "nil nil nil",
        ])
        #expect(result.errors.map(\.description) == [
            #"root(Mixed) > "one"(Bool) : Unexpectedly found an integer"#,
            #"root(Mixed) > "t"(Int) : Unexpectedly found a boolean"#,
            #"root(Mixed) > "zero"(Bool) : Unexpectedly found an integer"#,
        ])
    }

    @Test func getThrowsAnErrorListingEveryProblem() {
        let result = APIDataDecoder().decode(string: #"{"person_id": "x", "height": "tall"}"#, to: Person.self)
        #expect(result.value == nil)
        do {
            _ = try result.get()
            Issue.record("get() should throw")
        } catch {
            #expect(error.errors == result.errors)
            #expect(error.errors.count == 4)
            for problem in result.errors {
                #expect("\(error)".contains(problem.description))
            }
        }
    }

    @Test func decodingOnManyTasksAtOnce() async {
        let decoder = APIDataDecoder()
        let descriptions = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { decoder.decode(string: personJSON, to: Person.self).errors.map(\.description) }
            }
            var all: [[String]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(descriptions.count == 8)
        #expect(Set(descriptions.map { $0.joined() }) == [#"root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#])
    }
}
