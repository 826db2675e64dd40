/// Validates a UTF-8 JSON text once (RFC 8259, strictly) and writes its tape (see `Tape.swift`).
///
/// The parser is iterative: nesting is tracked on an explicit stack, so a deeply nested input ends in a
/// "too deep" error and can never overflow the call stack. Strings and numbers are validated here but not
/// converted; the decoder converts them lazily.
struct JSONParser: ~Copyable {
    /// An open container. The innermost one is `current`; the ones around it wait on `stack`, so the
    /// per-value bookkeeping touches a plain stored property, not an array element.
    struct OpenContainer {
        var node: Int
        var count: Int
        let isObject: Bool
        var hasDuplicateKeys: Bool

        /// Stands for "no container" at the top level.
        static let topLevel = OpenContainer(node: -1, count: 0, isObject: false, hasDuplicateKeys: false)
    }

    let input: ByteReader
    let limits: ParseLimits
    var position = 0
    /// The tape being written, handed over to `TapeStorage` when the parse succeeds.
    var tape: GrowableBuffer<TapeNode>
    /// The open containers around `current`.
    var stack: GrowableBuffer<OpenContainer>
    /// The innermost open container (a placeholder while `depth` is 0).
    var current = OpenContainer.topLevel
    /// The number of open containers (`stack.count` plus `current`).
    var depth = 0
    /// The open objects' key filters (DuplicateKeys.swift): `keyFilterWords` words per nesting level, level
    /// `depth` being `current`'s. Kept out of `OpenContainer`, so opening and closing a container copies less.
    var keyFilters: GrowableBuffer<UInt64>
    /// The lengths of the last whitespace runs before members and before closing brackets, per nesting
    /// level: guesses for the next ones (`skipGuessedWhitespaceRun`). Last, so the fields the structure loop
    /// reads for every value keep their places.
    var runGuesses = WhitespaceRunGuesses()

    /// `expectedBytes`: how much of the input the parse will likely read, when not all of it (one record of
    /// a stream: sizing the tape for the whole window cost a large allocation per record).
    init(input: ByteReader, limits: ParseLimits, expectedBytes: Int? = nil) {
        self.input = input
        self.limits = limits
        // A rough guess that avoids most regrowth: about one node per 6 bytes of typical JSON.
        self.tape = GrowableBuffer(capacity: min(min(expectedBytes ?? input.count, input.count) / 6 + 16, 1 << 24))
        self.stack = GrowableBuffer(capacity: 16)
        self.keyFilters = GrowableBuffer(capacity: JSONParser.keyFilterWords * 16)
    }

    /// The buffers a parser needs besides its tape, kept from one parse to the next (a stream's records).
    struct Scratch: ~Copyable {
        /// The open containers, emptied by the next parse.
        var stack: GrowableBuffer<OpenContainer>
        /// The key filters, kept as they are: `clearKeyFilter` empties a level's filter when an object opens.
        var keyFilters: GrowableBuffer<UInt64>

        /// New buffers, for a first parse.
        init() {
            stack = GrowableBuffer(capacity: 16)
            keyFilters = GrowableBuffer(capacity: JSONParser.keyFilterWords * 16)
        }

        init(stack: consuming GrowableBuffer<OpenContainer>, keyFilters: consuming GrowableBuffer<UInt64>) {
            self.stack = stack
            self.keyFilters = keyFilters
        }
    }

    /// A parser that writes into `tape`, emptied first, in its memory, with the scratch buffers of an earlier
    /// parse (its stack emptied; its key filters allocated 1 KiB per record when made new).
    private init(input: ByteReader, limits: ParseLimits, reusing tape: consuming GrowableBuffer<TapeNode>,
                 scratch: consuming Scratch) {
        self.input = input
        self.limits = limits
        tape.removeAll()
        self.tape = tape
        scratch.stack.removeAll()
        self.stack = scratch.stack
        self.keyFilters = scratch.keyFilters
    }

    /// The buffers a parser made with `init(input:limits:reusing:scratch:)` gives back.
    struct Buffers: ~Copyable {
        var tape: GrowableBuffer<TapeNode>
        var scratch: Scratch
    }

    /// Parses the one value starting at `start` (after whitespace) into `tape`, emptied first, in its memory,
    /// with the scratch buffers in `scratch` (made when nil): a stream's records, one after another, allocate
    /// nothing for their parse (see `TapeStorage.parseValue`). Returns the offset after the value, or the failure.
    static func parseValue(in input: ByteReader, from start: Int, limits: ParseLimits, into tape: inout GrowableBuffer<TapeNode>,
                           scratch: inout Scratch?) -> Result<Int, ParseFailure> {
        var parser = JSONParser(input: input, limits: limits, reusing: tape, scratch: scratch.take() ?? Scratch())
        let end: Result<Int, ParseFailure>
        do throws(ParseFailure) {
            end = .success(try parser.parseValue(from: start))
        } catch {
            end = .failure(error)
        }
        let buffers = parser.takeBuffers()
        tape = buffers.tape
        scratch = .some(buffers.scratch)
        return end
    }

    /// Parses the whole input. Throws a `ParseFailure` with the offset of the first offending byte.
    /// Consumes the parser (its buffers are freed on a failure, the tape handed over on success).
    consuming func parse() throws(ParseFailure) -> TapeStorage {
        try parseDocument()
        return TapeStorage(nodes: tape)
    }

    /// Parses one value starting at `start` and stops after it (for streams of records); returns the tape
    /// and the offset just after the value. Consumes the parser.
    consuming func parseValue(startingAt start: Int) throws(ParseFailure) -> (tape: TapeStorage, end: Int) {
        let end = try parseValue(from: start)
        return (TapeStorage(nodes: tape), end)
    }

    /// The tape and the scratch buffers, for a parser made with `init(input:limits:reusing:scratch:)`; consumes
    /// the parser.
    private consuming func takeBuffers() -> Buffers {
        Buffers(tape: tape, scratch: Scratch(stack: stack, keyFilters: keyFilters))
    }

    /// Parses the value starting at `start` (after whitespace); returns the offset after it.
    private mutating func parseValue(from start: Int) throws(ParseFailure) -> Int {
        // The size compared here first: a stream's records come here one by one, and the call returning an
        // optional failure cost each about 40 instructions.
        if input.count > limits.maximumInputSize, let failure = limits.inputSizeFailure(input.count) { throw failure }
        position = start
        skipWhitespace()
        guard position < input.count else {
            throw ParseFailure(message: "Unexpected end of input: expected a value", offset: position)
        }
        try parseValues()
        return position
    }

    private mutating func parseDocument() throws(ParseFailure) {
        if let failure = limits.inputSizeFailure(input.count) { throw failure }
        skipByteOrderMark()
        skipWhitespace()
        guard position < input.count else {
            throw ParseFailure(message: input.count == 0 ? "The input is empty" : "The input contains no JSON value", offset: position)
        }
        try parseValues()
        skipWhitespace()
        if position < input.count {
            throw ParseFailure(message: "Unexpected \(describeByte(at: position)) after the top-level value", offset: position)
        }
    }

    /// A UTF-8 byte order mark is ignored, as RFC 8259 §8.1 allows.
    mutating func skipByteOrderMark() {
        if input.count >= 3, input.byte(0) == 0xEF, input.byte(1) == 0xBB, input.byte(2) == 0xBF {
            position = 3
        }
    }

    // MARK: - Structure

    /// Parses one top-level value, with all nested values, using `stack` instead of recursion.
    private mutating func parseValues() throws(ParseFailure) {
        while true {
            // Expecting a value at `position` (whitespace already skipped).
            guard try parseOneValue() else {
                // A container was opened and is not empty: its first element or member value comes next.
                skipWhitespace()
                continue
            }
            // After a value: close containers or move to the next element/member.
            while true {
                guard depth > 0 else { return }
                skipWhitespace(beforeCloser: true)
                let isObject = current.isObject
                guard position < input.count else {
                    throw ParseFailure(message: "Unexpected end of input: \(isObject ? "expected ',' or '}'" : "expected ',' or ']'")", offset: position)
                }
                let byte = input.byte(position)
                current.count += 1
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace(beforeCloser: false)
                    if isObject {
                        if position < input.count, input.byte(position) == UInt8(ascii: "}") {
                            throw ParseFailure(message: "Trailing comma: expected a key after ','", offset: position)
                        }
                        try parseKeyAndColon()
                    } else if position < input.count, input.byte(position) == UInt8(ascii: "]") {
                        throw ParseFailure(message: "Trailing comma: expected a value after ','", offset: position)
                    }
                    break
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    try closeContainer()
                } else {
                    let expected = isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
                    throw ParseFailure(message: "Unexpected \(describeByte(at: position)): expected \(expected)", offset: position)
                }
            }
            skipWhitespace()
        }
    }

    /// Parses the value at `position`. For `{` and `[` it only opens the container (and, for an object,
    /// reads the first key), or opens and closes an empty one. Returns whether a whole value was read
    /// (false when a non-empty container was opened).
    @inline(always)
    private mutating func parseOneValue() throws(ParseFailure) -> Bool {
        guard position < input.count else {
            throw ParseFailure(message: "Unexpected end of input: expected a value", offset: position)
        }
        let byte = input.byte(position)
        switch byte {
        case UInt8(ascii: "\""):
            if let length = shortPlainStringLength(at: position &+ 1) {
                try appendShortPlainString(length: length, isKey: false)
            } else {
                try scanString(isKey: false)
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
        case UInt8(ascii: "{"):
            try openContainer(kind: .object)
            skipWhitespace(beforeCloser: false)
            if position < input.count, input.byte(position) == UInt8(ascii: "}") {
                position += 1
                try closeContainer()
            } else {
                try parseKeyAndColon()
                return false
            }
        case UInt8(ascii: "["):
            try openContainer(kind: .array)
            skipWhitespace(beforeCloser: false)
            if position < input.count, input.byte(position) == UInt8(ascii: "]") {
                position += 1
                try closeContainer()
            } else {
                return false
            }
        case UInt8(ascii: "t"):
            try scanLiteral("true", kind: .true, word: JSONParser.trueWord)
        case UInt8(ascii: "f"):
            try scanLiteral("false", kind: .false, word: JSONParser.falseWord)
        case UInt8(ascii: "n"):
            try scanLiteral("null", kind: .null, word: JSONParser.nullWord)
        default:
            throw ParseFailure(message: unexpectedValueMessage(byte), offset: position)
        }
        return true
    }

    /// Reads `"key"` and the `:` after it, leaving `position` at the member's value.
    @inline(always)
    private mutating func parseKeyAndColon() throws(ParseFailure) {
        guard position < input.count else {
            throw ParseFailure(message: "Unexpected end of input: expected a key", offset: position)
        }
        let byte = input.byte(position)
        guard byte == UInt8(ascii: "\"") else {
            let hint = byte == UInt8(ascii: "'") ? "; keys must use double quotes" : ""
            throw ParseFailure(message: "Unexpected \(describeByte(at: position)): expected a string key\(hint)", offset: position)
        }
        if let length = shortPlainStringLength(at: position &+ 1) {
            try appendShortPlainString(length: length, isKey: true)
        } else {
            try scanString(isKey: true)
        }
        skipWhitespace()
        guard position < input.count, input.byte(position) == UInt8(ascii: ":") else {
            if position >= input.count {
                throw ParseFailure(message: "Unexpected end of input: expected ':'", offset: position)
            }
            throw ParseFailure(message: "Unexpected \(describeByte(at: position)): expected ':' after a key", offset: position)
        }
        position += 1
        skipWhitespace()
    }

    @inline(always)
    private mutating func openContainer(kind: NodeKind) throws(ParseFailure) {
        guard depth < limits.maximumDepth else {
            throw ParseFailure(message: limits.depthMessage, offset: position, limit: "maximumDepth")
        }
        if depth > 0 {
            stack.append(current)
        }
        current = OpenContainer(node: tape.count, count: 0, isObject: kind == .object, hasDuplicateKeys: false)
        depth += 1
        if kind == .object {
            clearKeyFilter()
        }
        tape.append(TapeNode(openingAt: UInt32(truncatingIfNeeded: position), kind: kind))
        position += 1
    }

    @inline(always)
    private mutating func closeContainer() throws(ParseFailure) {
        guard depth > 0 else { return }
        let container = current
        current = stack.popLast() ?? .topLevel
        depth -= 1
        guard container.count <= TapeNode.maximumCount else {
            throw ParseFailure(message: "A container has more than \(TapeNode.maximumCount) elements", offset: position - 1, limit: "containerSize")
        }
        guard tape.count < Int(UInt32.max) else {
            throw ParseFailure(message: "The input has more values than Salvage can index", offset: position - 1, limit: "valueCount")
        }
        var repeatsAKey = container.hasDuplicateKeys
        if container.isObject && !repeatsAKey && container.count > JSONParser.smallObjectKeys {
            repeatsAKey = largeObjectRepeatsAKey(container.node, memberCount: container.count)
        }
        // The open node held the container's offset until now: it moves to the close node, appended here, and
        // the open node records the close node's index (see `Tape.swift`).
        let open = tape[container.node]
        tape[container.node] = open.closed(at: tape.count, count: container.count, flag: repeatsAKey)
        tape.append(TapeNode(closingContainerAt: open.payload))
    }

    /// `true`, `false` and `null` as the low bytes of a little-endian word (what `ByteReader.word` loads).
    static let trueWord: UInt64 = 0x6575_7274, falseWord: UInt64 = 0x65_736C_6166, nullWord: UInt64 = 0x6C6C_756E

    /// Reads the literal at `position`. `word` holds its bytes: where eight input bytes are left, one masked
    /// word compare checks the whole literal (twitter.json has about 2,000 of them).
    private mutating func scanLiteral(_ literal: StaticString, kind: NodeKind, word: UInt64) throws(ParseFailure) {
        let length = literal.utf8CodeUnitCount
        let start = position
        if start + 8 <= input.count {
            guard input.word(start) & ((1 << UInt64(length * 8)) - 1) == word else {
                throw ParseFailure(message: "Invalid literal: expected '\(literal)'", offset: start)
            }
        } else {
            let text = literal.utf8Start
            for index in 0..<length {
                guard start + index < input.count, input.byte(start + index) == text[index] else {
                    throw ParseFailure(message: "Invalid literal: expected '\(literal)'", offset: start)
                }
            }
        }
        tape.append(TapeNode(kind: kind, start: UInt32(truncatingIfNeeded: start), extent: UInt32(length)))
        position += length
    }

    // MARK: - Messages

    /// A message for a byte that cannot start a value, with a hint for the usual mistakes.
    func unexpectedValueMessage(_ byte: UInt8) -> String {
        JSONParser.unexpectedValueMessage(input, at: position)
    }

    /// A message for the byte at `offset`, which cannot start a value, with a hint for the usual mistakes.
    static func unexpectedValueMessage(_ input: ByteReader, at offset: Int) -> String {
        let byte = input.byte(offset)
        let what = describeByte(input, at: offset)
        switch byte {
        case UInt8(ascii: "+"): return "Unexpected \(what): a number cannot start with '+'"
        case UInt8(ascii: "."): return "Unexpected \(what): a number must start with a digit"
        case UInt8(ascii: "'"): return "Unexpected \(what): strings must use double quotes"
        case UInt8(ascii: "/"): return "Unexpected \(what): comments are not allowed in JSON"
        case UInt8(ascii: "N"), UInt8(ascii: "I"): return "Unexpected \(what): NaN and Infinity are not valid JSON numbers"
        case UInt8(ascii: "]"), UInt8(ascii: "}"): return "Unexpected \(what): expected a value"
        default: return "Unexpected \(what): expected a value"
        }
    }

    /// `character 'x'` for printable ASCII, `byte 0xNN` otherwise.
    func describeByte(at offset: Int) -> String {
        JSONParser.describeByte(input, at: offset)
    }

    /// `character 'x'` for printable ASCII, `byte 0xNN` otherwise.
    static func describeByte(_ input: ByteReader, at offset: Int) -> String {
        let byte = input.byte(offset)
        if byte >= 0x20 && byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x\(hex2(byte))"
    }
}

/// Two upper-case hexadecimal digits.
func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}
