/// A parsed, immutable JSON document: the input bytes plus their tape (see `Tape.swift`).
///
/// Values are addressed by their tape index (`Int`); index 0 is the top-level value. Strings and numbers
/// stay as bytes until asked for.
///
/// The document borrows the input bytes, without copying them: it is valid only while they are, i.e.
/// inside the `InputBytes.withBytes` closure of the decode that parsed it (see `DecodeDriver` and `withParsed`).
@usableFromInline
final class JSONDocument {
    /// The UTF-8 input, borrowed from the caller for the duration of the decode.
    let input: ByteReader
    /// One node per value, in document order.
    @usableFromInline let tape: TapeStorage
    /// Whether short strings are built in place (`SmallStrings.swift`), read once per document.
    let makesSmallStrings = SmallStringLayout.isVerified

    private init(input: ByteReader, tape: TapeStorage) {
        self.input = input
        self.tape = tape
    }

    /// Parses `bytes`; the document is valid only while `bytes` is. Throws the first syntax error with
    /// its line and column.
    static func parse(_ input: ByteReader, limits: ParseLimits = ParseLimits()) throws(JSONSyntaxError) -> JSONDocument {
        do throws(ParseFailure) {
            return JSONDocument(input: input, tape: try JSONParser.parseDocument(input, limits: limits))
        } catch {
            throw JSONSyntaxError(message: error.message, location: SourceLocation.locate(offset: error.offset, in: input), limit: error.limit)
        }
    }

    /// Parses the one value that starts at `start` (after whitespace) in `bytes`, ignoring what follows it;
    /// returns the document (offsets and locations count from the start of `bytes`) and the offset after
    /// the value, or the failure with its offset (the caller locates it, from a location it already knows).
    static func parseValue(in input: ByteReader, from start: Int, limits: ParseLimits,
                           expectedBytes: Int? = nil) -> Result<(document: JSONDocument, end: Int), ParseFailure> {
        do throws(ParseFailure) {
            let parsed = try JSONParser.parseValue(input, from: start, limits: limits, expectedBytes: expectedBytes)
            return .success((JSONDocument(input: input, tape: parsed.tape), parsed.end))
        } catch {
            return .failure(error)
        }
    }

    /// Parses `input` and calls `body` with the document, which must not escape `body`.
    static func withParsed<R>(_ input: InputBytes, limits: ParseLimits = ParseLimits(), _ body: (JSONDocument) -> R) -> Result<R, JSONSyntaxError> {
        input.withBytes { buffer in
            do throws(JSONSyntaxError) {
                return .success(body(try parse(buffer, limits: limits)))
            } catch {
                return .failure(error)
            }
        }
    }

    // MARK: - Nodes

    @inlinable
    func kind(_ node: Int) -> NodeKind { tape[node].kind }

    /// Whether `node` is JSON `null`.
    @inlinable
    func isNull(_ node: Int) -> Bool { tape[node].header & 0b111 == NodeKind.null.rawValue }

    /// The index of the value after `node` and all its descendants.
    @inlinable
    func next(after node: Int) -> Int {
        tape[node].index(after: node)
    }

    /// The number of elements of an array or members of an object.
    @inlinable
    func count(_ node: Int) -> Int { tape[node].count }

    /// Whether `node` is `ancestor` or lies inside it.
    func contains(_ ancestor: Int, _ node: Int) -> Bool {
        node >= ancestor && node < next(after: ancestor)
    }

    /// The byte offset where the value's text starts (for a string: its opening quote; for a container: its
    /// `[` or `{`, kept by its close node).
    func sourceOffset(_ node: Int) -> Int {
        let entry = tape[node]
        if entry.isContainer { return Int(tape[entry.closeIndex].payload) }
        return entry.kind == .string ? Int(entry.start) - 1 : Int(entry.start)
    }

    /// The Salvage element type of a node, as reported in errors.
    func element(_ node: Int) -> JSONElement {
        switch tape[node].kind {
        case .null: return .null
        case .false, .true: return .boolean
        case .string: return .string
        case .array: return .array
        case .object: return .object
        case .number: return tape[node].flag || isWholeNumber(node) ? .integer : .decimal
        }
    }

    // MARK: - Objects and arrays

    /// The value of the last member of object `node` whose key equals `key`, or nil.
    func member(of node: Int, key: String) -> Int? {
        ByteReader.withUTF8(of: key) { member(of: node, utf8Key: $0, hint: 0)?.value }
    }

    /// The value of the last member of object `node` whose key equals `utf8Key`, and the key node after
    /// it (a hint for the next lookup), or nil.
    ///
    /// Keys are compared as bytes in place. When the parser saw no repeated key in this object, the first
    /// match is the only one: the search starts at `hint` (a key node of this object, usually the one
    /// after the previous match, since models read fields in document order), wraps around, and stops at
    /// the match. Otherwise every member is compared and the last match wins, like `JSONSerialization`.
    func member(of node: Int, utf8Key: ByteReader, hint: Int) -> (value: Int, next: Int)? {
        memberAtHint(of: node, utf8Key: utf8Key, hint: hint) ?? searchMember(of: node, utf8Key: utf8Key, hint: hint)
    }

    /// `member(of:utf8Key:hint:)` without its fast path (`memberAtHint`): compares every key from `hint` on,
    /// then wraps around (every key, keeping the last match, when keys repeat).
    func searchMember(of node: Int, utf8Key: ByteReader, hint: Int) -> (value: Int, next: Int)? {
        let object = tape[node]
        guard object.kind == .object else { return nil }
        // Keys are compared with their stored length below: a key node of 4 MiB or more holds the sentinel
        // (`Tape.swift`), so it matches no shorter key, and a key that long is looked up apart.
        if utf8Key.count >= TapeNode.lengthSentinel { return lastLongMember(of: node, utf8Key: utf8Key) }
        let first = node + 1
        let end = object.closeIndex
        // A local copy of the reader, so the nested function captures two words rather than `self`.
        let reader = input
        // The keys are read from the tape's memory, checked once against its size (`end` within it): every key
        // read is at `keyIndex`, its value at `keyIndex + 1 < to <= end` (see `GrowableBuffer.withElements`).
        return tape.nodes.withElements { nodes, nodeCount in
            guard end <= nodeCount else { return nil }
            /// Searches the members whose key nodes lie in `from ..< to`.
            func search(from: Int, to: Int, stopAtFirst: Bool) -> (value: Int, next: Int)? {
                var found: (value: Int, next: Int)? = nil
                var keyIndex = from
                while keyIndex < to - 1 {
                    let keyNode = nodes[keyIndex]
                    let valueIndex = keyIndex + 1
                    let value = nodes[valueIndex]
                    let nextKey = value.index(after: valueIndex)
                    let matches = keyNode.flag
                        ? unescapedKeyEquals(keyIndex, utf8Key)
                        : reader.bytesEqual(at: Int(keyNode.start), length: keyNode.storedLength, to: utf8Key)
                    if matches {
                        found = (valueIndex, nextKey)
                        if stopAtFirst { return found }
                    }
                    keyIndex = nextKey
                }
                return found
            }
            if object.flag {
                return search(from: first, to: end, stopAtFirst: false)
            }
            let start = hint > first && hint < end ? hint : first
            return search(from: start, to: end, stopAtFirst: true) ?? (start > first ? search(from: first, to: start, stopAtFirst: true) : nil)
        }
    }

    /// The fast path of `member(of:utf8Key:hint:)`: the member whose key node is `hint` (or the first one, when
    /// `hint` is not a key node of the object), when its key is `utf8Key` and no key of the object repeats; nil
    /// otherwise (not an object, a repeated key, an escaped key, another key there): then ask `member`.
    ///
    /// Models read their fields in document order, so the key at the hint is usually the one, the first
    /// field included: a lookup is then a few compares, and no loop.
    @inline(__always)
    func memberAtHint(of node: Int, utf8Key: ByteReader, hint: Int) -> (value: Int, next: Int)? {
        let object = tape[node]
        // An object without repeated keys (the flag says some repeat: the last match must win).
        guard object.header & 0b1111 == NodeKind.object.rawValue else { return nil }
        let end = object.closeIndex
        let keyIndex = hint > node && hint < end ? hint : node + 1
        guard keyIndex < end else { return nil }
        let keyNode = tape[keyIndex]
        // The stored length (see `searchMember`): a key of 4 MiB or more is left to `searchMember`.
        guard !keyNode.flag, utf8Key.count < TapeNode.lengthSentinel,
              Self.keyBytesEqual(input, at: Int(keyNode.start), length: keyNode.storedLength, to: utf8Key) else { return nil }
        return (keyIndex + 1, tape[keyIndex + 1].index(after: keyIndex + 1))
    }

    /// `searchMember` for a key of 4 MiB or more: the last member with that key (when keys do not repeat, the
    /// only one), its key lengths measured again from the input.
    @inline(never)
    private func lastLongMember(of node: Int, utf8Key: ByteReader) -> (value: Int, next: Int)? {
        var found: (value: Int, next: Int)? = nil
        forEachMember(of: node) { keyIndex, valueIndex in
            let keyNode = tape[keyIndex]
            let matches = keyNode.flag
                ? unescapedKeyEquals(keyIndex, utf8Key)
                : input.bytesEqual(at: Int(keyNode.start), length: keyNode.length(in: input), to: utf8Key)
            if matches { found = (valueIndex, next(after: valueIndex)) }
        }
        return found
    }

    private func unescapedKeyEquals(_ keyIndex: Int, _ utf8Key: ByteReader) -> Bool {
        string(keyIndex).utf8.elementsEqual(utf8Key.buffer)
    }

    /// The tape index of element `index` of array `node`, or nil.
    func element(of node: Int, at index: Int) -> Int? {
        let array = tape[node]
        guard array.kind == .array, index >= 0, index < array.count else { return nil }
        var child = node + 1
        for _ in 0..<index {
            child = next(after: child)
        }
        return child
    }

    /// Calls `body` with each member of object `node`: its key node and value node, in document order.
    @inlinable
    func forEachMember(of node: Int, _ body: (_ key: Int, _ value: Int) -> Void) {
        let end = tape[node].closeIndex
        var keyIndex = node + 1
        while keyIndex < end {
            body(keyIndex, keyIndex + 1)
            keyIndex = next(after: keyIndex + 1)
        }
    }

    /// Calls `body` with each element of array `node` and its position, in order.
    @inlinable
    func forEachElement(of node: Int, _ body: (_ index: Int, _ element: Int) -> Void) {
        let end = tape[node].closeIndex
        var child = node + 1
        var position = 0
        while child < end {
            body(position, child)
            position += 1
            child = next(after: child)
        }
    }
}
