/// Where a stream of records (`decodeRecords`) starts again after a record that is not valid JSON.
///
/// The rule (documented on `decodeRecords(data:to:)` and in Docs/ErrorReporting.md):
///
/// - A record that parses is accepted whole, however many lines it spans; the next one starts right after it.
/// - A record that fails never consumes the lines after its first one. The parser may have read on (a
///   truncated `{"n":1` reads the next line as its continuation), so the part it read, up to the byte it
///   failed at, is looked at again line by line: every later line there that begins a value which ends
///   before that byte begins a record of its own (the parser validated it, so it parses).
/// - Then decoding goes on at the failing byte when it is the first character of a later line (that line
///   may be a record: `{"n":2}` after `{"n":1`), or else at the line after it.
/// - Directly after a failed record, lines that can only be the inside or the end of a broken value —
///   starting with `}`, `]`, `,` or `:`, or with an object key — are skipped as part of it.
///
/// Each byte is read a bounded number of times: by the failed parse, once by `scanFailedRecord`, and by
/// the parse of at most one value that begins a line; so recovery is linear in the input.
enum RecordBoundaries {
    /// What `scanFailedRecord` learned about the bytes a failed record's parse read.
    struct FailedRecord {
        /// The offsets of later lines' first values inside the read part that may be records: containers
        /// that close before the failure, and scalars and strings (their parse decides). In order.
        var candidates: [Int] = []
        /// Whether the failing byte is the first non-blank byte of a line after the record's first line.
        var failsAtLaterLineStart = false
    }

    /// Looks again at `start ..< failure`, the bytes the parser read (and accepted) before failing at
    /// `failure`, for the values that begin a later line (see ``FailedRecord``). One pass; strings cannot
    /// hold a raw line break, so every line break seen outside a string separates lines of JSON text.
    static func scanFailedRecord(in input: ByteReader, from start: Int, to failure: Int) -> FailedRecord {
        /// Each later line's first value: where it starts and whether it ends before the failure.
        var lineValues: [(offset: Int, ends: Bool)] = []
        /// The containers that began a line and are still open: their entry and the depth outside them.
        var openAtLineStart: [(entry: Int, depth: Int)] = []
        var depth = 0
        var inString = false
        var atLineStart = false
        var index = start
        let end = min(failure, input.count)
        while index < end {
            let byte = input.byte(index)
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                atLineStart = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                break
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if atLineStart {
                    openAtLineStart.append((lineValues.count, depth))
                    lineValues.append((index, false))
                }
                atLineStart = false
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                atLineStart = false
                depth -= 1
                if let open = openAtLineStart.last, open.depth == depth {
                    openAtLineStart.removeLast()
                    lineValues[open.entry].ends = true
                }
            default:
                if atLineStart && startsScalarOrString(byte) {
                    // A scalar or string cannot span lines: its own parse says whether it is whole.
                    lineValues.append((index, true))
                }
                atLineStart = false
                if byte == UInt8(ascii: "\"") { inString = true }
            }
            index += 1
        }
        // Containers still open at the failure are part of the broken value.
        return FailedRecord(candidates: lineValues.filter(\.ends).map(\.offset),
                            failsAtLaterLineStart: atLineStart && end == failure)
    }

    /// The offset of the `,` or `]` that ends a broken array element starting at `start`, if one is found
    /// before `end` (see ``ElementEndScanner``). Nil when the element's end is not in `start ..< end`.
    static func elementEnd(in input: ByteReader, from start: Int, to end: Int) -> Int? {
        var scanner = ElementEndScanner()
        return scanner.scan(input, from: start, to: end)
    }

    /// Looks for the end of a broken array element — the first `,` or `]` outside strings and outside the
    /// containers the element opened — in pieces, so an element too large to keep can be skipped as it
    /// streams by. A string ends at its closing quote or at a raw line break (which it cannot hold); a
    /// closing bracket closes the innermost container of its kind (`{"a":[1}` closes both), and one the
    /// element did not open is taken as part of it.
    struct ElementEndScanner {
        /// The containers open, innermost last (at most `maximumKept`; deeper ones are only counted).
        private var open: [UInt8] = []
        private var deeper = 0
        private var inString = false
        private var escaped = false
        private static let maximumKept = 4096

        /// The offset of the element's end in `start ..< end`, or nil after reading all of it.
        mutating func scan(_ input: ByteReader, from start: Int, to end: Int) -> Int? {
            var index = start
            let end = min(end, input.count)
            while index < end {
                let byte = input.byte(index)
                index += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if open.count < Self.maximumKept { open.append(byte) } else { deeper += 1 }
                case UInt8(ascii: "]") where open.isEmpty, UInt8(ascii: ",") where open.isEmpty:
                    return index - 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if deeper > 0 {
                        deeper -= 1
                    } else {
                        let opener = byte == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")
                        var match = open.count - 1
                        while match >= 0 && open[match] != opener { match -= 1 }
                        if match >= 0 { open.removeSubrange(match...) }
                    }
                default:
                    break
                }
            }
            return nil
        }
    }

    /// Whether `byte` starts a JSON value other than an object or array.
    static func startsScalarOrString(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    /// Whether a line starting with `byte` can only be the inside or the end of a value: `}`, `]`, `,`, `:`.
    static func startsContinuation(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")
    }

    /// The offset just after the first line break (`\n` or `\r`) at or after `offset`, or the end of the input.
    static func nextLine(after offset: Int, in input: ByteReader) -> Int {
        var index = offset
        while index < input.count {
            let byte = input.byte(index)
            index += 1
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return index }
        }
        return input.count
    }

    /// The offset of the first byte at or after `offset` that is not JSON whitespace (or the end).
    static func skipWhitespace(from offset: Int, in input: ByteReader) -> Int {
        JSONParser.skipWhitespaceRun(input, from: offset)
    }

    /// The offset of the `:` after the value ending at `end` on the same line (after spaces and tabs), if
    /// there is one: a string followed by `:` is an object member, not a record.
    static func colon(after end: Int, in input: ByteReader) -> Int? {
        var index = end
        while index < input.count, input.byte(index) == UInt8(ascii: " ") || input.byte(index) == UInt8(ascii: "\t") {
            index += 1
        }
        return index < input.count && input.byte(index) == UInt8(ascii: ":") ? index : nil
    }
}
