// The non-generic, rarely taken side of `APIDecoder+Decoding.swift`. What a missing, null or wrong value
// records, and with which severity, is decided in `Runtime/FailureRules.swift`.

extension APIDecoder {
    /// Marks the frame decoding this value as consuming its whole object (see `Frame.readsEverything`).
    func markReadsEverything() {
        withContext { $0.state.update(frame) { $0.readsEverything = true } }
    }

    /// Decodes with `convert` after the usual handling of absence, null and a parent of the wrong type:
    /// the non-inlined counterpart of `decodePresent`, for decodes with extra parameters (a date strategy).
    func decode<T>(_ type: T.Type, required: Bool, using convert: (APIDecoder) -> T?) -> T? {
        switch presence(acceptingNull: false) {
        case .keptPastItsDecode:
            return nil
        case .missing:
            reportMissing(decoding: T.self, required: required)
            if required { failRequired() }
            return nil
        case .present:
            break
        }
        let value = convert(self)
        if value == nil && required { failRequired() }
        return value
    }
}

/// A decoded value whose element count ``CountLimited`` can check.
protocol CountableValue {
    var decodedCount: Int { get }
}

extension Array: CountableValue {
    var decodedCount: Int { count }
}

extension Dictionary: CountableValue {
    var decodedCount: Int { count }
}

extension Set: CountableValue {
    var decodedCount: Int { count }
}
