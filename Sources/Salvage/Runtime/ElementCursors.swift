// Index look-ups in arrays that continue where the last one ended.
//
// Why: an array's elements are only reachable by walking the tape from the first one, so `decoder[i]`
// alone costs i steps, and the LastMile-style loop `for i in 0..<count { decoder["items"][i] … }` cost
// count²/2 steps: 40,000 elements took up to a second, a million would take minutes. The decode now
// remembers, for the last few arrays it indexed, which element it reached; a look-up at that index or a
// later one continues from there. Sequential (and forward, nearby) access is O(1) amortised; going back
// starts again from the array's first element. Several arrays are remembered so that nested loops
// (`decoder["rows"][i]["cells"][j]`) keep their place in every level.

/// The last element reached by index in each of a few arrays of one decode.
struct ElementCursors {
    /// One array's cursor: element `index` of the array at tape node `array` is at tape node `element`.
    private struct Cursor {
        var array: Int
        var index: Int
        var element: Int
    }

    /// How many arrays are remembered; the oldest cursor is replaced when a new array is indexed.
    private static let capacity = 8

    private var cursors: [Cursor] = []
    private var nextReplaced = 0

    /// The tape node of element `index` of the array at `array`, or nil when `array` is not an array or the
    /// index is out of range. Walks from the array's cursor when it is at `index` or before, from the first
    /// element otherwise, and moves the cursor to `index`.
    mutating func element(of array: Int, at index: Int, in document: JSONDocument) -> Int? {
        let header = document.tape[array]
        guard header.kind == .array, index >= 0, index < header.count else { return nil }
        var slot: Int?
        var reached = 0
        var element = array + 1
        for position in cursors.indices where cursors[position].array == array {
            slot = position
            if cursors[position].index <= index {
                reached = cursors[position].index
                element = cursors[position].element
            }
            break
        }
        while reached < index {
            element = document.next(after: element)
            reached += 1
        }
        let cursor = Cursor(array: array, index: index, element: element)
        if let slot {
            cursors[slot] = cursor
        } else if cursors.count < Self.capacity {
            cursors.append(cursor)
        } else {
            cursors[nextReplaced] = cursor
            nextReplaced = (nextReplaced + 1) % Self.capacity
        }
        return element
    }
}
