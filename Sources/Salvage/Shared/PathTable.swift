/// The paths of many recorded errors, stored once: each step is a node that links to the step before it, so
/// the errors under one record (or one array) share the nodes of their common prefix, and an error keeps only
/// a reference to the table and the index of its last step.
///
/// A node is 24 bytes of integers: key texts are stored once per table (`"height"` for a million errors),
/// record ids once per record, type tags once per type. An `[APICodingKey]` of four steps cost 224 bytes
/// per error; with its record and leaf steps in a table, an error under a shared prefix costs about 67
/// (two nodes and its record id).
///
/// Written only by the decode that records into it (through `PathTableBuilder`, on the decoding thread),
/// and never again once its errors have left the decode: `DecodeLedger.errors` seals the table, and later
/// errors go to a new one. From then on it is only read, so errors that refer to it can be sent anywhere
/// (hence `@unchecked Sendable`).
final class PathTable: @unchecked Sendable {
    /// One step: an object key (`text >= 0`) or an array index, with its type tag and record id.
    struct Node {
        /// The node of the step before, or -1 for the first step (the root).
        let parent: Int32
        /// The step's type tag, an index in `tags`, or -1.
        let tag: Int32
        /// The key, an index in `strings`; -1 for an index step.
        let text: Int32
        /// The record id, an index in `strings`, or -1.
        let id: Int32
        /// The array index of an index step (0 for a key step).
        let index: Int
    }

    // Not checked for exclusive access at run time (each access would pay for it, on every recorded error):
    // only `PathTableBuilder` writes them, one call at a time on the decoding thread, and the table is read
    // (by the errors) only between those calls or after it is sealed.
    @exclusivity(unchecked) fileprivate(set) var nodes: [Node] = []
    @exclusivity(unchecked) fileprivate(set) var strings: [String] = []
    @exclusivity(unchecked) fileprivate(set) var tags: [APICodingKey.TypeTag] = []

    /// The step at `node`.
    func key(at node: Int32) -> APICodingKey {
        let stored = nodes[Int(node)]
        let key = stored.text >= 0 ? APICodingKey(hashKey: strings[Int(stored.text)]) : APICodingKey(arrayIndex: stored.index)
        let tag = stored.tag >= 0 ? tags[Int(stored.tag)] : nil
        let id = stored.id >= 0 ? strings[Int(stored.id)] : nil
        return tag == nil && id == nil ? key : key.tagged(with: tag, id: id)
    }

    /// The steps from the first one to `node`, in an array of exactly their count.
    func path(to node: Int32) -> [APICodingKey] {
        var depth = 0
        var current = node
        while current >= 0 {
            depth += 1
            current = nodes[Int(current)].parent
        }
        var keys = [APICodingKey](repeating: APICodingKey(arrayIndex: 0), count: depth)
        current = node
        while current >= 0 {
            depth -= 1
            keys[depth] = key(at: current)
            current = nodes[Int(current)].parent
        }
        return keys
    }
}

/// Adds paths to a `PathTable`, reusing the nodes of the prefix a path shares with the one added before it
/// (errors are recorded in document order, so consecutive errors usually share all but their last steps).
/// Owned by a decode's `DecodeLedger`.
///
/// The first `pathsKeptAlone` paths after the start (or a seal) get no table: they stay arrays of their own.
/// A table and its three arrays cost about 250 bytes before any path is in it, so a decode with a few errors
/// (a record of a stream with one bad field) keeps its paths cheaper without one.
struct PathTableBuilder {
    /// How many paths `add` leaves alone before it starts a table.
    static let pathsKeptAlone = 4
    private let keptAlone: Int
    /// Paths given to `add` since the start or the last seal.
    private var added = 0
    /// The table being filled, or nil before the first path (and after `seal()`).
    private var table: PathTable?
    /// The nodes of the last path added, first step first.
    private var lastNodes: [Int32] = []
    /// The key texts and type tags added last, with their indices in the table, searched in order before
    /// adding one again: a decode meets few keys and types, and comparing a handful of small strings costs
    /// less than hashing one. Record ids are not searched (each usually occurs in one record). A text or tag
    /// missed here is stored again, which wastes a few bytes but never changes a path.
    private var recentTexts: [(text: String, index: Int32)] = []
    private var recentTags: [(tag: ObjectIdentifier, index: Int32)] = []
    private var nextRecentText = 0
    private var nextRecentTag = 0
    private static let recentLimit = 32

    /// Past this many nodes or strings a table is sealed and a new one started: indices are `Int32`.
    static let capacityLimit = Int(Int32.max) - 1

    /// A builder that starts a table at the path after the first `keptAlone` ones.
    init(keptAlone: Int = Self.pathsKeptAlone) {
        self.keptAlone = keptAlone
    }

    /// Adds `path` and returns its table and the node of its last step; nil for an empty path and for the
    /// first `keptAlone` paths (which stay as they are).
    mutating func add(_ path: [APICodingKey]) -> (table: PathTable, node: Int32)? {
        guard !path.isEmpty else { return nil }
        added += 1
        guard added > keptAlone else { return nil }
        if let table, table.nodes.count + path.count >= Self.capacityLimit || table.strings.count + 2 * path.count >= Self.capacityLimit {
            seal()
        }
        let table = self.table ?? PathTable()
        self.table = table
        // The prefix shared with the last path: equal steps with the same tag instance and id. Compared with
        // the nodes themselves, reading each key in place (copies of keys would retain and release their parts).
        var shared = 0
        while shared < path.count && shared < lastNodes.count && path[shared].isStored(at: lastNodes[shared], in: table) {
            shared += 1
        }
        // One element at a time: `removeLast(_:)` is generic over the range it removes (about 90 instructions for
        // the one or two nodes an error usually drops).
        while lastNodes.count > shared { lastNodes.removeLast() }
        var parent: Int32 = shared > 0 ? lastNodes[shared - 1] : -1
        for position in shared ..< path.count {
            let key = path[position]
            let node = Int32(table.nodes.count)
            table.nodes.append(PathTable.Node(parent: parent, tag: key.typeTag.map { index(of: $0, in: table) } ?? -1,
                                              text: key.hashKey.map { index(of: $0, in: table) } ?? -1,
                                              id: key.id.map { append($0, to: table) } ?? -1,
                                              index: key.arrayIndex ?? 0))
            lastNodes.append(node)
            parent = node
        }
        return (table, parent)
    }

    /// Ends the current table: it is never written again (its errors may now be read from other threads).
    /// Its storage is trimmed to its contents when a quarter or more of it is unused.
    mutating func seal() {
        if let table {
            // `map` allocates room for exactly `count` elements (`Array(_:)` of an array would keep the buffer).
            if table.nodes.capacity - table.nodes.count > table.nodes.count / 4 { table.nodes = table.nodes.map { $0 } }
            if table.strings.capacity - table.strings.count > table.strings.count / 4 { table.strings = table.strings.map { $0 } }
        }
        self = PathTableBuilder(keptAlone: keptAlone)
    }

    private mutating func index(of text: String, in table: PathTable) -> Int32 {
        for recent in recentTexts where recent.text.hasSameUTF8(as: text) { return recent.index }
        let index = append(text, to: table)
        Self.remember((text, index), in: &recentTexts, next: &nextRecentText)
        return index
    }

    private func append(_ text: String, to table: PathTable) -> Int32 {
        table.strings.append(text)
        return Int32(table.strings.count - 1)
    }

    private mutating func index(of tag: APICodingKey.TypeTag, in table: PathTable) -> Int32 {
        let id = ObjectIdentifier(tag)
        for recent in recentTags where recent.tag == id { return recent.index }
        table.tags.append(tag)
        let index = Int32(table.tags.count - 1)
        Self.remember((id, index), in: &recentTags, next: &nextRecentTag)
        return index
    }

    /// Adds `entry` to a list of at most `recentLimit` entries, replacing the oldest once it is full.
    private static func remember<Entry>(_ entry: Entry, in list: inout [Entry], next: inout Int) {
        if list.count < recentLimit {
            list.append(entry)
        } else {
            list[next] = entry
            next = (next + 1) % recentLimit
        }
    }
}

extension String {
    /// Whether the two texts are the same bytes. `==` also calls canonically equivalent texts equal (`"\u{E9}"`
    /// and `"e\u{301}"`), which JSON keeps apart: a table must give each path back with the key it was given.
    /// Compared in place (native strings, small ones included, have contiguous UTF-8): stepping through two
    /// `UTF8View`s cost the flaky benchmark 1% more instructions per decode (cachegrind).
    @inline(__always)
    func hasSameUTF8(as other: String) -> Bool {
        // The same 16 bytes are the same text: a small string (up to 15 bytes of UTF-8, held in place) or the same
        // storage. A table compares mostly equal texts (the keys of a shared prefix, read again from the tape as
        // small strings), which this answers without looking at their bytes.
        if hasSameRepresentation(as: other) { return true }
        // Texts of different lengths (most of those a table compares) are told apart without the closures below:
        // a native string's UTF-8 count is stored.
        guard utf8.count == other.utf8.count else { return false }
        let same = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                mine.count == theirs.count && mine.elementsEqual(theirs)
            }
        }
        return (same ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}
