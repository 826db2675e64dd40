// One entry of the decode's stack of models (`DecodeLedger` keeps them, in place, behind its pointer): what a
// model or value being decoded needs while its `init?(from:)` runs, and what a breadcrumb reads of it.

/// A model or value being decoded: the innermost frame owns `succeeded` for the `init?(from:)` running.
struct Frame {
    /// The tape index of the value being decoded.
    let node: Int
    /// The tape index the value was reached from, or -1 for the root.
    let parent: Int
    let step: PathStep
    /// The Swift type being decoded here; shown in tagged paths.
    let type: Any.Type
    /// The tape index just past the value's subtree (`Int.max` for a frame with no value), so that whether
    /// a node lies inside the value is two compares (see `DecodeLedger.contains`).
    var end = Int.max
    var succeeded = true
    /// Set once a "this value has the wrong JSON type for a model" error was recorded for this frame.
    var reportedShape = false
    /// Set for values that consume their whole object without subscripts (`JSONValue`, Swift `Decodable`s):
    /// their keys are never reported as unread.
    var readsEverything = false
    /// Set for arrays, dictionaries and sets: their elements fail alone (they are dropped), so the errors
    /// of failed elements are `recovered`, not `failure`.
    var isLossy = false
    /// Where the next key lookup in this frame's object starts: the key node after the last member found.
    /// Models usually read their fields in document order, so most lookups succeed at the first compare.
    var lookupHint = 0
    /// How many absent keys were stored when this frame was pushed; popping the frame drops the ones its
    /// model added, so a long decode does not accumulate them.
    var absentKeysMark = 0
    /// How many errors had been met when this frame was pushed (to tell whether a failed model explained
    /// itself).
    var errorsBefore = 0

    init(node: Int, parent: Int, step: PathStep, type: Any.Type) {
        self.node = node
        self.parent = parent
        self.step = step
        self.type = type
    }
}

