/// Remembers, per type, whether `JSONStreamEncoder.writeDirectly` writes its values itself (a scalar, `Date`,
/// `Data`, `URL`, `Decimal`, an array or dictionary of scalars) or leaves them to their `encode(to:)`.
///
/// The answer is found by a chain of about 25 type comparisons, each a metadata load in generic code that runs
/// unspecialized; a model type fails every one of them, for every value. Remembered here, a repeated type costs
/// one table lookup. A direct-mapped table of 64 slots keyed by the type's metadata address (aligned to at least
/// 8 bytes, so bit 0 holds the answer); a collision only costs the chain again.
struct DirectFormCache {
    private var slots = [UInt](repeating: 0, count: 64)

    private static func key(_ type: Any.Type) -> (slot: Int, tag: UInt) {
        let address = UInt(bitPattern: ObjectIdentifier(type))
        return (Int(truncatingIfNeeded: (address &>> 4) & 63), address & ~1)
    }

    /// Whether values of `type` have a direct form; nil when not known yet.
    @inline(__always)
    func hasDirectForm(_ type: Any.Type) -> Bool? {
        let (slot, tag) = DirectFormCache.key(type)
        let entry = slots[slot]
        return entry & ~1 == tag ? entry & 1 == 1 : nil
    }

    /// Records whether values of `type` have a direct form.
    mutating func record(_ type: Any.Type, hasDirectForm: Bool) {
        let (slot, tag) = DirectFormCache.key(type)
        slots[slot] = tag | (hasDirectForm ? 1 : 0)
    }
}
