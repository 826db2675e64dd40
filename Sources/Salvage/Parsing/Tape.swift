// The tape: the flat, index-based form a JSON text is parsed into.
//
// Every JSON value becomes one `TapeNode` of 12 bytes, in document order. Object members are stored as a key
// node (always a string) immediately followed by the value's node(s). Nothing is unescaped or converted while
// parsing: a scalar node records where its text starts and how long it is, and the decoder converts it only
// when somebody asks for it. A container node records the index one past its last descendant (`extent`), so
// skipping a whole subtree is a single step, and how many elements or members it has.
//
// The document `{"id": 7, "tags": ["a", "b"], "ok": true}` (offsets are byte offsets into the input):
//
//     index  kind    start  extent  count  notes
//     0      object  0      9       3      extent 9: the node after the object's last descendant
//     1      string  2      2              key "id" (start: after the quote; extent: content length)
//     2      number  7      1              7 (flag: plain integer)
//     3      string  11     4              key "tags"
//     4      array   18     7       2      extent 7: the node after "b"
//     5      string  20     1              "a"
//     6      string  25     1              "b"
//     7      string  31     2              key "ok"
//     8      true    36     4
//
// The node after a value is therefore `index + 1` for a scalar and `extent` for a container, which is all a
// decoder needs to walk an object's members or an array's elements without recursion.

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

/// One value on the tape. See the drawing at the top of this file.
///
/// `header` packs the kind (bits 0–2), one flag (bit 3) and, for containers, the child count (bits 4–31):
/// - string: the flag says the text contains escapes and must be unescaped on the slow path; bit 4 (a string
///   has no count) says the text contains a non-ASCII byte, so ASCII text becomes a `String` marked ASCII;
/// - number: the flag says the text is a plain integer (no fraction, no exponent); bit 4 (a number has no
///   count) says it has a fraction, no exponent and at most 19 digits, and then bits 5–9 hold how many digits come
///   before the decimal point (`TapeNode.shortDecimalBit`, `Parsing/NumberScanning.swift`);
/// - object: the flag says at least two members share a key, so lookups must find the last one.
@usableFromInline
struct TapeNode: Sendable {
    /// Byte offset where the value's text starts (for strings: just after the opening quote).
    @usableFromInline var start: UInt32
    /// Scalars: byte length of the text (for strings: of the content between the quotes).
    /// Containers: index of the first node after this container's last descendant.
    @usableFromInline var extent: UInt32
    @usableFromInline var header: UInt32

    @usableFromInline static let flagBit: UInt32 = 0b1000
    /// Strings only: the text has a byte >= 0x80 (containers keep their count in these bits).
    @usableFromInline static let nonASCIIBit: UInt32 = 0b1_0000
    @usableFromInline static let countShift: UInt32 = 4
    /// The largest child count a container can record; the parser rejects larger containers.
    static let maximumCount = Int(UInt32.max >> countShift)

    init(kind: NodeKind, start: UInt32, extent: UInt32, flag: Bool = false) {
        self.start = start
        self.extent = extent
        self.header = kind.rawValue | (flag ? TapeNode.flagBit : 0)
    }

    /// A string node; `nonASCII` says its text has a byte >= 0x80.
    init(stringAt start: UInt32, length: UInt32, hasEscapes: Bool, nonASCII: Bool) {
        self.start = start
        self.extent = length
        self.header = NodeKind.string.rawValue | (hasEscapes ? TapeNode.flagBit : 0) | (nonASCII ? TapeNode.nonASCIIBit : 0)
    }

    @inlinable @inline(__always)
    var kind: NodeKind {
        // Every header is written from a `NodeKind`, so the raw value is always valid.
        NodeKind(rawValue: header & 0b111) ?? .null
    }

    @inlinable
    var flag: Bool { header & TapeNode.flagBit != 0 }

    @inlinable
    var count: Int { Int(header >> TapeNode.countShift) }

    /// Strings only: whether the text is all ASCII (no byte >= 0x80).
    @inlinable
    var isASCIIString: Bool { header & TapeNode.nonASCIIBit == 0 }

    @inlinable
    var isContainer: Bool { header & 0b111 >= NodeKind.array.rawValue }

    mutating func setCount(_ count: Int, flag: Bool) {
        header = (header & 0b111) | (flag ? TapeNode.flagBit : 0) | (UInt32(truncatingIfNeeded: count) << TapeNode.countShift)
    }
}
