import Foundation
import Salvage
import Testing

// Issue #2 §2/§7: `decode(data:)` takes any `Data`, and a `Data` cut from a larger one (a response body
// sliced out of a buffer) has indices that do not start at 0. Offsets, lines and columns count from the
// slice's first byte; `ResponseData` holds the slice's bytes.

@Suite("Issue #2 Data slices")
struct Issue2DataSliceTests {
    private static let buffer = Data(#"GARBAGE{"person_id": 1, "height": "tall"}TRAILER"#.utf8)
    private static var slice: Data { buffer[7..<(buffer.count - 7)] }

    private struct Height: APIDecodable {
        static var idKey: String? { "person_id" }
        let height: Double?
        init?(from decoder: APIDecoder) { height = decoder["height"] --> Double?.self }
    }

    @Test func aSliceDecodesWithOffsetsFromItsFirstByte() throws {
        #expect(Self.slice.startIndex == 7)
        let result = APIDataDecoder().decode(data: Self.slice, to: Height.self)
        #expect(result.value != nil)
        #expect(result.errors.map(\.description) == [#"root(Height person_id=1) > "height"(Double) : Unexpectedly found a string"#])
        #expect(result.errors.first?.location == SourceLocation(offset: 27, line: 1, column: 28))
    }

    @Test func anInvalidSliceIsLocatedInTheSlice() throws {
        let buffer = Data("xx[1,]yy".utf8)
        let result = APIDataDecoder().decode(data: buffer[2..<6], to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.location == SourceLocation(offset: 3, line: 1, column: 4))
    }

    @Test func responseDataOfASliceIsTheSlicesBytes() throws {
        let result = APIDataDecoder().decode(data: Self.slice, to: ResponseData.self)
        #expect(try #require(result.value).data == Data(#"{"person_id": 1, "height": "tall"}"#.utf8))
    }

    @Test func aSliceThroughTheCodableAndRecordPaths() throws {
        struct Plain: Decodable { let person_id: Int }
        let codable = APIDataDecoder().decode(data: Self.slice, toDecodable: Plain.self)
        #expect(codable.value?.person_id == 1)
        let lines = Data("skip\n{\"height\": 1}\n{\"height\": \"x\"}\n".utf8)
        let records = APIDataDecoder().decodeRecords(data: lines[5...], to: Height.self)
        #expect(records.map(\.line) == [1, 2])
        #expect(records.map { $0.result.value?.height } == [1, nil])
        #expect(records.flatMap(\.result.errors).map(\.location) == [SourceLocation(offset: 25, line: 2, column: 12)])
    }
}
