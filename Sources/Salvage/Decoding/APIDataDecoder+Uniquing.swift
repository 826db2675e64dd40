import Foundation

/// A list endpoint whose pages repeat records: a root array decoded keeping one record per id.
extension APIDataDecoder {
    /// Decodes a root array of `E` keeping one record per id, as
    /// ``APIDecoder/decodeRequired(_:uniquingBy:keeping:maxDropped:maxDroppedFraction:)`` does for a member:
    /// each dropped duplicate is one `duplicate_record` error (severity `recovered`) at the dropped element,
    /// and the optional loss budget counts only elements that failed to decode.
    ///
    /// ```swift
    /// let result = APIDataDecoder().decode(data: data, to: [Event].self, uniquingBy: .idKey, keeping: .last)
    /// // [{"id": 1, …}, {"id": 1, …}] → the second event, and
    /// // root > [0](Event id=1) : Duplicate of the record at [1] (id=1); kept [1], dropped [0]
    /// ```
    public func decode<E: APIDecodable>(data: Data?, to type: [E].Type, uniquingBy identity: RecordIdentity<E>, keeping: RecordOccurrence = .first,
                                        maxDropped: Int? = nil, maxDroppedFraction: Double? = nil) -> APIDecodeResult<[E]> {
        DecodeDriver.decode(input: .data(data ?? Data()), to: [E].self, options: options) {
            $0.decodeRequired([E].self, uniquingBy: identity, keeping: keeping, maxDropped: maxDropped, maxDroppedFraction: maxDroppedFraction)
        }
    }

    /// Decodes a root array from a JSON string keeping one record per id; see
    /// ``decode(data:to:uniquingBy:keeping:maxDropped:maxDroppedFraction:)``.
    ///
    /// ```swift
    /// let result = APIDataDecoder().decode(string: #"[{"id": 1}, {"id": 1}]"#, to: [Event].self, uniquingBy: .idKey)
    /// ```
    public func decode<E: APIDecodable>(string: String, to type: [E].Type, uniquingBy identity: RecordIdentity<E>, keeping: RecordOccurrence = .first,
                                        maxDropped: Int? = nil, maxDroppedFraction: Double? = nil) -> APIDecodeResult<[E]> {
        DecodeDriver.decode(input: .array(Array(string.utf8)), to: [E].self, options: options) {
            $0.decodeRequired([E].self, uniquingBy: identity, keeping: keeping, maxDropped: maxDropped, maxDroppedFraction: maxDroppedFraction)
        }
    }
}
