import Foundation
@testable import Salvage
import Testing

/// The records of a stream share one ledger and context slot, handed from each record's context to the next
/// one's when nothing else holds it (`RecordStreamEngine.context(for:from:)`, `DecodingContext.successor`):
/// every record must still decode as if alone, and what one record's decode kept must never see a later record.
struct StreamedContextReuseTests {
    /// What the models of one run keep from a record (passed through `userInfo`, so parallel runs stay apart).
    final class Keepings: @unchecked Sendable {
        var decoder: APIDecoder?
        var swiftDecoder: (any Decoder)?
    }

    static let keepingsKey = CodingUserInfoKey(rawValue: "keepings")!

    static func options(_ keepings: Keepings) -> APIDecodeOptions {
        var options = APIDecodeOptions()
        options.userInfo[keepingsKey] = keepings
        return options
    }

    /// Keeps the decoder of the first record; every later record reads and records through it.
    struct LooksBack: APIDecodable, CustomStringConvertible {
        let id: Int
        let keptSawName: Bool
        let keptName: String?

        init?(from decoder: APIDecoder) {
            guard let id = decoder["id"] --> Int.self, let keepings = decoder.userInfo[keepingsKey] as? Keepings else { return nil }
            self.id = id
            if let kept = keepings.decoder {
                keptSawName = kept["name"].isPresent
                keptName = kept["name"] --> String?.self
                kept["name"].recordError(message: "from an earlier record")
                _ = kept["missing"] --> Int.self
            } else {
                keptSawName = false
                keptName = nil
                keepings.decoder = decoder
            }
            _ = decoder["name"] --> String?.self
        }

        var description: String { "\(id) \(keptSawName) \(keptName ?? "-")" }
    }

    static let looksBackInput = """
        {"id": 1, "name": "first"}
        {"id": 2, "name": 5}
        {"id": 3, "name": "third"}

        """

    static let looksBackExpected = [
        "#0 line 1: 1 false - []",
        #"#1 line 2: 2 false - ["root(LooksBack) > \"name\"(String) : Unexpectedly found an integer @ line 2, column 19 (byte 45)"]"#,
        "#2 line 3: 3 false - []",
    ]

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: [[1], [7], [1 << 16]])
    func aDecoderKeptFromAnEarlierRecordSeesNothingOfALaterOne(sizes: [Int]) async throws {
        let keepings = Keepings()
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(Self.looksBackInput.utf8), sizes: sizes)
        var lines: [String] = []
        for try await record in APIDataDecoder(options: Self.options(keepings)).records(from: bytes, to: LooksBack.self) {
            lines.append(StreamedRecordTests.rendered(record))
        }
        #expect(lines == Self.looksBackExpected)
    }

    @Test func aDecoderKeptFromAnEarlierRecordSeesNothingOfALaterOneInMemory() {
        let records = APIDataDecoder(options: Self.options(Keepings())).decodeRecords(string: Self.looksBackInput, to: LooksBack.self)
        #expect(records.map(StreamedRecordTests.rendered) == Self.looksBackExpected)
    }

    /// Keeps the Swift `Decoder` of the first record's `box`: it holds that record's decode context.
    struct Box: Decodable {
        init(from decoder: any Decoder) throws {
            let keepings = decoder.userInfo[keepingsKey] as? Keepings
            if keepings?.swiftDecoder == nil { keepings?.swiftDecoder = decoder }
        }
    }

    /// Decodes a `Salvaged` through the `Decoder` an earlier record kept.
    struct LooksBackThroughSwift: APIDecodable {
        let id: Int
        /// What decoding a `Salvaged` through the kept decoder gave: its value and errors, or what it threw.
        let throughKept: String?

        init?(from decoder: APIDecoder) {
            guard let id = decoder["id"] --> Int.self, let keepings = decoder.userInfo[keepingsKey] as? Keepings else { return nil }
            self.id = id
            let earlier = keepings.swiftDecoder
            _ = decoder["box"].decodeOptional(swiftDecodable: Box.self)
            throughKept = earlier.map { kept in
                do {
                    let salvaged = try Salvaged<[Int]>(from: kept)
                    return "\(salvaged.value) \(salvaged.errors)"
                } catch {
                    return "threw \(error)"
                }
            }
        }
    }

    @Test func aSwiftDecoderKeptFromAnEarlierRecordKeepsItsOwnEndedContext() throws {
        let input = "{\"id\": 1, \"box\": [1, \"x\", 3]}\n{\"id\": 2, \"box\": [4]}\n{\"id\": 3, \"box\": [5]}\n"
        let records = APIDataDecoder(options: Self.options(Keepings())).decodeRecords(string: input, to: LooksBackThroughSwift.self)
        try #require(records.count == 3)
        #expect(records[0].result.value?.throughKept == nil)
        #expect(records[0].result.errors == [])
        for record in records.dropFirst() {
            // The kept decoder's context ended with the first record: it decodes nothing (it throws before
            // reading the first record's freed input) and records nothing into this record.
            #expect(record.result.value?.throughKept == "threw DecodingError.dataCorrupted: Data was corrupted. Debug description: "
                + "This decoder was kept past the end of its decode; decode everything inside init(from:).")
            #expect(record.result.errors == [])
        }
    }

    /// Reported unknown keys, a cap on recorded errors and values in errors: each record as decoded alone.
    struct Person: APIDecodable {
        let id: Int
        let age: Int?
        init?(from decoder: APIDecoder) {
            guard let id = decoder["id"] --> Int.self else { return nil }
            self.id = id
            age = decoder["age"] --> Int?.self
            _ = decoder["tags"] --> [Int]?.self
        }
    }

    @Test func everyRecordDecodesAsIfAlone() {
        let lines = [
            #"{"id": 1, "age": "old", "tags": [1, "a", "b", "c"], "extra": 1}"#,
            #"{"id": 2, "extra": 2, "other": 3}"#,
            #"{"id": "x", "age": 4}"#,
            #"{"id": 4, "age": 40, "tags": [1, 2]}"#,
        ]
        var options = APIDecodeOptions()
        options.reportsUnknownKeys = true
        options.maximumRecordedErrors = 2
        let decoder = APIDataDecoder(options: options)
        let records = decoder.decodeRecords(string: lines.joined(separator: "\n"), to: Person.self)
        #expect(records.count == lines.count)
        for (record, line) in zip(records, lines) {
            let alone = decoder.decode(string: line, to: Person.self)
            #expect(record.result.value?.id == alone.value?.id)
            #expect(record.result.value?.age == alone.value?.age)
            #expect(record.result.unrecordedErrorCount == alone.unrecordedErrorCount)
            #expect(record.result.errors.map(Self.unlocated) == alone.errors.map(Self.unlocated))
            #expect(record.result.errors.map { $0.location?.line } == alone.errors.map { $0.location.map { _ in record.line } })
            #expect(record.result.errors.map { $0.location?.column } == alone.errors.map { $0.location?.column })
        }
        #expect(records.map(\.result.errors.count) == [2, 2, 2, 0])
        #expect(records.map(\.result.unrecordedErrorCount) == [3, 0, 0, 0])
    }

    static func unlocated(_ error: APIDecodeError) -> String {
        "\(error.path) \(error.reason) \(error.severity) \(error.value ?? "-")"
    }

    // MARK: - The context itself

    @Test func aSuccessorTakesTheNextGenerationOfItsPredecessorsSlot() {
        let bytes = Array(#"{"a": 1} {"a": 2}"#.utf8)
        ByteReader.withBytes(of: bytes) { (reader: ByteReader) -> Void in
            guard case .success(let first) = JSONDocument.parseValue(in: reader, from: 0, limits: ParseLimits()),
                  case .success(let second) = JSONDocument.parseValue(in: reader, from: 9, limits: ParseLimits()) else {
                Issue.record("the records do not parse")
                return
            }
            let context = DecodingContext(document: first.document, rootNode: 0, options: APIDecodeOptions(), rawInput: nil,
                                          reportsLocations: true, isReusable: true)
            // Not while its decode runs.
            let madeSuccessorUnended: Bool = context.successor(document: second.document, knownLocation: .start, offsetBase: 0) != nil
            #expect(!madeSuccessorUnended)
            context.begin()
            let kept = APIDecoder(context: context, frame: -1, node: 0, parent: -1, step: .root)
            #expect((kept["a"] --> Int?.self) == 1)
            context.end()
            guard let successor = context.successor(document: second.document, knownLocation: .start, offsetBase: 0) else {
                Issue.record("an ended reusable context has a successor")
                return
            }
            // Once only: the ledger and the slot are the successor's now.
            let madeSecondSuccessor: Bool = context.successor(document: second.document, knownLocation: .start, offsetBase: 0) != nil
            #expect(!madeSecondSuccessor)
            successor.begin()
            let next = APIDecoder(context: successor, frame: -1, node: 0, parent: -1, step: .root)
            #expect(successor.lease.handle.slot == context.lease.handle.slot)
            #expect(successor.lease.generation == context.lease.generation + 2)
            #expect(kept["a"].isPresent == false)
            #expect((next["a"] --> Int?.self) == 2)
            successor.end()
            // A context made without `isReusable` has no successor.
            let single = DecodingContext(document: first.document, rootNode: 0, options: APIDecodeOptions(), rawInput: nil, reportsLocations: true)
            single.begin()
            single.end()
            // A plain Bool: `#expect` on an optional class `== nil` took 100-113 ms to type-check under load.
            let madeSuccessor: Bool = single.successor(document: second.document, knownLocation: .start, offsetBase: 0) != nil
            #expect(!madeSuccessor)
        }
    }

    /// A record parsed into the last record's document (`RecordStreamEngine.parseRecord`) is decoded in that same
    /// context, restarted: the slot's next generation, so a decoder kept from the last record sees nothing.
    static func locatedDescription(_ error: APIDecodeError) -> String {
        "\(error) @ \(error.location.map(String.init(describing:)) ?? "-")"
    }

    static let restartedErrors: [String] = [
        #"root(Person) > "age"(Int) : Unexpectedly found a string @ line 1, column 28 (byte 127)"#,
        #"root(Person) > "extra" : Key "extra" of Person was never read (in 1 record) @ line 1, column 42 (byte 141)"#,
    ]

    @Test func aRestartedContextDecodesTheNextRecordInPlace() {
        let bytes = Array(#"{"id": 1} {"id": 2, "age": "x", "extra": 1}"#.utf8)
        var options = APIDecodeOptions()
        options.reportsUnknownKeys = true
        // Checked after the closure: inside it, this `#expect` took 100-140 ms to type-check.
        var described: [String] = []
        ByteReader.withBytes(of: bytes) { (reader: ByteReader) -> Void in
            guard case .success(let first) = JSONDocument.parseValue(in: reader, from: 0, limits: ParseLimits()) else {
                Issue.record("the record does not parse")
                return
            }
            let context = DecodingContext(document: first.document, rootNode: 0, options: options, rawInput: nil,
                                          reportsLocations: true, isReusable: true)
            // Not while its decode runs, and never for another window.
            #expect(!context.canRestart(reading: reader))
            var kept: APIDecoder?
            DecodeDriver.runRoot(in: context) { root in
                kept = root
                #expect((root["id"] --> Int?.self) == 1)
            }
            let generation = context.lease.generation
            #expect(context.canRestart(reading: reader))
            ByteReader.withBytes(of: Array(bytes.dropLast())) { #expect(!context.canRestart(reading: $0)) }
            guard case .success(let end) = first.document.tape.parseValue(in: reader, from: 10, limits: ParseLimits()) else {
                Issue.record("the next record does not parse")
                return
            }
            #expect(end == bytes.count)
            #expect(context.restart(knownLocation: SourceLocation(offset: 10, line: 1, column: 11), offsetBase: 100))
            #expect(context.lease.generation == generation + 2)
            var person: Person?
            DecodeDriver.runRoot(in: context) { root in
                #expect(kept?["id"].isPresent == false)
                person = root.decodeRequired(Person.self)
            }
            #expect(person?.id == 2)
            #expect(person?.age == nil)
            // The ledger was emptied, unknown keys are tracked on the new tape, and locations are in the whole stream.
            described = context.errors.map(Self.locatedDescription)
        }
        #expect(described == Self.restartedErrors)
    }

    @Test func anEndedRecordContextLocatesInTheWholeStream() {
        // A window starting at offset 100 of a stream, on line 5, column 3; its record starts at window index 4.
        let window = Array("x\n  {\"a\": 1}\n".utf8)
        ByteReader.withBytes(of: window) { reader in
            guard case .success(let parsed) = JSONDocument.parseValue(in: reader, from: 4, limits: ParseLimits()) else {
                Issue.record("the record does not parse")
                return
            }
            let context = DecodingContext(document: parsed.document, rootNode: 0, options: APIDecodeOptions(), rawInput: nil, reportsLocations: true,
                                          knownLocation: SourceLocation(offset: 4, line: 6, column: 3), offsetBase: 100)
            let expected = SourceLocation(offset: 110, line: 6, column: 9)
            context.begin()
            #expect(context.location(ofOffset: 10) == expected)
            context.end()
            #expect(context.location(ofOffset: 10) == expected)
        }
    }
}
