import Foundation

// `decoder["tags"] --> [String].self` for arrays of the built-in scalars, in one loop without a frame.
//
// Why: a model's array decodes in a frame of its own (push, stack check, pop, `keepsModel`), and each of its
// elements goes through `_salvageDecodeField` as a field would. The frame exists to tag the errors of its
// elements (`"tags"([String]) > [1](String)`), so an array whose elements all convert records nothing and
// needs none: here each element is converted straight from the tape into an array reserved at its count. A
// flaky person's two-tag array cost about 1,480 instructions through the frame (callgrind). (Filled through
// `Array(unsafeUninitializedCapacity:)` instead of `append`, canada took 19% more instructions: that
// initializer was not specialised.) When an element
// does not convert (null, wrong type, out of range: something to record, or to coerce under lenient
// conversions), or when the frame would be refused (a decoder kept past its model, the frame limit), this
// gives up and `Array._salvageDecode` decodes the array as before, element by element in its frame: the same
// errors, at the same paths, in the same order. A conversion has no side effect, so the work given up changes
// nothing but time (an array with a bad element converts its good ones before it twice).
//
// As in `ScalarFields.swift`, each type implements the requirement with a `@_transparent` helper, so that a
// debug build (which specialises nothing across files) runs it with the type known.

extension APIDecoder {
    /// The array here with every element converted to `S`, or nil when it is not an array, an element does not
    /// convert, or its frame would be refused (see the top of this file) — or when `Element` is not `S`. The
    /// requirement is generic over `Element` rather than returning `[Self]?`, which a non-final class could not
    /// satisfy (LastMile models may be classes); `S` is checked to be `Element` before the array is returned as one.
    @_transparent
    fileprivate func decodeScalarArrayWithoutFrame<S: ScalarDecodable, Element>(_ type: S.Type, as element: Element.Type) -> [Element]? {
        guard Element.self == S.self, let elements = decodeScalarArrayWithoutFrame(type) else { return nil }
        return reinterpret(elements, as: [Element].self)
    }

    /// The array here with every element converted to `S` (see above).
    @_transparent
    fileprivate func decodeScalarArrayWithoutFrame<S: ScalarDecodable>(_ type: S.Type) -> [S]? {
        let node = position.node
        guard node >= 0, let context = handle.liveContext(generation: position.generation) else { return nil }
        let frame = position.frame
        // One closure for the checks and the loop: with the checks in a closure of their own, so that an empty
        // array would skip the loop's, flaky and canada took 0.7% and 1.7% more instructions.
        return ContextHandle.borrow(context) { context -> [S]? in
            let document = context.document
            let entry = document.tape[node]
            guard entry.kind == .array, context.wouldEnterFrame(node: node, owner: frame) else { return nil }
            guard entry.count > 0 else { return [] }
            let end = entry.closeIndex
            var elements: [S] = []
            elements.reserveCapacity(entry.count)
            var element = node + 1
            while element < end {
                guard let value = S.convert(document, node: element) else { return nil }
                elements.append(value)
                element = document.next(after: element)
            }
            return elements
        }
    }
}

extension String {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(String.self, as: element)
    }
}
extension Bool {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(Bool.self, as: element)
    }
}
extension Double {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(Double.self, as: element)
    }
}
extension Float {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(Float.self, as: element)
    }
}
extension Decimal {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(Decimal.self, as: element)
    }
}
extension Int {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(Int.self, as: element)
    }
}
extension Int8 {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(Int8.self, as: element)
    }
}
extension Int16 {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(Int16.self, as: element)
    }
}
extension Int32 {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(Int32.self, as: element)
    }
}
extension Int64 {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(Int64.self, as: element)
    }
}
extension UInt {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(UInt.self, as: element)
    }
}
extension UInt8 {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(UInt8.self, as: element)
    }
}
extension UInt16 {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(UInt16.self, as: element)
    }
}
extension UInt32 {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(UInt32.self, as: element)
    }
}
extension UInt64 {
    /// Decodes an array of this type without a frame when every element converts (see the top of this file).
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? {
        decoder.decodeScalarArrayWithoutFrame(UInt64.self, as: element)
    }
}
