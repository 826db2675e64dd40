// Index look-ups in arrays that continue where the last one ended.
//
// Why: an array's elements are only reachable by walking the tape from the first one, so `decoder[i]`
// alone costs i steps, and the LastMile-style loop `for i in 0..<count { decoder["items"][i] … }` cost
// count²/2 steps: 40,000 elements took up to a second, a million would take minutes. The decode now
// remembers, for the last few arrays it indexed, which element it reached, and the element at every 16th
// index it walked past. A look-up at that index or a later one continues from there; one before it starts
// from the nearest remembered 16th element at or before it, as does one far ahead within what was already walked
// (two walks through one array, `[i]` then `[i + n / 2]`). Sequential access in either direction, and
// nearby access (`decoder["items"][i]` then `[i - 1]`), is O(1) amortised (going back used to start again
// from the first element: a backward loop over 40,000 elements took over a minute in a debug build).
// Several arrays are remembered so that nested loops (`decoder["rows"][i]["cells"][j]`) keep their place in
// every level, and cursors pushed out of that short list are set aside (up to 1,024), so that loops over more
// arrays at once (columns read side by side) keep theirs too.

/// The last element reached by index in each of a few arrays of one decode.
struct ElementCursors {
    /// One array's cursor: element `index` of the array at tape node `array` is at tape node `element`.
    private struct Cursor {
        var array: Int
        var index: Int
        var element: Int
        /// `marks[k]` is the tape node of element `(k + 1) * markSpacing`: one for every multiple of the
        /// spacing up to the furthest index reached (none for arrays walked fewer than 16 elements, so
        /// short arrays allocate nothing).
        var marks: [Int] = []

        /// Moves to element `target` (in range): from the nearest mark at or before it when that is nearer than
        /// here (always going back; going forward past marks left by an earlier walk), otherwise forward from here.
        mutating func walk(to target: Int, in document: JSONDocument) {
            let usable = Swift.min(target / ElementCursors.markSpacing, marks.count)
            if target < index || usable * ElementCursors.markSpacing > index {
                index = usable * ElementCursors.markSpacing
                element = usable == 0 ? array + 1 : marks[usable - 1]
            }
            while index < target {
                element = document.next(after: element)
                index += 1
                if index == (marks.count + 1) * ElementCursors.markSpacing { marks.append(element) }
            }
        }
    }

    /// How many arrays are remembered; the oldest cursor is replaced when a new array is indexed.
    private static let capacity = 8
    /// Every how many elements a cursor remembers where an element is: the most steps a look-up back takes.
    private static let markSpacing = 16

    private var cursors: [Cursor] = []
    private var nextReplaced = 0

    /// Whether no array was indexed (as new: `DecodingContext.restart` then keeps it instead of making another).
    var isUnused: Bool { cursors.isEmpty && setAside.isEmpty }
    /// Cursors pushed out of `cursors` that had walked past `markSpacing` elements, by array node: a loop
    /// over more arrays than `capacity` (columns read side by side, `decoder["a"][i]`, `decoder["b"][i]`, …)
    /// finds its place again instead of walking from the first element every time (quadratic). Bounded:
    /// emptied when it holds `setAsideCapacity` cursors.
    private var setAside: [Int: Cursor] = [:]
    private static let setAsideCapacity = 1_024

    /// The tape node of element `index` of the array at `array`, or nil when `array` is not an array or the
    /// index is out of range. Walks from the array's cursor or from the nearest remembered element at or
    /// before `index`, whichever is nearer without passing it, and moves the cursor to `index`.
    mutating func element(of array: Int, at index: Int, in document: JSONDocument) -> Int? {
        let header = document.tape[array]
        guard header.kind == .array, index >= 0, index < header.count else { return nil }
        let slot: Int
        if let found = cursors.firstIndex(where: { $0.array == array }) {
            slot = found
        } else {
            // The cursor set aside for this array, or a new one at the first element (the array has one:
            // `index` is in range).
            let kept = setAside.isEmpty ? nil : setAside.removeValue(forKey: array)
            let cursor = kept ?? Cursor(array: array, index: 0, element: array + 1)
            if cursors.count < Self.capacity {
                slot = cursors.count
                cursors.append(cursor)
            } else {
                slot = nextReplaced
                let pushedOut = cursors[slot]
                if !pushedOut.marks.isEmpty {
                    if setAside.count >= Self.setAsideCapacity { setAside.removeAll(keepingCapacity: true) }
                    setAside[pushedOut.array] = pushedOut
                }
                cursors[slot] = cursor
                nextReplaced = (nextReplaced + 1) % Self.capacity
            }
        }
        cursors[slot].walk(to: index, in: document)
        return cursors[slot].element
    }
}
