/// When ``APIDecoder/decode(_:default:when:)`` uses the default instead of the JSON value.
public struct DefaultPolicy: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int

    /// Creates a policy from its raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The key is missing (or the index is past the end).
    public static let missing = DefaultPolicy(rawValue: 1)
    /// The value is `null`.
    public static let null = DefaultPolicy(rawValue: 2)
    /// The value is present but cannot be decoded (wrong type, out of range, unknown enum case, …).
    public static let invalid = DefaultPolicy(rawValue: 4)
    /// Missing or `null`: the usual meaning of "optional with a default".
    public static let missingOrNull: DefaultPolicy = [.missing, .null]
    /// Missing, `null` or invalid: the field itself never fails the model (a model whose own value has
    /// the wrong JSON type still fails).
    public static let missingNullOrInvalid: DefaultPolicy = [.missing, .null, .invalid]
}

extension APIDecoder {
    /// Decodes a value, or returns `default` in the situations `policy` names.
    ///
    /// - A default used because the value is **invalid** keeps the error that explains why (the model
    ///   does not fail); a default used because the value is **missing** or **null** is silent, unless
    ///   ``APIDecodeOptions/reportsUsedDefaults`` is set, which records a `defaultUsed` entry.
    /// - Situations the policy does not name behave like a required value: the error is recorded and the
    ///   model fails (the default is still returned, so your code can go on to `guard decoder.succeeded`).
    ///   The error says that a default was there, and for what: `… : Unexpectedly found a string (a default
    ///   exists for missing or null values)` (see ``APIDecodeError/note``).
    ///
    /// ```swift
    /// let retries = decoder["retries"].decode(Int.self, default: 3)                 // missing or null → 3
    /// let limit   = decoder["limit"].decode(Int.self, default: 100, when: .missingNullOrInvalid)  // also when invalid
    /// ```
    public func decode<T: APIDecodable>(_ type: T.Type, default value: @autoclosure () -> T, when policy: DefaultPolicy = .missingOrNull) -> T {
        let presence = presence(acceptingNull: T._salvageDecodesNull)
        guard presence != .keptPastItsDecode else { return value() }
        let isMissing = node < 0
        if presence == .missing {
            guard policy.contains(isMissing ? .missing : .null) else {
                let start = withContext { $0.state.recordedCount } ?? 0
                reportMissing(decoding: T.self, required: true)
                failRequired()
                noteUncoveredDefault(policy, since: start)
                return value()
            }
            let errorsBefore = withContext { $0.errorCount } ?? 0
            // A parent of the wrong type is still reported (once per model), default or not.
            reportMissing(decoding: T.self, required: false)
            withContext { context in
                if context.options.reportsUsedDefaults && context.errorCount == errorsBefore {
                    context.record(.defaultUsed(because: isMissing ? .absent : .null), at: self, decoding: T.self, severity: .info)
                }
            }
            return value()
        }
        let start = policy.contains(.invalid) ? -1 : withContext { $0.state.recordedCount } ?? 0
        if let decoded = T._salvageDecode(at: self) {
            return decoded
        }
        if !policy.contains(.invalid) {
            failRequired()
            noteUncoveredDefault(policy, since: start)
        }
        return value()
    }
}

extension APIDecoder {
    /// Adds to the errors a failed `decode(_:default:when:)` recorded since `start` that a default existed
    /// for other situations: `a default exists for missing or null values`.
    func noteUncoveredDefault(_ policy: DefaultPolicy, since start: Int) {
        var situations: [String] = []
        if policy.contains(.missing) { situations.append("missing") }
        if policy.contains(.null) { situations.append("null") }
        if policy.contains(.invalid) { situations.append("invalid") }
        guard let last = situations.popLast() else { return }
        let list = situations.isEmpty ? last : situations.joined(separator: ", ") + " or " + last
        withContext { $0.state.annotateErrors(since: start, at: ErrorSite(self), note: "a default exists for \(list) values") }
    }
}
