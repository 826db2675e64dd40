// Cutting a top-level array's bytes into batches of whole elements, for `ArrayBatchDecoding.swift`.
//
// A batch is the bytes between the array's `[` (or a top-level `,`) and a later top-level `,` (or the array's
// `]`), wrapped in `[` and `]` — so its parse is an array at node 0, its elements one level down, as in the whole
// document, and byte `j` of the batch's text (`j ≥ 1`) is byte `base + j` of the input. Where a batch ends is
// found by a quick scan (strings and nesting, no validation): the batch's parse validates its bytes, and a
// batch that does not parse as exactly one array of at least one element gives up the batched decode. Valid
// batches joined by the commas between them are the whole array, so its parse is the whole document's parse.

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
        guard let (cut, closesArray) = Self.cut(bytes, from: start, after: batchBytes) else { return .giveUp }
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
        while index < bytes.count {
            let byte = bytes.byte(index)
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            index += 1
        }
        return index
    }
}
