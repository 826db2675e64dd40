// The tape: the flat, index-based form a JSON text is parsed into.
//
// Every JSON value becomes one `TapeNode` of 8 bytes, in document order, and every array and object one more
// node where it ends (its *close node*). Object members are stored as a key node (always a string) immediately
// followed by the value's node(s). Nothing is unescaped or converted while parsing: a scalar node records where
// its text starts and how long it is, and the decoder converts it only when somebody asks for it. A container's
// node (its *open node*) records the index of its close node, so skipping a whole subtree is a single step, and
// how many elements or members it has; the close node records where the container's text starts.
//
// The document `{"id": 7, "tags": ["a", "b"], "ok": true}` (offsets are byte offsets into the input):
//
//     index  kind    word  header                notes
//     0      object  10    count 3               word: the index of the object's close node
//     1      string  2     length 2              key "id" (word: the offset after the quote; length: of the content)
//     2      number  7     length 1, flag        7 (flag: plain integer)
//     3      string  11    length 4              key "tags"
//     4      array   7     count 2               word: the index of the array's close node
//     5      string  20    length 1              "a"
//     6      string  25    length 1              "b"
//     7      (close) 18                          the array's close node; word: the array's offset
//     8      string  31    length 2              key "ok"
//     9      true    36    length 4
//     10     (close) 0                           the object's close node; word: the object's offset
//
// A container's children are the nodes from `index + 1` up to its close node; the node after a value is
// `index + 1` for a scalar and `close + 1` for a container (`TapeNode.index(after:)`), which is all a decoder
// needs to walk an object's members or an array's elements without recursion. Only error locations, which
// need a container's byte offset (`JSONDocument.sourceOffset`), read its close node; the decoders never land
// on one. Before the 2026-11-25 night a node was 12 bytes (start, extent, header) and a container had no close
// node: the benchmark's flaky persons take 160 tape bytes instead of 204, its small records 80 instead of 108.

/// The JSON kind of a tape node.
@usableFromInline
enum NodeKind: UInt32, Sendable {
    case null = 0
    case `false` = 1
    case `true` = 2
    case number = 3
    case string = 4
    case array = 5
    case object = 6
}

/// One value on the tape (or a container's close node): 8 bytes. See the drawing at the top of this file.
///
/// `payload`: a scalar's text start (for strings: just after the opening quote); an open node's close node
/// index; a close node's container offset (its `[` or `{`).
///
/// `header` packs the kind (bits 0–2) and one flag (bit 3), then
/// - containers: the child count (bits 4–31); the flag says, for an object, that at least two members share a
///   key, so lookups must find the last one;
/// - scalars: hints in bits 4–9 and the text's byte length in bits 10–31 (`lengthShift`). A string's flag says
///   the text contains escapes and must be unescaped on the slow path; its bit 4 says the text contains a
///   non-ASCII byte, so ASCII text becomes a `String` marked ASCII. A number's flag says the text is a plain
///   integer (no fraction, no exponent); its bit 4 says it has a fraction, no exponent and at most 19 digits,
///   and then bits 5–9 hold how many digits come before the decimal point (`TapeNode.shortDecimalBit`,
///   `Parsing/NumberScanning.swift`). A text of `lengthSentinel` bytes or more (4 MiB) records the sentinel,
///   and its length is measured again from the text when read (`length(in:)`);
/// - close nodes: `closeHeader` (a `null` with the flag, which no value has).
@usableFromInline
struct TapeNode: Sendable {
    /// Scalars: the byte offset where the text starts; open nodes: the index of the close node; close nodes:
    /// the byte offset of the container's `[` or `{`.
    @usableFromInline var payload: UInt32
    @usableFromInline var header: UInt32

    @usableFromInline static let flagBit: UInt32 = 0b1000
    /// Strings only: the text has a byte >= 0x80.
    @usableFromInline static let nonASCIIBit: UInt32 = 0b1_0000
    @usableFromInline static let countShift: UInt32 = 4
    /// The largest child count a container can record; the parser rejects larger containers.
    static let maximumCount = Int(UInt32.max >> countShift)
    /// Where a scalar's text length starts in `header` (below it: the kind, the flag and the hints).
    @usableFromInline static let lengthShift: UInt32 = 10
    /// The length a scalar records when its text is this long or longer (22 bits, all ones: 4 MiB - 1 bytes):
    /// readers then measure the text again (`measuredLength(in:)`).
    @usableFromInline static let lengthSentinel = Int(UInt32.max >> lengthShift)
    /// The header of a close node.
    @usableFromInline static let closeHeader: UInt32 = NodeKind.null.rawValue | flagBit

    /// A literal (`true`, `false`, `null`) at `start`, `extent` bytes long.
    init(kind: NodeKind, start: UInt32, extent: UInt32) {
        self.payload = start
        self.header = kind.rawValue | TapeNode.packedLength(extent)
    }

    /// A string node; `nonASCII` says its text has a byte >= 0x80.
    init(stringAt start: UInt32, length: UInt32, hasEscapes: Bool, nonASCII: Bool) {
        self.payload = start
        self.header = NodeKind.string.rawValue | (hasEscapes ? TapeNode.flagBit : 0) | (nonASCII ? TapeNode.nonASCIIBit : 0)
            | TapeNode.packedLength(length)
    }

    /// The open node of a container at byte offset `start`, while it is being parsed: the offset waits in
    /// `payload` until `closeContainer` moves it to the close node (`closed(at:count:flag:)`).
    init(openingAt start: UInt32, kind: NodeKind) {
        self.payload = start
        self.header = kind.rawValue
    }

    /// The close node of a container whose text starts at byte offset `start`.
    init(closingContainerAt start: UInt32) {
        self.payload = start
        self.header = TapeNode.closeHeader
    }

    /// `length` in its place in a scalar's header: the sentinel when it does not fit.
    @inline(__always)
    static func packedLength(_ length: UInt32) -> UInt32 {
        min(length, UInt32(lengthSentinel)) << lengthShift
    }

    @inlinable @inline(__always)
    var kind: NodeKind {
        // Every header is written from a `NodeKind`, so the raw value is always valid.
        NodeKind(rawValue: header & 0b111) ?? .null
    }

    @inlinable
    var flag: Bool { header & TapeNode.flagBit != 0 }

    /// Containers only: the number of elements or members.
    @inlinable
    var count: Int { Int(header >> TapeNode.countShift) }

    /// Scalars only: the byte offset where the text starts (for strings: just after the opening quote).
    @inlinable
    var start: UInt32 { payload }

    /// Open nodes only: the index of the close node, where the container's children end.
    @inlinable
    var closeIndex: Int { Int(payload) }

    /// Strings only: whether the text is all ASCII (no byte >= 0x80).
    @inlinable
    var isASCIIString: Bool { header & TapeNode.nonASCIIBit == 0 }

    @inlinable
    var isContainer: Bool { header & 0b111 >= NodeKind.array.rawValue }

    /// Whether this is a container's close node (never a value).
    var isCloseNode: Bool { header == TapeNode.closeHeader }

    /// The index of the node after this one's value and all its descendants, this node being at `index`: the
    /// next element or member key, or the enclosing container's close node.
    @inlinable @inline(__always)
    func index(after index: Int) -> Int {
        isContainer ? Int(payload) &+ 1 : index &+ 1
    }

    /// Scalars only: the byte length of the text (for strings: of the content between the quotes), measured
    /// again from `input` when the header holds the sentinel.
    @inline(__always)
    func length(in input: ByteReader) -> Int {
        let length = storedLength
        return length != TapeNode.lengthSentinel ? length : measuredLength(in: input)
    }

    /// Scalars only: the length field as stored, the text's byte length when it is below `lengthSentinel` (the
    /// sentinel otherwise). For the hot paths that know the text is short (a short decimal has at most 21
    /// bytes) or compare it with a length below the sentinel (a key looked up); the rest use `length(in:)`.
    @inlinable @inline(__always)
    var storedLength: Int { Int(truncatingIfNeeded: header >> TapeNode.lengthShift) }

    /// The length of a scalar text too long for the header (4 MiB or more), found by reading it again: the
    /// parser has validated it, so a string ends at the first quote that is not escaped and a number where
    /// its grammar ends. Rare (a base64 image in a string), and linear like the copy
    /// that follows it.
    @inline(never)
    func measuredLength(in input: ByteReader) -> Int {
        let start = Int(payload)
        var end = start
        if kind == .string {
            while true {
                let byte = input.byte(end)
                if byte == UInt8(ascii: "\"") { break }
                end += byte == UInt8(ascii: "\\") ? 2 : 1
            }
        } else {
            // The number grammar, not just its bytes: in a stream the next value may follow without a separator
            // (`…9-5`), so a second sign or point ends the number, as it ended the parser's scan.
            func isDigit(_ offset: Int) -> Bool { offset < input.count && (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(input.byte(offset)) }
            if end < input.count && input.byte(end) == UInt8(ascii: "-") { end += 1 }
            while isDigit(end) { end += 1 }
            if end < input.count && input.byte(end) == UInt8(ascii: ".") {
                end += 1
                while isDigit(end) { end += 1 }
            }
            if end < input.count && (input.byte(end) | 0x20) == UInt8(ascii: "e") {
                end += 1
                if end < input.count && (input.byte(end) == UInt8(ascii: "+") || input.byte(end) == UInt8(ascii: "-")) { end += 1 }
                while isDigit(end) { end += 1 }
            }
        }
        return end - start
    }

    /// This open node once its container closed: `count` children, `flag` (an object repeats a key), and its
    /// close node at `closeIndex`.
    func closed(at closeIndex: Int, count: Int, flag: Bool) -> TapeNode {
        var node = self
        node.payload = UInt32(truncatingIfNeeded: closeIndex)
        node.header = (header & 0b111) | (flag ? TapeNode.flagBit : 0) | (UInt32(truncatingIfNeeded: count) << TapeNode.countShift)
        return node
    }
}
