import Foundation

/// One record of a stream decoded by ``APIDataDecoder/decodeRecords(data:to:)``.
public struct APIDecodeRecord<Value> {
    /// The record's position in the stream, from 0.
    public let index: Int
    /// The line the record starts on, from 1 (locations in its errors count from the start of the stream).
    public let line: Int
    /// The record's value and errors.
    public let result: APIDecodeResult<Value>

    /// Always inlined: a stream builds one record per decoded value in unspecialized generic code, where an
    /// out-of-line call costs a metadata look-up and a copy of `result` (see `RecordStreamEngine.append`);
    /// inlinable for `RecordAppending`, which is specialized in your module.
    @inlinable @inline(__always)
    init(index: Int, line: Int, result: consuming APIDecodeResult<Value>) {
        self.index = index
        self.line = line
        self.result = result
    }
}

extension APIDecodeRecord: Sendable where Value: Sendable {}

// Both `decodeRecords` are inlinable, like `records(from:to:)`: the per-record step is made here, in your module,
// specialized for your model (see `RecordAppending.swift`).
extension APIDataDecoder {
    /// Decodes a stream of JSON values — JSON Lines / NDJSON, or values simply written one after the other
    /// — into one result per record. Every error's location is its line and column in the whole stream.
    ///
    /// Records are JSON values separated by whitespace. A record that parses is one record however many
    /// lines it spans (a pretty-printed value), and a line may hold several (`{"a":1}{"a":2}`). Blank lines
    /// yield nothing; a UTF-8 byte order mark at the start of a line is ignored (files concatenated). A
    /// record that is not valid JSON gets one `invalidJSON` error (located where the parser stopped) and
    /// costs only itself — it never swallows the lines after its first one:
    ///
    /// - Every later line that begins a complete value inside what the parser read of the broken record is
    ///   a record of its own: a truncated `{"n":1` line followed by `{"n":2}` yields an error, then `n = 2`.
    /// - Decoding goes on at the byte the parser stopped at when it begins a later line (that line is then
    ///   tried as a record), otherwise at the next line.
    /// - Directly after a broken record, lines that can only be the rest of a broken value — starting with
    ///   `}`, `]`, `,` or `:`, or with an object key (`"key":`) — are skipped as part of it. Anywhere else
    ///   such a line is an `invalidJSON` record of its own: an object key is never a record.
    ///
    /// Recovery reads each byte a bounded number of times, so any number of broken lines decodes in linear time.
    ///
    /// ```swift
    /// for record in APIDataDecoder().decodeRecords(data: ndjson, to: Event.self) {
    ///     if let event = record.result.value { handle(event) }
    ///     record.result.errors.forEach { log("record \(record.index): \($0)") }
    /// }
    /// ```
    @inlinable
    public func decodeRecords<T: APIDecodable>(data: Data, to type: T.Type) -> [APIDecodeRecord<T>] {
        DecodeDriver.decodeRecords(data: data, options: options) { RecordAppending.append(to: &$0, index: $1, line: $2, context: $3) }
    }

    /// Decodes a stream of JSON values from a string; see ``decodeRecords(data:to:)``.
    @inlinable
    public func decodeRecords<T: APIDecodable>(string: String, to type: T.Type) -> [APIDecodeRecord<T>] {
        DecodeDriver.decodeRecords(bytes: Array(string.utf8), options: options) { RecordAppending.append(to: &$0, index: $1, line: $2, context: $3) }
    }
}
