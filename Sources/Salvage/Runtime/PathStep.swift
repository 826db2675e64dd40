/// How a decoder was reached from the node it was subscripted from. Keys and indices are kept in the
/// cheapest form available and turned into `APICodingKey`s only when an error is recorded. Every case
/// holds plain integers, so copying a decoder never touches reference counts.
@usableFromInline
enum PathStep: Equatable, Sendable {
    /// The top-level value.
    case root
    /// A member that is present: the tape index of its key node (the key's text is read from the tape).
    case member(keyNode: Int)
    /// An array element that is present.
    case index(Int)
    /// Steps that lead to no value (`decoder["missing"]`, or `decoder["missing"]["child"]`): `count` keys
    /// stored in the context's `absentKeys` from `start`.
    case absent(start: Int, count: Int)
    /// A present value whose path is recovered from the tape (used where decoding re-enters Salvage from a
    /// Swift `Decoder`, which knows only the value's tape index).
    case atNode
    /// A position past the end of `allValues` (the object has fewer members): shown as an index.
    case pastLastValue(index: Int)
    /// None of several alternative keys is present (`decoder[firstOf:]`): the `count` keys are stored
    /// like absent steps; the path shows the first.
    case alternatives(start: Int, count: Int)
    /// Steps below a position past the end of `allValues` (`decoder["counts"].allValues[7]["x"]`): stored like
    /// `absent`, but the first key (the index past the last member) is not an index into the parent object,
    /// so the parent is not blamed for being the wrong container.
    case belowPastLastValue(start: Int, count: Int)
}
