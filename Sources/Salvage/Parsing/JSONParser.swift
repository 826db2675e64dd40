/// Validates a UTF-8 JSON text once (RFC 8259, strictly) and writes its tape (see `Tape.swift`).
///
/// The parser is iterative: nesting is tracked on an explicit stack, so a deeply nested input ends in a
/// "too deep" error and can never overflow the call stack. Strings and numbers are validated here but not
/// converted; the decoder converts them lazily.
///
/// Why the code is shaped as it is: a parse runs in one function, `run`, which keeps the parser in a local
/// variable, and every step of the structure loop is inlined into it (`@inline(always)`). What is not inlined —
/// long strings, whitespace runs, the tape's growth, the failures' messages (JSONParser+Failures.swift) — is
/// `static` and takes and returns plain values. The compiler can then keep `position`, the tape's count and the
/// innermost container in registers. A single call given the parser's address, even one on a failure path, kept
/// all of it in memory: every step stored `position` and the next one loaded it back (Docs/Performance.md,
/// "2026-12-06: the parser in registers"). The loop's code layout is sensitive: moving the one message still
/// built in it (`containerSize`, in `closeContainer`) out of line cost 5% more instructions on twitter.json.
struct JSONParser: ~Copyable {
    /// An open container. The innermost one is `current`; the ones around it wait on `stack`, so the
    /// per-value bookkeeping touches a plain stored property, not an array element.
    struct OpenContainer {
        var node: Int
        var count: Int
        /// How an object's keys are checked for repeats (DuplicateKeys.swift): 0, by the level's filter;
        /// `repeatedKey`, not any more: a key repeats or is escaped (the object's flag); above it, the object
        /// follows a template, and this is the index of the template's key node its last key matched (a tape
        /// index fits 32 bits: `closeContainer` rejects more nodes).
        var keyState: UInt32
        let isObject: Bool

        /// Stands for "no container" at the top level.
        static let topLevel = OpenContainer(node: -1, count: 0, keyState: 0, isObject: false)
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
    /// The template objects (`templateSlots` words), then the open objects' key filters (DuplicateKeys.swift):
    /// `keyFilterWords` words per nesting level from level 1, level `depth` being `current`'s.
    var keyFilters: GrowableBuffer<UInt64>
    /// The lengths of the last whitespace runs before members and before closing brackets, per nesting
    /// level: guesses for the next ones (WhitespaceSkipping.swift).
    var runGuesses = WhitespaceRunGuesses()

    /// The buffers a parser needs besides its tape, kept from one parse to the next (a stream's records).
    struct Scratch: ~Copyable {
        /// The open containers, emptied by the next parse.
        var stack: GrowableBuffer<OpenContainer>
        /// The templates and key filters, kept as they are: a template is checked before it is used, and
        /// `clearKeyFilter` empties a level's filter before an object uses it (DuplicateKeys.swift).
        var keyFilters: GrowableBuffer<UInt64>

        /// New buffers, for a first parse.
        init() {
            stack = GrowableBuffer(capacity: 16)
            keyFilters = GrowableBuffer(capacity: JSONParser.keyFilterWords * 16 + JSONParser.templateSlots)
            for _ in 0 ..< JSONParser.templateSlots { keyFilters.append(0) }
        }

        init(stack: consuming GrowableBuffer<OpenContainer>, keyFilters: consuming GrowableBuffer<UInt64>) {
            self.stack = stack
            self.keyFilters = keyFilters
        }
    }

    /// The buffers of one parse: taken by `run`, and given back by it whatever the outcome.
    struct Buffers: ~Copyable {
        var tape: GrowableBuffer<TapeNode>
        var scratch: Scratch

        /// New buffers, the tape sized for about `bytes` of input: a rough guess of one node per 6 bytes of
        /// typical JSON avoids most regrowth.
        init(forBytes bytes: Int) {
            tape = GrowableBuffer(capacity: min(bytes / 6 + 16, 1 << 24))
            scratch = Scratch()
        }

        init(tape: consuming GrowableBuffer<TapeNode>, scratch: consuming Scratch) {
            self.tape = tape
            self.scratch = scratch
        }
    }

    /// What `run` gives back: the offset after the value, or the failure; and the buffers.
    struct Outcome: ~Copyable {
        let end: Result<Int, ParseFailure>
        var buffers: Buffers
    }

    private init(input: ByteReader, limits: ParseLimits, buffers: consuming Buffers) {
        self.input = input
        self.limits = limits
        buffers.tape.removeAll()
        buffers.scratch.stack.removeAll()
        self.tape = buffers.tape
        self.stack = buffers.scratch.stack
        self.keyFilters = buffers.scratch.keyFilters
    }

    // MARK: - Entry points

    /// Parses the whole input. Throws a `ParseFailure` with the offset of the first offending byte.
    static func parseDocument(_ input: ByteReader, limits: ParseLimits) throws(ParseFailure) -> TapeStorage {
        let outcome = run(input, limits: limits, from: 0, wholeDocument: true, buffers: Buffers(forBytes: input.count))
        if case .failure(let failure) = outcome.end { throw failure }
        return TapeStorage(nodes: outcome.buffers.tape)
    }

    /// Parses one value starting at `start` (after whitespace) and stops after it (for streams of records);
    /// returns the tape and the offset just after the value. `expectedBytes`: how much of the input the parse
    /// will likely read, when not all of it (sizing the tape for a whole stream window cost a large allocation
    /// per record).
    static func parseValue(_ input: ByteReader, from start: Int, limits: ParseLimits,
                           expectedBytes: Int? = nil) throws(ParseFailure) -> (tape: TapeStorage, end: Int) {
        let bytes = min(expectedBytes ?? input.count, input.count)
        let outcome = run(input, limits: limits, from: start, wholeDocument: false, buffers: Buffers(forBytes: bytes))
        switch outcome.end {
        case .failure(let failure): throw failure
        case .success(let end): return (TapeStorage(nodes: outcome.buffers.tape), end)
        }
    }

    /// Parses the one value starting at `start` (after whitespace) into `tape`, emptied first, in its memory,
    /// with the scratch buffers in `scratch` (made when nil): a stream's records, one after another, allocate
    /// nothing for their parse (see `TapeStorage.parseValue`). Returns the offset after the value, or the failure.
    static func parseValue(in input: ByteReader, from start: Int, limits: ParseLimits, into tape: inout GrowableBuffer<TapeNode>,
                           scratch: inout Scratch?) -> Result<Int, ParseFailure> {
        let buffers = Buffers(tape: tape, scratch: scratch.take() ?? Scratch())
        let outcome = run(input, limits: limits, from: start, wholeDocument: false, buffers: buffers)
        tape = outcome.buffers.tape
        scratch = .some(outcome.buffers.scratch)
        return outcome.end
    }

    /// The one function the structure loop is compiled into (see the type's comment): the whole document
    /// (`wholeDocument`: a byte order mark skipped, nothing but whitespace after the value) or the one value at
    /// `start`. The buffers come back whatever happens; on a failure the tape holds no meaningful nodes.
    @inline(never)
    private static func run(_ input: ByteReader, limits: ParseLimits, from start: Int, wholeDocument: Bool,
                            buffers: consuming Buffers) -> Outcome {
        var parser = JSONParser(input: input, limits: limits, buffers: buffers)
        let end: Result<Int, ParseFailure>
        do throws(ParseFailure) {
            if wholeDocument {
                try parser.beginDocument()
            } else {
                try parser.beginValue(at: start)
            }
            try parser.parseValues()
            if wholeDocument {
                try parser.endDocument()
            }
            end = .success(parser.position)
        } catch {
            end = .failure(error)
        }
        return Outcome(end: end, buffers: parser.takeBuffers())
    }

    /// The tape and the scratch buffers; consumes the parser.
    private consuming func takeBuffers() -> Buffers {
        Buffers(tape: tape, scratch: Scratch(stack: stack, keyFilters: keyFilters))
    }

    /// Before a whole document: the size limit, a byte order mark, whitespace, and something to parse.
    @inline(always)
    private mutating func beginDocument() throws(ParseFailure) {
        if let failure = limits.inputSizeFailure(input.count) { throw failure }
        skipByteOrderMark()
        skipWhitespace()
        guard position < input.count else {
            throw JSONParser.failure(input.count == 0 ? "The input is empty" : "The input contains no JSON value", at: position)
        }
    }

    /// Before one value at `start`: the size limit and something to parse.
    @inline(always)
    private mutating func beginValue(at start: Int) throws(ParseFailure) {
        // The size compared here first: a stream's records come here one by one, and the call returning an
        // optional failure cost each about 40 instructions.
        if input.count > limits.maximumInputSize, let failure = limits.inputSizeFailure(input.count) { throw failure }
        position = start
        skipWhitespace()
        guard position < input.count else {
            throw JSONParser.failure("Unexpected end of input: expected a value", at: position)
        }
    }

    /// After a whole document's value: nothing but whitespace.
    @inline(always)
    private mutating func endDocument() throws(ParseFailure) {
        skipWhitespace()
        if position < input.count {
            throw JSONParser.trailingContentFailure(input, at: position)
        }
    }

    /// A UTF-8 byte order mark is ignored, as RFC 8259 §8.1 allows.
    @inline(always)
    mutating func skipByteOrderMark() {
        if input.count >= 3, input.byte(0) == 0xEF, input.byte(1) == 0xBB, input.byte(2) == 0xBF {
            position = 3
        }
    }

    // MARK: - Structure

    /// Parses one top-level value, with all nested values, using `stack` instead of recursion.
    @inline(always)
    private mutating func parseValues() throws(ParseFailure) {
        while true {
            // Expecting a value at `position`, whitespace already skipped (by every path that comes back here).
            guard try parseOneValue() else {
                // A container was opened and is not empty: its first element or member value comes next.
                continue
            }
            // After a value: close containers or move to the next element/member.
            while true {
                guard depth > 0 else { return }
                let isObject = current.isObject
                guard position < input.count else {
                    throw JSONParser.failure(isObject ? "Unexpected end of input: expected ',' or '}'" : "Unexpected end of input: expected ',' or ']'", at: position)
                }
                var byte = input.byte(position)
                if byte <= UInt8(ascii: " ") {
                    skipWhitespace(beforeCloser: true)
                    guard position < input.count else {
                        throw JSONParser.failure(isObject ? "Unexpected end of input: expected ',' or '}'" : "Unexpected end of input: expected ',' or ']'", at: position)
                    }
                    byte = input.byte(position)
                }
                current.count &+= 1
                if byte == UInt8(ascii: ",") {
                    position &+= 1
                    skipWhitespace(beforeCloser: false)
                    // A closing bracket right after the comma (a trailing comma) is told apart where the key or
                    // value fails to start: `keyFailure`, `valueFailure`.
                    if isObject {
                        try parseKeyAndColon(first: false)
                    }
                    break
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position &+= 1
                    try closeContainer()
                } else {
                    throw JSONParser.separatorFailure(input, at: position, inObject: isObject)
                }
            }
        }
    }

    /// Parses the value at `position`. For `{` and `[` it only opens the container (and, for an object,
    /// reads the first key), or opens and closes an empty one. Returns whether a whole value was read
    /// (false when a non-empty container was opened).
    @inline(always)
    private mutating func parseOneValue() throws(ParseFailure) -> Bool {
        guard position < input.count else {
            throw JSONParser.failure("Unexpected end of input: expected a value", at: position)
        }
        let byte = input.byte(position)
        switch byte {
        case UInt8(ascii: "\""):
            try scanString(isKey: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
        case UInt8(ascii: "{"):
            try openContainer(kind: .object)
            skipWhitespace(beforeCloser: false)
            if position < input.count, input.byte(position) == UInt8(ascii: "}") {
                position &+= 1
                try closeContainer()
            } else {
                try parseKeyAndColon(first: true)
                return false
            }
        case UInt8(ascii: "["):
            try openContainer(kind: .array)
            skipWhitespace(beforeCloser: false)
            if position < input.count, input.byte(position) == UInt8(ascii: "]") {
                position &+= 1
                try closeContainer()
            } else {
                return false
            }
        case UInt8(ascii: "t"):
            try scanLiteral(length: 4, kind: .true, word: JSONParser.trueWord)
        case UInt8(ascii: "f"):
            try scanLiteral(length: 5, kind: .false, word: JSONParser.falseWord)
        case UInt8(ascii: "n"):
            try scanLiteral(length: 4, kind: .null, word: JSONParser.nullWord)
        default:
            throw JSONParser.valueFailure(input, at: position, afterCommaInArray: depth > 0 && !current.isObject)
        }
        return true
    }

    /// Reads `"key"` and the `:` after it, leaving `position` at the member's value. `first`: the object's
    /// first key. An object that follows a template (DuplicateKeys.swift) compares the key with the template's
    /// next one instead of scanning it, and leaves the template where they differ.
    @inline(always)
    private mutating func parseKeyAndColon(first: Bool) throws(ParseFailure) {
        guard position < input.count, input.byte(position) == UInt8(ascii: "\"") else {
            throw JSONParser.keyFailure(input, at: position)
        }
        if !first && current.keyState > JSONParser.repeatedKey {
            if !followTemplate() {
                leaveTemplate()
                try scanString(isKey: true, first: false)
            }
        } else {
            try scanString(isKey: true, first: first)
        }
        // The colon mostly follows the key at once, and pretty-printed JSON puts one space after it: `": "`
        // followed by a value's first byte is looked for first, with one load of two bytes.
        if position &+ 3 <= input.count, input.pair(position) == JSONParser.colonSpace, input.byte(position &+ 2) > UInt8(ascii: " ") {
            position &+= 2
            return
        }
        if position >= input.count || input.byte(position) != UInt8(ascii: ":") {
            skipWhitespace()
            guard position < input.count, input.byte(position) == UInt8(ascii: ":") else {
                throw JSONParser.colonFailure(input, at: position)
            }
        }
        position &+= 1
        skipWhitespace()
    }

    @inline(always)
    private mutating func openContainer(kind: NodeKind) throws(ParseFailure) {
        guard depth < limits.maximumDepth else {
            throw JSONParser.depthFailure(limits, at: position)
        }
        if depth > 0 {
            stack.append(current)
        }
        // An object's key filter is emptied by its first key when no template is found (`noteFirstKey`).
        current = OpenContainer(node: tape.count, count: 0, keyState: 0, isObject: kind == .object)
        depth &+= 1
        tape.append(TapeNode(openingAt: UInt32(truncatingIfNeeded: position), kind: kind))
        position &+= 1
    }

    @inline(always)
    private mutating func closeContainer() throws(ParseFailure) {
        guard depth > 0 else { return }
        let container = current
        current = stack.popLast() ?? .topLevel
        depth &-= 1
        guard container.count <= TapeNode.maximumCount else {
            throw JSONParser.failure("A container has more than \(TapeNode.maximumCount) elements", at: position &- 1, limit: "containerSize")
        }
        guard tape.count < Int(UInt32.max) else {
            throw JSONParser.failure("The input has more values than Salvage can index", at: position &- 1, limit: "valueCount")
        }
        // An object that followed its template to the end repeats no key (DuplicateKeys.swift).
        var repeatsAKey = container.keyState == JSONParser.repeatedKey
        if container.isObject && container.keyState == 0 && container.count > 0 {
            if container.count > JSONParser.smallObjectKeys {
                repeatsAKey = JSONParser.largeObjectRepeatsAKey(input, tape.elements, object: container.node, memberCount: container.count)
            }
            if !repeatsAKey {
                JSONParser.rememberTemplate(input, tape.elements, object: container.node, templates: keyFilters.writableElements(from: 0))
            }
        }
        // The open node held the container's offset until now: it moves to the close node, appended here, and
        // the open node records the close node's index (see `Tape.swift`).
        let open = tape[container.node]
        tape[container.node] = open.closed(at: tape.count, count: container.count, flag: repeatsAKey)
        tape.append(TapeNode(closingContainerAt: open.payload))
    }

    /// `": "` as `ByteReader.pair` loads it.
    static let colonSpace: UInt16 = 0x203A

    /// `true`, `false` and `null` as the low bytes of a little-endian word (what `ByteReader.word` loads).
    static let trueWord: UInt64 = 0x6575_7274, falseWord: UInt64 = 0x65_736C_6166, nullWord: UInt64 = 0x6C6C_756E

    /// Reads the literal of `length` bytes at `position`, whose bytes `word` holds: where eight input bytes
    /// are left, one masked word compare checks the whole literal (twitter.json has about 2,000 of them).
    @inline(always)
    private mutating func scanLiteral(length: Int, kind: NodeKind, word: UInt64) throws(ParseFailure) {
        let start = position
        if start &+ 8 <= input.count {
            guard input.word(start) & ((1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1) == word else {
                throw JSONParser.literalFailure(kind, at: start)
            }
        } else if !JSONParser.literalMatches(input, at: start, length: length, word: word) {
            throw JSONParser.literalFailure(kind, at: start)
        }
        tape.append(TapeNode(kind: kind, start: UInt32(truncatingIfNeeded: start), extent: UInt32(truncatingIfNeeded: length)))
        position = start &+ length
    }

    /// Whether the `length` bytes of `word` (low byte first) are at `start`, for the last seven bytes of the
    /// input, where a word cannot be loaded.
    @inline(never)
    private static func literalMatches(_ input: ByteReader, at start: Int, length: Int, word: UInt64) -> Bool {
        for index in 0 ..< length {
            guard start + index < input.count,
                  input.byte(start + index) == UInt8(truncatingIfNeeded: word &>> UInt64(index * 8)) else { return false }
        }
        return true
    }
}
