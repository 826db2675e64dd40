// Spotting objects that repeat a key, so lookups can stop at the first match everywhere else.
//
// Small objects (up to `smallObjectKeys` = 48 members) use a 512-bit Bloom filter of hashed keys (two bits per
// key, both in one of the eight words), which answers "certainly new" for almost every key; only on a hit are
// the object's earlier keys compared byte by byte. (A 128-bit filter, kept in the open container, hit on a
// quarter of twitter.json's keys — its objects of 25–40 keys fill it — and each hit walked about 24 earlier
// keys. With one bit per key, about 7% of twitter.json's keys still hit, and those walks and their
// mispredicted branches took about a tenth of its parse time; with two bits none do.)
// A larger object would saturate the filter and make that comparison quadratic, so from then on its keys
// are checked once, when it closes, by sorting them by hash and then by bytes, and comparing neighbours:
// O(n log n) comparisons, whatever the input (crafted keys that share a hash only make the sort compare
// bytes).

// The helpers are `static` and take the reader (and the tape's memory) as arguments, for the reason
// JSONParser.swift gives: the parser's state stays in registers only while no call is given its address.

extension JSONParser {
    /// Members up to which the Bloom filter is used.
    static let smallObjectKeys = 48

    /// 64-bit words per object's filter (512 bits).
    static let keyFilterWords = 8

    /// Empties the filter of the object just opened (level `depth`), growing the filters for a new level.
    @inline(always)
    mutating func clearKeyFilter() {
        let first = depth &* JSONParser.keyFilterWords
        if keyFilters.count >= first &+ JSONParser.keyFilterWords {
            for offset in 0 ..< JSONParser.keyFilterWords { keyFilters[first &+ offset] = 0 }
        } else {
            while keyFilters.count < first &+ JSONParser.keyFilterWords { keyFilters.append(0) }
        }
    }

    /// Records a key of the innermost object (keys come only there); marks the object when the key repeats an
    /// earlier one.
    @inline(always)
    mutating func noteKey(start: Int, length: Int, hasEscapes: Bool) {
        guard !current.hasDuplicateKeys, current.count < JSONParser.smallObjectKeys else { return }
        if hasEscapes {
            // Escaped keys could equal an unescaped spelling; don't try to be clever, take the safe path.
            current.hasDuplicateKeys = true
            return
        }
        let hash = JSONParser.keyHash(input, start: start, length: length)
        // The word from the top three bits, two bits in it from the next twelve: the multiplication in `keyHash`
        // mixes every key bit into the high bits.
        let slot = depth &* JSONParser.keyFilterWords &+ Int(truncatingIfNeeded: hash &>> 61)
        let bit: UInt64 = 1 &<< ((hash &>> 55) & 63) | 1 &<< ((hash &>> 49) & 63)
        let filter = keyFilters[slot]
        keyFilters[slot] = filter | bit
        // The filter word is stored before the rare walk, and the walk is a call: with the walk inlined here,
        // the common path spilled the hash, slot and word to the stack and waited on reloading them.
        if filter & bit == bit, JSONParser.keyRepeats(input, tape.elements, start: start, length: length, inObject: current.node) {
            current.hasDuplicateKeys = true
        }
    }

    /// For an object with more members than the filter handles: whether any key repeats, decided by
    /// sorting all key hashes and comparing equal neighbours exactly. Called when the object closes, with the
    /// tape's `nodes`.
    @inline(never)
    static func largeObjectRepeatsAKey(_ input: ByteReader, _ nodes: BufferElements<TapeNode>,
                                       object objectNode: Int, memberCount: Int) -> Bool {
        let end = nodes.count
        // One array per large object (more than the filter's members), so the cost is negligible.
        var sorted: [(hash: UInt64, node: Int)] = []
        sorted.reserveCapacity(memberCount)
        var keyIndex = objectNode + 1
        while keyIndex < end && sorted.count < memberCount {
            let key = nodes[keyIndex]
            if key.flag { return true }
            sorted.append((JSONParser.keyHash(input, start: Int(key.start), length: key.length(in: input)), keyIndex))
            keyIndex = nodes[keyIndex + 1].index(after: keyIndex + 1)
        }
        // Order by hash, then by the bytes themselves, so equal keys end up next to each other even
        // when crafted keys share a hash: only neighbours need comparing.
        sorted.sort { left, right in
            if left.hash != right.hash { return left.hash < right.hash }
            return keyBytesPrecede(input, nodes[left.node], nodes[right.node])
        }
        var index = 1
        while index < sorted.count {
            let a = nodes[sorted[index - 1].node]
            let b = nodes[sorted[index].node]
            if sorted[index - 1].hash == sorted[index].hash, a.length(in: input) == b.length(in: input),
               input.regionsEqual(Int(a.start), Int(b.start), length: a.length(in: input)) {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether key `a`'s bytes sort before key `b`'s (shorter first, then byte order).
    private static func keyBytesPrecede(_ input: ByteReader, _ a: TapeNode, _ b: TapeNode) -> Bool {
        let (aLength, bLength) = (a.length(in: input), b.length(in: input))
        if aLength != bLength { return aLength < bLength }
        return input.compareRegions(Int(a.start), Int(b.start), length: aLength) < 0
    }

    /// A cheap 64-bit hash of a key: its length and its first and last eight bytes (fewer when the key is
    /// shorter), mixed by one multiplication, whose high bits depend on every bit of its input. Good enough
    /// for the Bloom filter (which reads the top nine bits), and for the sort of large objects, whose ties are
    /// broken by the bytes themselves. Runs for every key, so it stays short: one multiplication, not two,
    /// keeps the filter's load from waiting long for its address.
    @inline(__always)
    static func keyHash(_ input: ByteReader, start: Int, length: Int) -> UInt64 {
        var bits: UInt64
        if length >= 8 {
            let last = input.word(start &+ length &- 8)
            bits = input.word(start) &+ (last &<< 29 | last &>> 35)
        } else if start &+ 8 <= input.count {
            // Load a whole word and keep the key's bytes only (little-endian: the low `length` bytes).
            bits = input.word(start) & ((1 &<< (UInt64(truncatingIfNeeded: length) &* 8)) &- 1)
        } else {
            bits = 0
            for offset in 0 ..< length { bits |= UInt64(input.byte(start + offset)) << (UInt64(offset) &* 8) }
        }
        return (bits ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15
    }

    /// Whether an earlier key of the object at `objectNode` has the same bytes as the key just appended, the
    /// last of the tape's `nodes`. Out of line: it runs only when the filter answers "maybe" (see `noteKey`).
    @inline(never)
    private static func keyRepeats(_ input: ByteReader, _ nodes: BufferElements<TapeNode>, start: Int, length: Int,
                                   inObject objectNode: Int) -> Bool {
        let currentKey = nodes.count - 1
        // Compared with the stored length first, which is the sentinel for a key of 4 MiB or more.
        let storedLength = min(length, TapeNode.lengthSentinel)
        var keyIndex = objectNode + 1
        while keyIndex < currentKey {
            let key = nodes[keyIndex]
            if key.storedLength == storedLength, storedLength < TapeNode.lengthSentinel || key.length(in: input) == length,
               input.regionsEqual(Int(key.start), start, length: length) {
                return true
            }
            keyIndex = nodes[keyIndex + 1].index(after: keyIndex + 1)
        }
        return false
    }
}
