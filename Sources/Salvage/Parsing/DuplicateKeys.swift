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
//
// Most objects repeat the keys of an earlier object of the same shape (twitter.json: 89% of the keys after an
// object's first; citm_catalog.json: 98%), and those skip the filter. A closed object that repeats no key and
// escapes none is a *template*: its open-node index is kept in one of `templateSlots` slots, chosen by its
// first key's hash (`rememberTemplate`). An object whose first key has the same bytes as the template's in
// its slot *follows* it (`noteFirstKey`): each next key is compared, bytes and closing quote, with the
// template's next key on the tape, instead of being scanned and hashed (`followTemplate`). Keys that equal a
// template's distinct, plain keys in order are distinct and plain, so an object that closes while following
// repeats no key, whatever its size. At the first key that differs (or comes after the template's last), the
// object leaves the template: its keys so far go into its level's filter (`leaveTemplate`), and it goes on as
// any other object. Slots are never emptied: the tape only grows within a parse, and a slot left by an earlier
// parse into the same memory (a stream's records) is used only if it names a closed object without the flag
// before the current one, which can only be one of this parse's.

// The helpers are `static` and take the reader (and the tape's memory) as arguments, for the reason
// JSONParser.swift gives: the parser's state stays in registers only while no call is given its address.

extension JSONParser {
    /// Members up to which the Bloom filter is used.
    static let smallObjectKeys = 48

    /// 64-bit words per object's filter (512 bits).
    static let keyFilterWords = 8

    /// Template slots, indexed by the top six bits of a first key's hash.
    static let templateSlots = 64

    /// `OpenContainer.keyState` of an object that repeats a key or has an escaped key. A template's key nodes
    /// come after its open node, which comes after the tape's first node (an open object's, never a template
    /// within its parse): their indices are above 1.
    static let repeatedKey: UInt32 = 1

    /// Keys this long or longer are neither followed nor compared as a template's first key.
    static let templateKeyLength = 48

    /// Empties the filter of the innermost object (level `depth`), growing the filters for a new level.
    @inline(always)
    mutating func clearKeyFilter() {
        let first = JSONParser.keyFilterStart(depth)
        if keyFilters.count >= first &+ JSONParser.keyFilterWords {
            for offset in 0 ..< JSONParser.keyFilterWords { keyFilters[first &+ offset] = 0 }
        } else {
            while keyFilters.count < first &+ JSONParser.keyFilterWords { keyFilters.append(0) }
        }
    }

    /// Where level `level`'s filter starts in `keyFilters` (level 1 the first, after the templates).
    @inline(__always)
    static func keyFilterStart(_ level: Int) -> Int {
        level &* keyFilterWords &+ (templateSlots &- keyFilterWords)
    }

    /// The word (from the filter's start) and the two bits a key of `hash` sets in its object's filter: the
    /// word from the top three bits, two bits in it from the next twelve (the multiplication in `keyHash`
    /// mixes every key bit into the high bits).
    @inline(__always)
    static func filterBits(_ hash: UInt64) -> (word: Int, bits: UInt64) {
        (Int(truncatingIfNeeded: hash &>> 61), 1 &<< ((hash &>> 55) & 63) | 1 &<< ((hash &>> 49) & 63))
    }

    /// Records a key of the innermost object (keys come only there), not its first and not one that follows a
    /// template; marks the object when the key repeats an earlier one.
    @inline(always)
    mutating func noteKey(start: Int, length: Int, hasEscapes: Bool) {
        guard current.keyState == 0, current.count < JSONParser.smallObjectKeys else { return }
        if hasEscapes {
            // Escaped keys could equal an unescaped spelling; don't try to be clever, take the safe path.
            current.keyState = JSONParser.repeatedKey
            return
        }
        let hash = JSONParser.keyHash(input, start: start, length: length)
        let (word, bit) = JSONParser.filterBits(hash)
        let slot = JSONParser.keyFilterStart(depth) &+ word
        let filter = keyFilters[slot]
        keyFilters[slot] = filter | bit
        // The filter word is stored before the rare walk, and the walk is a call: with the walk inlined here,
        // the common path spilled the hash, slot and word to the stack and waited on reloading them.
        if filter & bit == bit, JSONParser.keyRepeats(input, tape.elements, start: start, length: length, inObject: current.node) {
            current.keyState = JSONParser.repeatedKey
        }
    }

    /// Records the first key of the object just opened (its node the tape's last): looks for a template of
    /// the same first key, and otherwise empties the level's filter and puts the key in it.
    @inline(always)
    mutating func noteFirstKey(start: Int, length: Int, hasEscapes: Bool) {
        if hasEscapes {
            current.keyState = JSONParser.repeatedKey
            return
        }
        let hash = JSONParser.keyHash(input, start: start, length: length)
        if length < JSONParser.templateKeyLength && start &+ 8 &+ length <= input.count {
            // The slot holds an object's open-node index, from this parse or an earlier one into the same
            // memory: it is a template only if it is an object of this parse (before this one) that has closed
            // (a count, which an open node has not) without the flag.
            let template = Int(truncatingIfNeeded: keyFilters[Int(truncatingIfNeeded: hash &>> 58)])
            if template < current.node {
                let open = tape[template].header
                let key = tape[template &+ 1]
                if open & 0b1111 == NodeKind.object.rawValue && open >= 1 << TapeNode.countShift && key.storedLength == length
                    && JSONParser.sameKeyBytes(input, start, Int(key.payload), count: length &+ 1) {
                    current.keyState = UInt32(truncatingIfNeeded: template &+ 1)
                    return
                }
            }
        }
        clearKeyFilter()
        let (word, bit) = JSONParser.filterBits(hash)
        keyFilters[JSONParser.keyFilterStart(depth) &+ word] = bit
    }

    /// For an object following a template, at the opening quote of a key after the first: when the template's
    /// next key has the same bytes up to and including the closing quote, appends the key's node (the
    /// template key's, at this key's offset) and moves past it, and returns true. The template's key is plain
    /// (the template repeats and escapes no key), so the bytes that equal it are a plain key of the same length.
    @inline(always)
    mutating func followTemplate() -> Bool {
        let matched = Int(truncatingIfNeeded: current.keyState)
        let value = tape[matched &+ 1]
        let next = value.isContainer ? Int(truncatingIfNeeded: value.payload) &+ 1 : matched &+ 2
        // A key, or the template's close node when it has no more (not a string).
        var key = tape[next]
        let length = key.storedLength
        let start = position &+ 1
        // A string without escapes (kind and flag in the low four bits) shorter than `templateKeyLength`: with
        // the header rotated right by four bits, the kind and flag are the top four bits and the length is
        // what is left shifted right by six, so one unsigned compare checks all three.
        let rotated = key.header &>> 4 | key.header &<< 28
        guard rotated &- NodeKind.string.rawValue &<< 28 < UInt32(JSONParser.templateKeyLength) &<< (TapeNode.lengthShift &- 4),
              start &+ 8 &+ length <= input.count,
              JSONParser.sameKeyBytes(input, start, Int(truncatingIfNeeded: key.payload), count: length &+ 1) else {
            return false
        }
        key.payload = UInt32(truncatingIfNeeded: start)
        tape.append(key)
        position = start &+ length &+ 1
        current.keyState = UInt32(truncatingIfNeeded: next)
        return true
    }

    /// For an object whose key differs from its template's (or comes after the template's last): the object's
    /// keys so far, all different, go into the level's emptied filter, and its next keys are checked there.
    @inline(always)
    mutating func leaveTemplate() {
        current.keyState = 0
        clearKeyFilter()
        // Past the filter's members the object is checked when it closes.
        if current.count < JSONParser.smallObjectKeys {
            JSONParser.fillKeyFilter(input, tape.elements, object: current.node, keys: current.count,
                                     filter: keyFilters.writableElements(from: JSONParser.keyFilterStart(depth)))
        }
    }

    /// Puts the `keys` first keys of the object at `objectNode` in the filter at `filter`.
    @inline(never)
    static func fillKeyFilter(_ input: ByteReader, _ nodes: BufferElements<TapeNode>, object objectNode: Int, keys: Int,
                              filter: WritableBufferElements<UInt64>) {
        var keyIndex = objectNode &+ 1
        for _ in 0 ..< keys {
            let key = nodes[keyIndex]
            let (word, bit) = filterBits(keyHash(input, start: Int(key.payload), length: key.storedLength))
            filter[word] |= bit
            keyIndex = nodes[keyIndex &+ 1].index(after: keyIndex &+ 1)
        }
    }

    /// Makes the object at `objectNode`, just closed without a repeated key and not following a template, the
    /// template of its first key's slot in `templates`.
    @inline(never)
    static func rememberTemplate(_ input: ByteReader, _ nodes: BufferElements<TapeNode>, object objectNode: Int,
                                 templates: WritableBufferElements<UInt64>) {
        let key = nodes[objectNode &+ 1]
        let length = key.storedLength
        guard length < templateKeyLength else { return }
        templates[Int(truncatingIfNeeded: keyHash(input, start: Int(key.payload), length: length) &>> 58)] = UInt64(truncatingIfNeeded: objectNode)
    }

    /// Whether the `count` bytes at `first` equal those at `second` (`second` < `first`), a word at a time:
    /// the first eight, the last eight (overlapping the first when `count` is below 16) and any between. The
    /// caller guarantees `1 <= count` and `first + max(count, 8) <= input.count`.
    @inline(__always)
    static func sameKeyBytes(_ input: ByteReader, _ first: Int, _ second: Int, count: Int) -> Bool {
        let head = input.word(first) ^ input.word(second)
        if count <= 8 {
            // The bytes past `count` shifted out (little-endian: they are the high ones).
            return head &<< UInt64(truncatingIfNeeded: (8 &- count) &* 8) == 0
        }
        let tail = input.word(first &+ count &- 8) ^ input.word(second &+ count &- 8)
        if count <= 16 {
            return head | tail == 0
        }
        let middle = input.word(first &+ 8) ^ input.word(second &+ 8)
        if count <= 24 {
            return head | tail | middle == 0
        }
        return head | tail | middle == 0 && longKeyBytesMatch(input, first, second, count: count)
    }

    /// `sameKeyBytes` for more than sixteen bytes, whose first and last eight are equal: the words between.
    @inline(never)
    static func longKeyBytesMatch(_ input: ByteReader, _ first: Int, _ second: Int, count: Int) -> Bool {
        var offset = 16
        var difference: UInt64 = 0
        while offset &+ 8 < count {
            difference |= input.word(first &+ offset) ^ input.word(second &+ offset)
            offset &+= 8
        }
        return difference == 0
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
