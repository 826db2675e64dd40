import Foundation

/// What a decode produced: the value, if the top-level model could be built, and every problem met.
///
/// A value can come with errors: optional fields that were invalid and array elements that were dropped
/// are reported while the rest of the model survives.
///
/// ```swift
/// let result = APIDataDecoder().decode(data: data, to: Person.self)
/// for error in result.errors { print(error) }
/// let person = try result.get()   // throws when there is no value
/// ```
public struct APIDecodeResult<Value> {
    /// The decoded value, or nil when the top-level value could not be decoded.
    public let value: Value?
    /// Every problem met, in the order met (document order within collections, and within models that
    /// read their fields in order).
    public let errors: [APIDecodeError]

    /// Errors met but not recorded because of ``APIDecodeOptions/maximumRecordedErrors``.
    public let unrecordedErrorCount: Int

    // Always inlined: every decode ends here, and in unspecialized generic code (a stream's records) an
    // out-of-line call costs a metadata look-up per result (see `RecordStreamEngine.append`).
    /// Creates a result from its parts.
    @inline(__always)
    public init(value: Value?, errors: [APIDecodeError], unrecordedErrorCount: Int = 0) {
        self.value = value
        self.errors = errors
        self.unrecordedErrorCount = unrecordedErrorCount
    }

    /// The value, or an ``APIDecodeFailure`` listing all errors when there is none.
    public func get() throws(APIDecodeFailure) -> Value {
        guard let value else { throw APIDecodeFailure(errors: errors, unrecordedErrorCount: unrecordedErrorCount) }
        return value
    }

    /// Whether a value was decoded and no problem at all was met.
    public var isClean: Bool { value != nil && errors.isEmpty && unrecordedErrorCount == 0 }

    /// Strict mode, for tests and internal APIs: the value only when nothing was lost — no `failure` and no
    /// `recovered` error (and, unless `allowingInfo`, no `info` entry either); otherwise throws an
    /// ``APIDecodeFailure`` listing every problem.
    ///
    /// ```swift
    /// let config = try APIDataDecoder().decode(data: data, to: Config.self).strictValue()
    /// ```
    public func strictValue(allowingInfo: Bool = true) throws(APIDecodeFailure) -> Value {
        let problems = errors.filter { !allowingInfo || $0.severity > .info }
        guard let value, problems.isEmpty, unrecordedErrorCount == 0 else {
            throw APIDecodeFailure(errors: errors, unrecordedErrorCount: unrecordedErrorCount)
        }
        return value
    }
}

extension APIDecodeResult: Sendable where Value: Sendable {}

/// Thrown by ``APIDecodeResult/get()`` when no value could be decoded; lists every problem met.
public struct APIDecodeFailure: LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// Every problem met, in the order met.
    public let errors: [APIDecodeError]

    /// Problems met but not recorded because of ``APIDecodeOptions/maximumRecordedErrors`` (the result's
    /// ``APIDecodeResult/unrecordedErrorCount``), counted in the first line of `description`.
    let unrecordedErrorCount: Int

    /// Creates a failure from its errors.
    public init(errors: [APIDecodeError]) {
        self.init(errors: errors, unrecordedErrorCount: 0)
    }

    init(errors: [APIDecodeError], unrecordedErrorCount: Int) {
        self.errors = errors
        self.unrecordedErrorCount = unrecordedErrorCount
    }

    /// One line saying how many problems there were (and how many more were not recorded), then one line
    /// per recorded problem.
    public var description: String {
        let count = errors.count == 1 ? "1 problem" : "\(errors.count) problems"
        let unrecorded = unrecordedErrorCount > 0 ? " (\(unrecordedErrorCount) more not recorded)" : ""
        return (["Decoding failed with \(count)\(unrecorded):"] + errors.map { "  \($0)" }).joined(separator: "\n")
    }

    /// Same as `description`, so `error.localizedDescription` lists the problems also through `any Error`.
    public var errorDescription: String? { description }
}
