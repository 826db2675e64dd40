// The finished tape, in the memory the parser wrote it into.
//
// The parser's buffer is moved in, not copied into an `Array`: that avoids holding the tape twice at the peak
// of a large decode (on a 100 MB input the tape is over 100 MB). The buffer frees its memory when this object
// goes (see `GrowableBuffer.swift`). Reads are bounds-checked like an `Array`'s, so a wrong index traps
// instead of reading outside the buffer.
//
// A stream's records reuse one tape (`parseValue(in:from:limits:)`): the parse of the next record writes into the
// previous record's memory, once nothing can read that record any more (see `RecordStreamEngine+Contexts.swift`).
// So `nodes` is a `var`, with unchecked exclusivity: it is read on every hot path, a dynamic check there would
// cost the in-memory decodes, and it is written only by that parse, while no decode of this tape runs (no access
// can overlap it). (Not `private(set)`: with it, Swift 6.3's optimizer crashed on the serialized setter.)

/// The nodes of a parsed document, owned and freed by this object.
@usableFromInline
final class TapeStorage {
    @exclusivity(unchecked) @usableFromInline var nodes: GrowableBuffer<TapeNode>
    /// The parser's stack of open containers and its key filters, kept by `parseValue` for the next one (nil
    /// until then). Unchecked exclusivity, like `nodes`: only `parseValue` uses it.
    @exclusivity(unchecked) private var parserScratch: JSONParser.Scratch?

    /// Takes over the parser's nodes, without copying them.
    init(nodes: consuming GrowableBuffer<TapeNode>) {
        self.nodes = nodes
    }

    /// Replaces the nodes by those of the one value starting at `start` (after whitespace) in `input`, parsed
    /// into this tape's memory; returns the offset after the value, or the failure (the tape is then left
    /// with no meaningful nodes). Only while nothing reads this tape: a stream's next record, once the
    /// previous one's decode ended and nothing kept its context.
    func parseValue(in input: ByteReader, from start: Int, limits: ParseLimits) -> Result<Int, ParseFailure> {
        JSONParser.parseValue(in: input, from: start, limits: limits, into: &nodes, scratch: &parserScratch)
    }

    /// How many nodes the memory holds.
    var capacity: Int { nodes.capacity }

    /// The number of nodes.
    @inlinable
    var count: Int { nodes.count }

    @inlinable @inline(__always)
    subscript(index: Int) -> TapeNode {
        // One unsigned compare covers both ends (a negative index becomes huge).
        precondition(UInt(bitPattern: index) < UInt(bitPattern: nodes.count), "tape index out of range")
        return nodes[index]
    }

    /// The nodes, in order, transformed by `body`.
    func map<T>(_ body: (TapeNode) -> T) -> [T] {
        nodes.map(body)
    }
}
