// Cutting a top-level array's bytes into batches of whole elements, for `ArrayBatchDecoding.swift`.
//
// A batch is the bytes between the array's `[` (or a top-level `,`) and a later top-level `,` (or the array's
// `]`), wrapped in `[` and `]` — so its parse is an array at node 0, its elements one level down, as in the whole
// document, and byte `j` of the batch's text (`j ≥ 1`) is byte `base + j` of the input.
//
// Any cut at a `,` of the input is safe: when every batch parses as one array, the batches joined by the commas
// between them are the whole array, so the whole document is valid and its parse is the batches' parses, element
// for element, at the same depth. A cut inside a string or inside an element leaves the batch with a string or a
// container that does not close, so its parse fails. So a cut is first guessed cheaply — the first `,` after
// `batchBytes` between a `}` or `]` and a `{` or `[` (`},{`: an array of objects), found with `memchr` — and
// only when the batch does not parse is it found again by scanning strings and nesting from the batch's start
// (`rescanExactly`, also the way for arrays of scalars); a batch that does not parse then gives up the batched
// decode (the input is not one valid array, or the scan cannot tell).

/// The batches of a top-level array, in order (see the top of this file).
struct ArrayBatches {
    /// One batch: its text (`[` + the input's bytes + `]`) and the input offset its first byte stands for.
    struct Batch {
        let text: [UInt8]
        let base: Int
    }

    /// What `next` found.
    enum Step {
        case batch(Batch)
        /// The array's `]` was read, and nothing but whitespace follows it.
        case end
        /// The input is not one array of at least one element (or the scan cannot tell): decode it whole.
        case giveUp
    }

    /// The input bytes a batch takes at least (the last one may take fewer).
    let batchBytes: Int
    /// Where the next batch's bytes start: after the array's `[` or after a top-level `,`; nil after the last.
    private var start: Int?
    /// Where the last batch started, and whether its cut was guessed (see the top of this file).
    private var lastStart = 0
    private var lastGuessed = false
    /// Set when the next cut must be found by the exact scan.
    private var scansExactly = false
    /// Cleared once a guess found no cut or a wrong one: the input is not an array of objects as guessed.
    private var guessesCuts = true

    /// The batches of `bytes` when they are a top-level array (after a byte order mark and whitespace) that is
    /// not empty; nil otherwise.
    init?(_ bytes: ByteReader, batchBytes: Int) {
        var index = 0
        if bytes.count >= 3 && bytes.byte(0) == 0xEF && bytes.byte(1) == 0xBB && bytes.byte(2) == 0xBF { index = 3 }
        index = Self.skipWhitespace(bytes, from: index)
        guard index < bytes.count, bytes.byte(index) == UInt8(ascii: "[") else { return nil }
        let first = Self.skipWhitespace(bytes, from: index + 1)
        guard first < bytes.count, bytes.byte(first) != UInt8(ascii: "]") else { return nil }
        self.batchBytes = max(1, batchBytes)
        start = index + 1
    }

    /// The next batch, the end, or why the input must be decoded whole.
    mutating func next(_ bytes: ByteReader) -> Step {
        guard let start else { return .end }
        let guessed = scansExactly || !guessesCuts ? nil : Self.guessedCut(bytes, from: start, after: batchBytes)
        if guessed == nil { guessesCuts = false }
        guard let (cut, closesArray) = guessed ?? Self.cut(bytes, from: start, after: batchBytes) else { return .giveUp }
        (lastStart, lastGuessed, scansExactly) = (start, guessed != nil, false)
        if closesArray {
            guard Self.skipWhitespace(bytes, from: cut + 1) == bytes.count else { return .giveUp }
            self.start = nil
        } else {
            self.start = cut + 1
        }
        var text: [UInt8] = []
        text.reserveCapacity(cut - start + 2)
        text.append(UInt8(ascii: "["))
        text.append(contentsOf: bytes.slice(start, length: cut - start).buffer)
        text.append(UInt8(ascii: "]"))
        return .batch(Batch(text: text, base: start - 1))
    }

    /// After the last batch did not parse: true when its cut was guessed, and `next` now gives the same batch
    /// cut by the exact scan; false when there is nothing left to try.
    mutating func rescanExactly() -> Bool {
        guard lastGuessed else { return false }
        (start, lastGuessed, scansExactly, guessesCuts) = (lastStart, false, true, false)
        return true
    }

    /// A guessed cut (see the top of this file): the first `},{`-like `,` at least `minimum` bytes after `start`
    /// (within 64 KiB more), or the input's last `]` (after nothing but whitespace) when it ends before that.
    private static func guessedCut(_ bytes: ByteReader, from start: Int, after minimum: Int) -> (index: Int, closesArray: Bool)? {
        let end = bytes.count
        guard minimum < end - start else {
            var last = end - 1
            while last > start, isWhitespace(bytes.byte(last)) { last -= 1 }
            return last > start && bytes.byte(last) == UInt8(ascii: "]") ? (last, true) : nil
        }
        var index = start + minimum
        let limit = min(end, index + (64 << 10))
        while let comma = bytes.firstIndex(of: UInt8(ascii: ","), from: index, to: limit) {
            var before = comma - 1
            while before > start, isWhitespace(bytes.byte(before)) { before -= 1 }
            var after = comma + 1
            while after < end, isWhitespace(bytes.byte(after)) { after += 1 }
            if after < end, bytes.byte(before) == UInt8(ascii: "}") || bytes.byte(before) == UInt8(ascii: "]"),
               bytes.byte(after) == UInt8(ascii: "{") || bytes.byte(after) == UInt8(ascii: "[") {
                return (comma, false)
            }
            index = comma + 1
        }
        return nil
    }

    /// The first top-level `,` at least `minimum` bytes after `start`, or the `]` that closes the array, whichever
    /// comes first (`closesArray`); nil when the input ends first or a bracket does not match its nesting.
    private static func cut(_ bytes: ByteReader, from start: Int, after minimum: Int) -> (index: Int, closesArray: Bool)? {
        var depth = 0
        var index = start
        let end = bytes.count
        while index < end {
            let byte = bytes.byte(index)
            switch byte {
            case UInt8(ascii: "\""):
                // Skip the string: to its closing quote, an escape taking the byte after it.
                index += 1
                while index < end {
                    let inner = bytes.byte(index)
                    if inner == UInt8(ascii: "\"") { break }
                    index += inner == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                guard depth > 0 else { return nil }
                depth -= 1
            case UInt8(ascii: "]"):
                if depth == 0 { return (index, true) }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 && index - start >= minimum { return (index, false) }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static func skipWhitespace(_ bytes: ByteReader, from start: Int) -> Int {
        var index = start
        while index < bytes.count, isWhitespace(bytes.byte(index)) { index += 1 }
        return index
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
