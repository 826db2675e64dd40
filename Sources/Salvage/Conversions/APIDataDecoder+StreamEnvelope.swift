import Foundation

// Streaming the records of an envelope object; here rather than in Decoding because the envelope's other
// members are handed over as a `JSONValue`, a type of this layer.
extension APIDataDecoder {
    /// Decodes, as they are read, the records of a file that is one envelope object whose member `member`
    /// is the array of records — `{"orders": [...], "next_cursor": "abc"}` — and hands the envelope's other
    /// members to `envelope` once the file has been read (before the iteration ends), as a
    /// ``JSONValue/object(_:)``. Elements are records as in `records(from:to:)`.
    ///
    /// A file that starts with `[` or is not an object is read as `records(from:to:)` reads it. The key is
    /// matched as written (without escapes). Each other member must fit in `maximumRecordSize`; a syntax
    /// error in the envelope outside the records' array is one error record and ends the stream (`envelope`
    /// still gets the members read before it). When reading throws or the task is cancelled, `envelope` is
    /// not called. An envelope without `member`, or whose `member` is not an array,
    /// gives one record with no value and the error an in-memory decode of `[T]` there records
    /// (`root > "orders"(Array<Order>) : No value is present`).
    ///
    /// ```swift
    /// var cursor: String?
    /// let stream = APIDataDecoder().records(from: pageURL, to: Order.self, at: "orders", envelope: { fields in
    ///     if case .string(let next)? = fields["next_cursor"] { cursor = next }
    /// })
    /// for try await record in stream { … }
    /// ```
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    public func records<T: APIDecodable>(from url: URL, to type: T.Type, at member: String, maximumRecordSize: Int = 64 << 20,
                                         progress: ((APIRecordProgress) -> Void)? = nil,
                                         envelope: @escaping (JSONValue) -> Void) -> APIRecordStream<T> {
        APIRecordStream(options: options, maximumRecordSize: maximumRecordSize, chunkSize: 1 << 20, progress: progress,
                        envelope: (member, receiver(envelope))) {
            RecordByteSource.file(url, chunkSize: 1 << 20)
        }
    }

    /// Decodes the records of an envelope object read from any asynchronous sequence of bytes; see the
    /// file variant, `records(from: URL, to:at:envelope:)`.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    public func records<T: APIDecodable, Bytes: AsyncSequence>(from bytes: Bytes, to type: T.Type, at member: String,
                                                               maximumRecordSize: Int = 64 << 20,
                                                               progress: ((APIRecordProgress) -> Void)? = nil,
                                                               envelope: @escaping (JSONValue) -> Void) -> APIRecordStream<T>
    where Bytes.Element == UInt8 {
        APIRecordStream(options: options, maximumRecordSize: maximumRecordSize, chunkSize: 64 << 10, progress: progress,
                        envelope: (member, receiver(envelope))) {
            RecordByteSource.sequence(bytes)
        }
    }

    /// Turns the envelope's JSON text (valid: every member was parsed) into the value `envelope` receives.
    /// The stream checked each member on its own, within the limits that apply to streams: the text is read
    /// without `maximumInputSize` (in-memory input only) and one level deeper (the `{` around the members),
    /// or a member the stream accepted made the closure get an empty object.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    private func receiver(_ envelope: @escaping (JSONValue) -> Void) -> ([UInt8]) -> Void {
        var options = options
        options.maximumInputSize = nil
        options.maximumDepth = Swift.max(0, Swift.min(options.maximumDepth, APIDecodeOptions.maximumDepthCeiling)) + 1
        let decoder = APIDataDecoder(options: options)
        return { text in envelope(decoder.decode(data: Data(text), to: JSONValue.self).value ?? .object([:])) }
    }
}
