/// Arrays and dictionaries of scalars written in one loop, without a container per value: `[Int]`, `[Double]`,
/// `[String]`… and `[String: String]`, `[String: Int]`. Through `Encodable` each element would cost a generic
/// call through the standard library's container box; these are most of the values of the benchmark's models
/// (`indices`, `blockIds`, canada's coordinates, citm's name maps). The bytes are the same as the general path's.
extension JSONStreamEncoder {
    /// Writes `value` when it is one of the collections above; returns false, writing nothing, otherwise.
    func writeScalarCollection<T: Encodable>(_ value: T, codingPath: () -> [any CodingKey]) throws -> Bool {
        if T.self == [Int].self {
            writeArray(reinterpret(value, as: [Int].self)) { writer.appendInteger($0) }
        } else if T.self == [Double].self {
            try writeFloatingPointArray(reinterpret(value, as: [Double].self), codingPath: codingPath)
        } else if T.self == [String].self {
            writeArray(reinterpret(value, as: [String].self)) { writer.appendString($0) }
        } else if T.self == [Int64].self {
            writeArray(reinterpret(value, as: [Int64].self)) { writer.appendInteger($0) }
        } else if T.self == [Float].self {
            try writeFloatingPointArray(reinterpret(value, as: [Float].self), codingPath: codingPath)
        } else if T.self == [Bool].self {
            writeArray(reinterpret(value, as: [Bool].self)) { writer.appendBool($0) }
        } else if T.self == [String: String].self {
            writeObject(reinterpret(value, as: [String: String].self)) { writer.appendString($0) }
        } else if T.self == [String: Int].self {
            writeObject(reinterpret(value, as: [String: Int].self)) { writer.appendInteger($0) }
        } else {
            return false
        }
        return true
    }

    private func writeArray<Element>(_ elements: [Element], _ write: (Element) -> Void) {
        writer.open(UInt8(ascii: "["))
        for index in elements.indices {
            writer.beforeItem(index)
            write(elements[index])
        }
        writer.close(UInt8(ascii: "]"), count: elements.count)
    }

    private func writeFloatingPointArray<F: BinaryFloatingPoint & TextOutputStreamable>(_ elements: [F], codingPath: () -> [any CodingKey]) throws {
        writer.open(UInt8(ascii: "["))
        for index in elements.indices {
            writer.beforeItem(index)
            try writeFloatingPoint(elements[index]) { codingPath() + [EncodingIndexKey(index: index)] }
        }
        writer.close(UInt8(ascii: "]"), count: elements.count)
    }

    /// A dictionary's members; with `.sortedKeys` recorded so that the object's close sorts them. Keys are
    /// written as they are (`[String: T]` keys are data, not coding keys).
    private func writeObject<Value>(_ dictionary: [String: Value], _ write: (Value) -> Void) {
        writer.open(UInt8(ascii: "{"))
        let contentStart = writer.count
        let base = members.count
        var index = 0
        for (key, value) in dictionary {
            if sortsKeys {
                if index > 0 { members[members.count - 1].end = writer.count }
                writer.beforeItem(index)
                members.append(EncodedMember(key: key, start: writer.count, end: 0))
            } else {
                writer.beforeItem(index)
            }
            writer.appendString(key)
            writer.afterKey()
            write(value)
            index += 1
        }
        let count = sortsKeys ? rearrangeMembers(base: base, contentStart: contentStart) : index
        writer.close(UInt8(ascii: "}"), count: count)
        dropMembers(from: base)
    }
}
