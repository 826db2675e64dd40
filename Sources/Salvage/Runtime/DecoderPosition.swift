// Where an `APIDecoder` points, packed into three machine words.
//
// Why packed: Swift passes a struct of at most four machine words in registers and anything larger through
// memory. A decoder is a slot pointer (see `ContextSlot.swift`) plus this position; unpacked (frame, node,
// parent, a two-payload `PathStep` and the slot generation) it would be eight words, and every `-->` and
// subscript would pass it through memory.
//
// The 32-bit fields are wide enough: tape indices stay below `UInt32.max` (the parser rejects larger
// documents, and a container's close node index is 32 bits); frames are models being decoded inside one another, far
// fewer than the 2^29 that the frame field holds next to the 3-bit step kind; array indices and
// absent-key positions of a present step are tape-bounded too. Indices are stored plus one so that -1
// ("no value", "the root") becomes 0.

/// The node, parent, frame and path step of a decoder (see the top of this file).
@usableFromInline
struct DecoderPosition {
    @usableFromInline let nodeSlot: UInt32
    @usableFromInline let parentSlot: UInt32
    /// Bits 0–28: the frame plus one; bits 29–31: the kind of step.
    @usableFromInline let frameAndStepKind: UInt32
    /// The generation of the decoder's context slot when the decoder was made.
    @usableFromInline let generation: UInt32
    @usableFromInline let stepFirst: UInt32
    @usableFromInline let stepSecond: UInt32

    @inlinable @inline(__always)
    init(generation: UInt32, frame: Int, node: Int, parent: Int, step: PathStep) {
        let kind: UInt32
        self.generation = generation
        nodeSlot = UInt32(truncatingIfNeeded: node &+ 1)
        parentSlot = UInt32(truncatingIfNeeded: parent &+ 1)
        switch step {
        case .root:
            (kind, stepFirst, stepSecond) = (0, 0, 0)
        case .member(let keyNode):
            (kind, stepFirst, stepSecond) = (1, UInt32(truncatingIfNeeded: keyNode), 0)
        case .index(let index):
            (kind, stepFirst, stepSecond) = (2, UInt32(truncatingIfNeeded: index), 0)
        case .absent(let start, let count):
            (kind, stepFirst, stepSecond) = (3, UInt32(truncatingIfNeeded: start), UInt32(truncatingIfNeeded: count))
        case .atNode:
            (kind, stepFirst, stepSecond) = (4, 0, 0)
        case .pastLastValue(let index):
            (kind, stepFirst, stepSecond) = (5, UInt32(truncatingIfNeeded: index), 0)
        case .alternatives(let start, let count):
            (kind, stepFirst, stepSecond) = (6, UInt32(truncatingIfNeeded: start), UInt32(truncatingIfNeeded: count))
        case .belowPastLastValue(let start, let count):
            (kind, stepFirst, stepSecond) = (7, UInt32(truncatingIfNeeded: start), UInt32(truncatingIfNeeded: count))
        }
        frameAndStepKind = UInt32(truncatingIfNeeded: frame &+ 1) & 0x1FFF_FFFF | kind << 29
    }

    /// The position of member value `member` (its key is the node before it) of the object at `parent`:
    /// what `init(generation:frame:node:parent:step:)` makes for `.member(keyNode: member - 1)`, without the
    /// switch over the step, for `decoder["key"]`. `@_transparent`, so that unoptimized builds (your tests)
    /// inline it too.
    @usableFromInline @_transparent
    init(generation: UInt32, frame: Int, member: Int, parent: Int) {
        self.generation = generation
        nodeSlot = UInt32(truncatingIfNeeded: member &+ 1)
        parentSlot = UInt32(truncatingIfNeeded: parent &+ 1)
        stepFirst = UInt32(truncatingIfNeeded: member &- 1)
        stepSecond = 0
        frameAndStepKind = UInt32(truncatingIfNeeded: frame &+ 1) & 0x1FFF_FFFF | 1 << 29
    }

    /// This position with its frame replaced by `frame`, everything else (the step as packed) kept: the
    /// position of a model's own decoder (`decodeModel`, `withFrame`), without unpacking the step to pack it
    /// again (a call and a switch, about 20 instructions a model).
    @inlinable @inline(__always)
    func inFrame(_ frame: Int) -> DecoderPosition {
        DecoderPosition(nodeSlot: nodeSlot, parentSlot: parentSlot,
                        frameAndStepKind: frameAndStepKind & ~0x1FFF_FFFF | UInt32(truncatingIfNeeded: frame &+ 1) & 0x1FFF_FFFF,
                        generation: generation, stepFirst: stepFirst, stepSecond: stepSecond)
    }

    @inlinable @inline(__always)
    init(nodeSlot: UInt32, parentSlot: UInt32, frameAndStepKind: UInt32, generation: UInt32, stepFirst: UInt32, stepSecond: UInt32) {
        self.nodeSlot = nodeSlot
        self.parentSlot = parentSlot
        self.frameAndStepKind = frameAndStepKind
        self.generation = generation
        self.stepFirst = stepFirst
        self.stepSecond = stepSecond
    }

    @usableFromInline @_transparent var node: Int { Int(nodeSlot) &- 1 }
    @usableFromInline @_transparent var parent: Int { Int(parentSlot) &- 1 }
    @usableFromInline @_transparent var frame: Int { Int(frameAndStepKind & 0x1FFF_FFFF) &- 1 }
    @usableFromInline @_transparent var stepKind: UInt32 { frameAndStepKind >> 29 }

    @inlinable var step: PathStep {
        switch stepKind {
        case 1: return .member(keyNode: Int(stepFirst))
        case 2: return .index(Int(stepFirst))
        case 3: return .absent(start: Int(stepFirst), count: Int(stepSecond))
        case 4: return .atNode
        case 5: return .pastLastValue(index: Int(stepFirst))
        case 6: return .alternatives(start: Int(stepFirst), count: Int(stepSecond))
        case 7: return .belowPastLastValue(start: Int(stepFirst), count: Int(stepSecond))
        default: return .root
        }
    }
}
