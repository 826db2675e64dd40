import Foundation

/// Scalars and the Foundation types `JSONEncoder` writes in its own way (`Date`, `Data`, `URL`, `Decimal`),
/// written straight into the text; everything else through its own `encode(to:)`.
extension JSONStreamEncoder {
    /// Writes `value` into the pending level `depth`.
    func writeValue<T: Encodable>(_ value: T, into depth: Int, serial: UInt32) throws {
        if try writeDirectly(value, codingPath: { codingPath(depth: depth) }) {
            levels[depth].kind = .scalar
            return
        }
        if convertsKeys, let dictionary = value as? any StringKeyedEncodableDictionary {
            // As `JSONEncoder`: the keys of a `[String: T]` are data, not coding keys, and keep their spelling.
            try dictionary.encodeMembers(to: self, depth: depth, serial: serial)
            return
        }
        try value.encode(to: LevelEncoder(core: self, depth: depth, serial: serial))
    }

    /// Writes `value` as the member `key` of the object at `depth` (its key already written): directly when it
    /// is a scalar, else in a new level that closes when the value is written. The key becomes a coding path
    /// step (an existential, which may allocate) only when a level is needed.
    @inline(__always)
    func writeMember<T: Encodable, K: CodingKey>(_ value: T, key: K, depth: Int) throws {
        if try writeDirectly(value, codingPath: { codingPath(depth: depth, appending: key) }) { return }
        try writeInNewLevel(value, step: .key(key))
    }

    /// Writes `value` as the element `index` of the array at `depth` (already begun); see ``writeMember(_:key:depth:)``.
    @inline(__always)
    func writeElement<T: Encodable>(_ value: T, index: Int, depth: Int) throws {
        if try writeDirectly(value, codingPath: { codingPath(depth: depth, appending: EncodingIndexKey(index: index)) }) { return }
        try writeInNewLevel(value, step: .index(index))
    }

    /// Writes `value` into a new level reached by `step` under the innermost one, and closes that level. Every
    /// fourth level checks the stack first, as decoding does (see `StackGuard`): a value nested deeper than the
    /// thread's stack allows continues on a helper thread with a fresh stack instead of overflowing it.
    private func writeInNewLevel<T: Encodable>(_ value: T, step: EncodingStep) throws {
        let child = pushLevel(step: step)
        let serial = levels[child].serial
        if child % 4 == 0 && !StackGuard.hasRoom() {
            let outcome = StackGuard.runOnFreshStack { () -> Result<Void, any Error> in
                Result { try writeValue(value, into: child, serial: serial) }
            }
            guard let outcome else {
                throw EncodingError.invalidValue(value, EncodingError.Context(
                    codingPath: codingPath(depth: child),
                    debugDescription: "\(T.self) was not encoded: the stack is nearly exhausted and no thread with a fresh stack could be started"))
            }
            try outcome.get()
        } else {
            try writeValue(value, into: child, serial: serial)
        }
        try finishLevel(child, serial: serial)
    }

    /// Writes `value` when it is a scalar or one of the Foundation types with a JSON form of their own; returns
    /// false, writing nothing, for any other type. Which types those are is remembered (`DirectFormCache`).
    @inline(__always)
    func writeDirectly<T: Encodable>(_ value: T, codingPath: () -> [any CodingKey]) throws -> Bool {
        switch directForms.hasDirectForm(T.self) {
        case false?:
            return false
        case true?:
            return try writeDirectForm(value, codingPath: codingPath)
        case nil:
            let wrote = try writeDirectForm(value, codingPath: codingPath)
            directForms.record(T.self, hasDirectForm: wrote)
            return wrote
        }
    }

    /// ``writeDirectly(_:codingPath:)`` without the cache.
    private func writeDirectForm<T: Encodable>(_ value: T, codingPath: () -> [any CodingKey]) throws -> Bool {
        if T.self == String.self {
            writer.appendString(reinterpret(value, as: String.self))
        } else if T.self == Int.self {
            writer.appendInteger(reinterpret(value, as: Int.self))
        } else if T.self == Double.self {
            try writeFloatingPoint(reinterpret(value, as: Double.self), codingPath: codingPath)
        } else if T.self == Bool.self {
            writer.appendBool(reinterpret(value, as: Bool.self))
        } else if T.self == Int64.self {
            writer.appendInteger(reinterpret(value, as: Int64.self))
        } else if T.self == Float.self {
            try writeFloatingPoint(reinterpret(value, as: Float.self), codingPath: codingPath)
        } else if T.self == Date.self {
            try writeDate(reinterpret(value, as: Date.self), codingPath: codingPath)
        } else if T.self == Data.self {
            writer.appendString(reinterpret(value, as: Data.self).base64EncodedString())
        } else if T.self == URL.self {
            writer.appendString(reinterpret(value, as: URL.self).absoluteString)
        } else if T.self == Decimal.self {
            let decimal = reinterpret(value, as: Decimal.self)
            guard !decimal.isNaN else {
                throw EncodingError.invalidValue(decimal, EncodingError.Context(codingPath: codingPath(), debugDescription: "Unable to encode Decimal.nan in JSON."))
            }
            writer.appendRaw(decimal.description)
        } else {
            return try writeOtherInteger(value) || writeScalarCollection(value, codingPath: codingPath)
        }
        return true
    }

    /// The integer types other than `Int` and `Int64`.
    private func writeOtherInteger<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == Int32.self { writer.appendInteger(reinterpret(value, as: Int32.self)) }
        else if T.self == UInt.self { writer.appendInteger(reinterpret(value, as: UInt.self)) }
        else if T.self == UInt64.self { writer.appendInteger(reinterpret(value, as: UInt64.self)) }
        else if T.self == Int16.self { writer.appendInteger(reinterpret(value, as: Int16.self)) }
        else if T.self == Int8.self { writer.appendInteger(reinterpret(value, as: Int8.self)) }
        else if T.self == UInt32.self { writer.appendInteger(reinterpret(value, as: UInt32.self)) }
        else if T.self == UInt16.self { writer.appendInteger(reinterpret(value, as: UInt16.self)) }
        else if T.self == UInt8.self { writer.appendInteger(reinterpret(value, as: UInt8.self)) }
        else { return false }
        return true
    }

    /// Writes a `Double` or `Float`; infinities and NaN as the non-conforming float strategy says.
    func writeFloatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F, codingPath: () -> [any CodingKey]) throws {
        guard !value.isFinite else {
            writer.appendFloatingPoint(value)
            return
        }
        guard case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = strategies.nonConformingFloats else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath(),
                debugDescription: "Unable to encode \(F.self).\(value.isNaN ? "nan" : value < 0 ? "-infinity" : "infinity") directly in JSON. Use EncodingStrategies.nonConformingFloats = .convertToString(…) to write it as a string."))
        }
        writer.appendString(value.isNaN ? nan : value < 0 ? negativeInfinity : positiveInfinity)
    }

    /// Writes a `Date` as the date strategy says.
    func writeDate(_ date: Date, codingPath: () -> [any CodingKey]) throws {
        switch strategies.dates.kind {
        case .secondsSince2001: try writeFloatingPoint(date.timeIntervalSinceReferenceDate, codingPath: codingPath)
        case .secondsSince1970: try writeFloatingPoint(date.timeIntervalSince1970, codingPath: codingPath)
        case .millisecondsSince1970: try writeFloatingPoint(1000.0 * date.timeIntervalSince1970, codingPath: codingPath)
        case .iso8601: writeISO8601(date)
        case .formatted(let format): writer.appendString(DateFormatterCache.shared.string(from: date, format: format))
        case .formatter(let formatter): writer.appendString(formatter.string(from: date))
        case .custom(let format): writer.appendString(format(date))
        }
    }
}

/// A `[String: T]` dictionary, whose keys `JSONEncoder` writes as they are under a key strategy.
protocol StringKeyedEncodableDictionary {
    func encodeMembers(to encoder: JSONStreamEncoder, depth: Int, serial: UInt32) throws
}

extension Dictionary: StringKeyedEncodableDictionary where Key == String, Value: Encodable {
    func encodeMembers(to encoder: JSONStreamEncoder, depth: Int, serial: UInt32) throws {
        encoder.levels[depth].kind = .object
        encoder.writer.open(UInt8(ascii: "{"))
        encoder.levels[depth].contentStart = encoder.writer.count
        for (key, value) in self {
            try encoder.prepare(depth, serial: serial)
            encoder.beginMember(key, depth: depth)
            try encoder.writeMember(value, key: APICodingKey(hashKey: key), depth: depth)
        }
    }
}
