/// How far a streamed decode (`APIDataDecoder().records(from:to:)`) has come:
/// given to its `progress` closure after every chunk read and once at the end.
///
/// ```swift
/// let stream = APIDataDecoder().records(from: exportURL, to: Event.self) { progress in
///     print("\(progress.bytesRead) bytes, \(progress.records) records, \(progress.errors) errors")
/// }
/// ```
public struct APIRecordProgress: Sendable, Hashable {
    /// The bytes read from the source so far.
    public let bytesRead: Int
    /// The records decoded so far (records with a value and records that are only an error).
    public let records: Int
    /// The errors in those records so far (recorded ones and ones past `maximumRecordedErrors`).
    public let errors: Int
    /// Whether the source has ended: the last call of a decode.
    public let isFinished: Bool

    /// Creates a progress report from its parts.
    public init(bytesRead: Int, records: Int, errors: Int, isFinished: Bool) {
        self.bytesRead = bytesRead
        self.records = records
        self.errors = errors
        self.isFinished = isFinished
    }
}
