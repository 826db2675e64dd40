import Foundation

// Both `records(from:to:)` are inlinable: the per-record step is made here, in your module, specialized
// for your model (see `RecordAppending.swift`).
extension APIDataDecoder {
    /// Decodes the records of a file as it is read, in memory bounded by the largest record, not the file:
    /// NDJSON / JSON Lines (values one after another), or — when the file starts with `[` — the elements
    /// of one top-level array. Iterate the result with `for try await`; see ``APIRecordStream``.
    ///
    /// Records follow ``decodeRecords(data:to:)``'s rules (recovery after a broken record, byte order
    /// marks, CRLF) and each element of an array is a record of its own, with paths that start at the
    /// element (`root(Event event_id=7) > "time"(Date)`); `index` counts records in the stream (the index in the array while it is well-formed). After a
    /// broken element decoding goes on at the next line, as after a broken record; a missing `]` is one error at the end;
    /// arrays one after another continue; anything else after the array is one error and ends the stream.
    /// Locations are line, column and byte offset in the whole file.
    ///
    /// - Parameters:
    ///   - url: A file URL; the file is opened with `FileHandle` and read in 1 MiB chunks.
    ///   - maximumRecordSize: The most bytes one record may have (64 MiB by default, at most 1 GiB). A
    ///     longer one is one `invalidJSON` error (code `limit_exceeded`) at its start, and decoding goes
    ///     on at the next line. The window holds at most about twice this plus a chunk.
    ///   - progress: Called after every chunk read and once at the end, on the iterating task.
    ///
    /// ```swift
    /// for try await record in APIDataDecoder().records(from: exportURL, to: Event.self) {
    ///     if let event = record.result.value { handle(event) }
    /// }
    /// ```
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @inlinable
    public func records<T: APIDecodable>(from url: URL, to type: T.Type, maximumRecordSize: Int = 64 << 20,
                                         progress: ((APIRecordProgress) -> Void)? = nil) -> APIRecordStream<T> {
        APIRecordStream(options: options, maximumRecordSize: maximumRecordSize, chunkSize: 1 << 20, progress: progress,
                        appendRecord: { RecordAppending.append(to: &$0, index: $1, line: $2, context: $3) }) {
            RecordByteSource.file(url, chunkSize: 1 << 20)
        }
    }

    /// Decodes the records of any asynchronous sequence of bytes as they arrive — `URLSession`'s `bytes`,
    /// `FileHandle.bytes`, `URL.resourceBytes` (where Foundation has them) or your own — with the rules
    /// of the file variant, `records(from: URL, to:)`. An error the sequence throws is
    /// thrown by the iteration after every record decoded from the bytes before it.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: exportURL)
    /// for try await record in APIDataDecoder().records(from: bytes, to: Event.self) { … }
    /// ```
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @inlinable
    public func records<T: APIDecodable, Bytes: AsyncSequence>(from bytes: Bytes, to type: T.Type, maximumRecordSize: Int = 64 << 20,
                                                               progress: ((APIRecordProgress) -> Void)? = nil) -> APIRecordStream<T>
    where Bytes.Element == UInt8 {
        APIRecordStream(options: options, maximumRecordSize: maximumRecordSize, chunkSize: 64 << 10, progress: progress,
                        appendRecord: { RecordAppending.append(to: &$0, index: $1, line: $2, context: $3) }) {
            RecordByteSource.sequence(bytes)
        }
    }
}
