import Foundation
import Salvage
import Testing

/// A large top-level `[T]` is decoded a batch of elements at a time (`ArrayBatchDecoding.swift`); its result must be
/// the whole document's decode in every observable: the value, every error (severity, code, tagged path with ids,
/// value, note, line, column and offset, JSON Lines export), the summary and the unrecorded count. Each input is
/// decoded both ways with batches of 1 byte (one element each), 24 and 200 bytes and 1 MiB (one batch), and the
/// table says whether the batches must have given the result or the decode must have fallen back to the whole
/// document (invalid input, options that need it, a result the batches cannot promise).
struct ArrayBatchParityTests {
    private struct Item: APIDecodable, CustomStringConvertible {
        static var idKey: String? { "id" }
        let id: Int
        let name: String
        let price: Double?
        let tags: [String]
        init?(from decoder: APIDecoder) {
            guard let (id, name, price, tags) = decoder.all(
                decoder["id"] --> Int.self,
                decoder["name"] --> String.self,
                .some(decoder["price"] --> Double?.self),
                .some(decoder["tags"] --> [String]?.self)
            ) else { return nil }
            (self.id, self.name, self.price, self.tags) = (id, name, price, tags ?? [])
        }
        var description: String { "\(id) \(name) \(price.map { "\($0)" } ?? "-") \(tags)" }
    }

    /// Reads `a` as required when `strict` says so: an element that fails at the same place as an earlier
    /// element's recovered error (the case `guardEarlierErrors` exists for).
    private struct Switch: APIDecodable, CustomStringConvertible {
        let a: Int?
        init?(from decoder: APIDecoder) {
            let strict = decoder["strict"] --> Bool?.self ?? false
            if strict {
                guard let a = decoder["a"] --> Int.self else { return nil }
                self.a = a
            } else {
                a = decoder["a"] --> Int?.self
            }
        }
        var description: String { "\(a.map { "\($0)" } ?? "-")" }
    }

    /// Keeps its decoder; read again after the decode, it finds nothing on both paths.
    private struct Keeper: APIDecodable, CustomStringConvertible {
        let decoder: APIDecoder
        let name: String?
        init?(from decoder: APIDecoder) {
            self.decoder = decoder
            name = decoder["name"] --> String?.self
        }
        var description: String { "\(name ?? "-") later: \((decoder["name"] --> String?.self) ?? "-")" }
    }

    private struct Point: Decodable {
        let x: Int
    }

    /// A model with a Swift `Decodable` member, decoded through the Codable bridge.
    private struct Holder: APIDecodable, CustomStringConvertible {
        let point: Point?
        init?(from decoder: APIDecoder) {
            point = decoder["point"].decodeOptional(swiftDecodable: Point.self)
        }
        var description: String { point.map { "x=\($0.x)" } ?? "-" }
    }

    /// A Swift `Decodable` that keeps its `Decoder` (which holds the decode's context).
    private struct KeepingPoint: Decodable {
        let decoder: any Decoder
        init(from decoder: any Decoder) throws { self.decoder = decoder }
    }

    private struct KeepingHolder: APIDecodable, CustomStringConvertible {
        let point: KeepingPoint?
        init?(from decoder: APIDecoder) {
            point = decoder["point"].decodeOptional(swiftDecodable: KeepingPoint.self)
        }
        var description: String { point == nil ? "-" : "kept" }
    }

    enum Root: Sendable {
        case items, itemLists, ints, optionalInts, nestedInts, strings, switches, keepers, holders, keepingHolders
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let root: Root
        /// Whether the batches give the result (false: the whole document's decode does).
        let batched: Bool
        var options = APIDecodeOptions()
        /// For batches this small or smaller, the result needs the whole document (nil: never).
        var wholeBelow: Int? = nil
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "clean items", json: #"[{"id":1,"name":"a","price":1.5,"tags":["x"]},{"id":2,"name":"b"}]"#, root: .items, batched: true),
        Case(name: "bad fields, nulls, wrong types", json: """
            [{"id":1,"name":"a","price":"cheap"},
             null,
             {"id":"x","name":5},
             7,
             {"id":4,"name":"d","tags":["ok",3,null]},
             {"id":5}]
            """, root: .items, batched: true),
        Case(name: "duplicate ids", json: #"[{"id":1,"name":"a","price":"x"},{"id":1,"name":"b","price":"y"},{"id":1}]"#, root: .items, batched: true),
        Case(name: "strings holding brackets, commas, quotes", json: #"[{"id":1,"name":"],[{\"\\","price":"\"]"},{"id":2,"name":",,]]}}","tags":["[",",",5]}]"#,
             root: .items, batched: true),
        Case(name: "a guessed cut inside a string", json: #"[{"id":1,"name":"a},{b"},{"id":2,"name":" } , [ "},{"id":3,"name":"},{"}]"#,
             root: .items, batched: true),
        Case(name: "guessed cuts inside elements", json: """
            [[{"id":1,"name":"a"},{"id":2,"name":3}],[{"id":3,"name":"c"} , {"id":4}],[],
             [{"id":5,"name":"e"}],[{"id":"6","name":"f"},{"id":7,"name":"g"}]]
            """, root: .itemLists, batched: true),
        Case(name: "non-ASCII text before errors, CRLF lines", json: "[{\"id\":1,\"name\":\"é😀\",\"price\":\"ü\"},\r\n {\"id\":2,\"name\":\"日本\"},\r\n\t{\"id\":3,\"name\":[]}]",
             root: .items, batched: true),
        Case(name: "byte order mark and whitespace around", json: "\u{FEFF}  \n [ {\"id\":1,\"name\":2} , {\"id\":2,\"name\":\"b\"} ] \n\t",
             root: .items, batched: true),
        Case(name: "errors past maximumRecordedErrors", json: "[" + (1...12).map { #"{"id":\#($0),"name":\#($0)}"# }.joined(separator: ",") + "]",
             root: .items, batched: true, options: { var options = APIDecodeOptions(); options.maximumRecordedErrors = 5; return options }()),
        Case(name: "rootName", json: #"[{"id":1,"name":2}]"#, root: .items, batched: true,
             options: { var options = APIDecodeOptions(); options.rootName = "response"; return options }()),
        Case(name: "integers, one bad", json: "[1, 2, \"3\", 4.5, null, 300000000000000000000]", root: .ints, batched: true),
        Case(name: "integers, all good", json: "[1,2,3,4,5,6,7,8,9,10]", root: .ints, batched: true),
        Case(name: "optional integers keep nulls", json: "[1, null, \"x\", 4]", root: .optionalInts, batched: true),
        Case(name: "nested arrays", json: "[[1,2],[],[3,\"x\"],7,[[4]]]", root: .nestedInts, batched: true),
        Case(name: "strings", json: #"["a", 1, "b\u00e9", true, "c"]"#, root: .strings, batched: true),
        Case(name: "depth at the limit", json: "[[1],[[2]],[3]]", root: .nestedInts, batched: true,
             options: { var options = APIDecodeOptions(); options.maximumDepth = 3; return options }()),
        Case(name: "depth over the limit", json: "[[1],[[[2]]],[3]]", root: .nestedInts, batched: false,
             options: { var options = APIDecodeOptions(); options.maximumDepth = 3; return options }()),
        Case(name: "string over maximumStringLength", json: #"[{"id":1,"name":"short"},{"id":2,"name":"much too long"}]"#, root: .items, batched: false,
             options: { var options = APIDecodeOptions(); options.maximumStringLength = 8; return options }()),
        Case(name: "input over maximumInputSize", json: #"[{"id":1,"name":"a"},{"id":2,"name":"b"}]"#, root: .items, batched: false,
             options: { var options = APIDecodeOptions(); options.maximumInputSize = 20; return options }()),
        Case(name: "unknown keys reported", json: #"[{"id":1,"name":"a","extra":1},{"id":2,"name":"b","extra":2}]"#, root: .items, batched: false,
             options: { var options = APIDecodeOptions(); options.reportsUnknownKeys = true; return options }()),
        Case(name: "redacted keys", json: #"[{"id":1,"name":2},{"id":2,"name":"b"}]"#, root: .items, batched: false,
             options: { var options = APIDecodeOptions(); options.redactedKeys = ["name"]; return options }()),
        Case(name: "syntax error at the start", json: #"[{"id":1,"name":"a"]"#, root: .items, batched: false),
        Case(name: "syntax error in the middle", json: #"[{"id":1,"name":"a"},{"id":2 "name":"b"},{"id":3,"name":"c"}]"#, root: .items, batched: false),
        Case(name: "syntax error at the end", json: #"[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"name":tru}]"#, root: .items, batched: false),
        Case(name: "truncated", json: #"[{"id":1,"name":"a"},{"id":2,"na"#, root: .items, batched: false),
        Case(name: "unclosed array", json: "[1,2,3", root: .ints, batched: false),
        Case(name: "trailing comma", json: "[1,2,]", root: .ints, batched: false),
        Case(name: "two commas", json: "[1,,2]", root: .ints, batched: false),
        Case(name: "leading comma", json: "[,1]", root: .ints, batched: false),
        Case(name: "trailing garbage", json: "[1,2] x", root: .ints, batched: false),
        Case(name: "one bracket too many", json: "[1,2]]", root: .ints, batched: false),
        Case(name: "one bracket too many after objects", json: #"[{"id":1,"name":"a"},{"id":2,"name":"b"}] ]"#, root: .items, batched: false),
        Case(name: "concatenated documents", json: "[1,2][3]", root: .ints, batched: false),
        Case(name: "unbalanced brackets in an element", json: "[1,{\"a\":[}],2]", root: .ints, batched: false),
        Case(name: "raw line break in a string", json: "[\"a\nb\",\"c\"]", root: .strings, batched: false),
        Case(name: "empty array", json: "[ ]", root: .items, batched: false),
        Case(name: "object at the root", json: #"{"id":1}"#, root: .items, batched: false),
        Case(name: "empty input", json: "", root: .items, batched: false),
        Case(name: "recovered error, then a failure at the same place of the next element", json: """
            [{"a":"x","strict":false},{"a":"y","strict":true},{"a":3}]
            """, root: .switches, batched: true, wholeBelow: 24),
        Case(name: "decoders kept by the models", json: #"[{"name":"a"},{"name":5},{"name":"c"}]"#, root: .keepers, batched: true),
        Case(name: "Codable members", json: #"[{"point":{"x":1}},{"point":{"x":"no"}},{"point":{"x":3}}]"#, root: .holders, batched: true),
        Case(name: "Codable members keeping their Decoder", json: #"[{"point":{"x":1}},{"point":5},{"point":{"x":3}}]"#, root: .keepingHolders, batched: false),
    ]

    static let batchSizes = [1, 24, 200, 1 << 20]

    @Test(arguments: cases, batchSizes)
    func batchesGiveTheWholeDocumentsResult(_ testCase: Case, batchBytes: Int) {
        let bytes = Array(testCase.json.utf8)
        let (whole, batched, usedBatches) = Self.decode(bytes, as: testCase.root, options: testCase.options, batchBytes: batchBytes)
        #expect(batched == whole)
        let expectsBatches = testCase.batched && batchBytes > (testCase.wholeBelow ?? 0)
        #expect(usedBatches == expectsBatches)
    }

    /// 400 generated items with bad fields, nulls, wrong types, repeated ids and nested tags, at random, spread
    /// over lines; decoded in batches of every size from one element to all of them.
    @Test(arguments: [1, 7, 64, 300, 2_000, 20_000])
    func generatedItemsDecodeTheSameInBatchesOfAnySize(batchBytes: Int) {
        var random = SplitMix64(seed: 17)
        var elements: [String] = []
        for index in 0..<400 {
            let id = random.chance(0.1) ? "\"\(index)\"" : "\(random.chance(0.05) ? 7 : index)"
            let name = random.chance(0.1) ? "\(index)" : "\"n\(index)\(random.chance(0.2) ? "é" : "")\""
            let price = random.chance(0.1) ? "\"\(index)\"" : random.chance(0.2) ? "null" : "\(index).5"
            let tags = random.chance(0.3) ? #"["a",\#(index),null]"# : #"["b"]"#
            switch random.below(20) {
            case 0: elements.append("null")
            case 1: elements.append("\(index)")
            case 2: elements.append(#"{"name":\#(name)}"#)
            default: elements.append(#"{"id":\#(id),"name":\#(name),"price":\#(price),"tags":\#(tags)}"#)
            }
        }
        var json = "["
        for (index, element) in elements.enumerated() {
            json += (index == 0 ? "" : random.chance(0.3) ? ",\n  " : ",") + element
        }
        json += "\n]"
        let (whole, batched, usedBatches) = Self.decode(Array(json.utf8), as: .items, options: APIDecodeOptions(), batchBytes: batchBytes)
        #expect(whole.count > 400)
        #expect(batched == whole)
        #expect(usedBatches)
    }

    /// The public entry points go in batches only from `ArrayBatching.standard.threshold` (8 MiB): a small array
    /// decodes as before, through the whole document.
    @Test func smallInputsDecodeThroughTheWholeDocument() {
        let json = #"[{"id":1,"name":2},{"id":2,"name":"b"}]"#
        let result = APIDataDecoder().decode(string: json, to: [Item].self)
        #expect(Self.fingerprint(result) == Self.fingerprint(SalvagePackageAccess.decodeWhole(Array(json.utf8), to: [Item].self)))
        #expect(result.errors.map(\.description) == [#"root(Array<Item>) > [0](Item id=1) > "name"(String) : Unexpectedly found an integer"#])
    }

    /// Where `LooksBack` keeps the first element's decoder (one per test run: `userInfo` carries it).
    private final class Keepings: @unchecked Sendable {
        var decoder: APIDecoder?
    }

    /// Keeps the first element's decoder and reads the kept decoder's `name` in every later element.
    private struct LooksBack: APIDecodable, CustomStringConvertible {
        static let key = CodingUserInfoKey(rawValue: "keepings")!
        let name: String?
        let keptName: String?
        init?(from decoder: APIDecoder) {
            guard let keepings = decoder.userInfo[Self.key] as? Keepings else { return nil }
            name = decoder["name"] --> String?.self
            keptName = keepings.decoder.flatMap { $0["name"] --> String?.self }
            if keepings.decoder == nil { keepings.decoder = decoder }
        }
        var description: String { "\(name ?? "-") kept: \(keptName ?? "-")" }
    }

    /// The one known difference (see `ArrayBatchDecoding.swift`): a decoder a model keeps finds no value once a
    /// later batch decodes, where the whole document's decode still reads it; within one batch it reads it.
    @Test(arguments: [(1, ["a kept: -", "b kept: -", "c kept: -"]), (1 << 20, ["a kept: -", "b kept: a", "c kept: a"])])
    func aDecoderKeptByAModelFindsNothingInLaterBatches(batchBytes: Int, expected: [String]) throws {
        let bytes = Array(#"[{"name":"a"},{"name":"b"},{"name":"c"}]"#.utf8)
        func options() -> APIDecodeOptions {
            var options = APIDecodeOptions()
            options.userInfo[LooksBack.key] = Keepings()
            return options
        }
        let whole = SalvagePackageAccess.decodeWhole(bytes, to: [LooksBack].self, options: options())
        let (batched, usedBatches) = SalvagePackageAccess.decodeInBatches(bytes, to: [LooksBack].self, options: options(), batchBytes: batchBytes)
        #expect(usedBatches)
        #expect(try #require(whole.value).map(\.description) == ["a kept: -", "b kept: a", "c kept: a"])
        #expect(try #require(batched.value).map(\.description) == expected)
        #expect(batched.errors.isEmpty && whole.errors.isEmpty)
    }

    /// The whole document's and the batched decode's fingerprints, and whether the batches gave the result.
    private static func decode(_ bytes: [UInt8], as root: Root, options: APIDecodeOptions, batchBytes: Int) -> ([String], [String], Bool) {
        func run<T: APIDecodable>(_ type: T.Type) -> ([String], [String], Bool) {
            let whole = SalvagePackageAccess.decodeWhole(bytes, to: T.self, options: options)
            let (batched, usedBatches) = SalvagePackageAccess.decodeInBatches(bytes, to: T.self, options: options, batchBytes: batchBytes)
            return (fingerprint(whole), fingerprint(batched), usedBatches)
        }
        switch root {
        case .items: return run([Item].self)
        case .itemLists: return run([[Item]].self)
        case .ints: return run([Int].self)
        case .optionalInts: return run([Int?].self)
        case .nestedInts: return run([[Int]].self)
        case .strings: return run([String].self)
        case .switches: return run([Switch].self)
        case .keepers: return run([Keeper].self)
        case .holders: return run([Holder].self)
        case .keepingHolders: return run([KeepingHolder].self)
        }
    }

    /// Everything a result shows, one line per fact.
    private static func fingerprint<T>(_ result: APIDecodeResult<T>) -> [String] {
        var lines = ["value: " + (result.value.map { "\($0)" } ?? "nil"), "unrecorded: \(result.unrecordedErrorCount)"]
        for error in result.errors {
            let location = error.location.map { "\($0.line):\($0.column) (\($0.offset))" } ?? "-"
            lines.append("\(error.severity) \(error.code) \(error) @ \(location) value: \(error.value ?? "-") note: \(error.note ?? "-")")
            lines.append(error.jsonLine)
        }
        lines.append(result.summary.description)
        return lines
    }

    /// The room reserved for the rest of the array is estimated from the elements kept, and never more than the
    /// rest of the input can hold: a first batch of dropped elements followed by one large element reserves
    /// little (it reserved about 540,000 elements when dropped elements counted).
    @Test func theReservedRoomComesFromKeptElements() throws {
        let head = String(repeating: "0,", count: 64)
        let bytes = Array(("[" + head + "\"" + String(repeating: "x", count: 1 << 20) + "\"]").utf8)
        let (result, batched) = SalvagePackageAccess.decodeInBatches(bytes, to: [String].self, batchBytes: 64)
        #expect(batched)
        let value = try #require(result.value)
        #expect(value.count == 1 && value[0].utf8.count == 1 << 20)
        #expect(value.capacity < 1_000)
        #expect(result.errors.count == 64)
        #expect(SalvagePackageAccess.decodeWhole(bytes, to: [String].self).errors.map(\.description) == result.errors.map(\.description))
    }
}
