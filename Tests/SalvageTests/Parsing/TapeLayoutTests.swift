import Salvage
import Testing

/// The tape drawn at the top of `Tape.swift` and in Docs/Architecture.md is the tape the parser builds.
/// Rows: a scalar's text start and length; an open node's offset (kept by its close node), close node index and
/// count; a close node's container offset and the index of its open node.
@Test func tapeMatchesTheDocumentedDrawing() throws {
    let rows = try #require(SalvagePackageAccess.tapeRows(Array(#"{"id": 7, "tags": ["a", "b"], "ok": true}"#.utf8)))
    typealias Row = SalvagePackageAccess.TapeRow
    #expect(rows == [
        Row(kind: "object", start: 0, extent: 10, count: 3),
        Row(kind: "string", start: 2, extent: 2, count: nil),
        Row(kind: "number", start: 7, extent: 1, count: nil),
        Row(kind: "string", start: 11, extent: 4, count: nil),
        Row(kind: "array", start: 18, extent: 7, count: 2),
        Row(kind: "string", start: 20, extent: 1, count: nil),
        Row(kind: "string", start: 25, extent: 1, count: nil),
        Row(kind: "close", start: 18, extent: 4, count: nil),
        Row(kind: "string", start: 31, extent: 2, count: nil),
        Row(kind: "true", start: 36, extent: 4, count: nil),
        Row(kind: "close", start: 0, extent: 0, count: nil),
    ])
}
