// Lossy arrays whose records may appear more than once (paged APIs repeat records): uniquing by id.
//
// Why `@inlinable`: the loop over the elements is generic in the element type. Inlinable, it is specialized in
// the module that declares the model, like `Array`'s own conformance, and looks up no generic metadata per
// element; what is not generic (reading ids, the duplicate bookkeeping, recording errors) stays in
// `DuplicateTracker`, behind `@usableFromInline` internal functions. Measured with cachegrind (release, 20,000
// records of three fields in a model's member, ids all distinct): 5,840 instructions per element for the plain
// lossy array, 6,960 uniquing (+19%); the first version, neither inlinable nor split, cost +83% on a root array.

extension APIDecoder {
    /// Decodes a required lossy array keeping one record per id: the first occurrence that decodes
    /// (`keeping: .first`, the default) or the last (`.last`).
    ///
    /// ```swift
    /// let items = decoder["items"].decodeRequired([Item].self, uniquingBy: .idKey)
    /// // [{"id": 17, …}, {"id": 18, …}, {"id": 17, …}] → items 17 and 18, and one error at [2]:
    /// // root > "items"(Array<Item>) > [2](Item id=17) : Duplicate of the record at [0] (id=17); kept [0], dropped [2]
    /// ```
    ///
    /// Each dropped duplicate is one ``APIDecodeErrorReason/duplicateRecord(id:kept:dropped:)`` error at the
    /// dropped element (code `duplicate_record`, severity `recovered`). The result is the array in document
    /// order without the dropped elements. With `.first` a duplicate is not decoded (its own problems are
    /// not reported); an element that fails to decode is dropped and reported as usual and does not count as
    /// a kept record, so a later occurrence of its id is kept. With `.last` every element is decoded, and an
    /// earlier occurrence is dropped when a later one decodes; those errors are recorded when the array ends,
    /// each naming the occurrence finally kept. Elements without an id are all kept.
    ///
    /// `maxDropped` and `maxDroppedFraction` are the loss budget of ``decodeRequired(_:maxDropped:)``: only
    /// elements that failed to decode count, not duplicates (nothing is lost when a repeat is left out); the
    /// fraction is of all the array's elements, duplicates included.
    @inlinable
    public func decodeRequired<E: APIDecodable>(_ type: [E].Type, uniquingBy identity: RecordIdentity<E>, keeping: RecordOccurrence = .first,
                                                maxDropped: Int? = nil, maxDroppedFraction: Double? = nil) -> [E]! {
        decodeUniqued([E].self, required: true, by: identity, keeping: keeping, maxDropped: maxDropped, maxDroppedFraction: maxDroppedFraction)
    }

    /// Decodes an optional lossy array keeping one record per id; absent or null gives nil silently. See
    /// ``decodeRequired(_:uniquingBy:keeping:maxDropped:maxDroppedFraction:)``.
    ///
    /// ```swift
    /// let related = decoder["related"].decodeOptional([Item].self, uniquingBy: .key("sku"), keeping: .last)
    /// ```
    @inlinable
    public func decodeOptional<E: APIDecodable>(_ type: [E].Type, uniquingBy identity: RecordIdentity<E>, keeping: RecordOccurrence = .first,
                                                maxDropped: Int? = nil, maxDroppedFraction: Double? = nil) -> [E]? {
        decodeUniqued([E].self, required: false, by: identity, keeping: keeping, maxDropped: maxDropped, maxDroppedFraction: maxDroppedFraction)
    }

    /// The usual handling of absence and null (as `decodePresent`), then the uniqued array, then the budget.
    @inlinable
    func decodeUniqued<E: APIDecodable>(_ type: [E].Type, required: Bool, by identity: RecordIdentity<E>, keeping: RecordOccurrence,
                                        maxDropped: Int?, maxDroppedFraction: Double?) -> [E]? {
        switch presence(acceptingNull: false) {
        case .keptPastItsDecode:
            return nil
        case .missing:
            reportMissing(decoding: [E].self, required: required)
            if required { failRequired() }
            return nil
        case .present:
            break
        }
        let outcome = withFrame(for: [E].self) { array in
            array.uniqueElements([E].self, by: identity, keeping: keeping)
        }
        guard let (elements, total, failed) = outcome,
              !exceedsLossBudget(failed: failed, total: total, maxDropped: maxDropped, maxDroppedFraction: maxDroppedFraction, decoding: [E].self)
        else {
            if required { failRequired() }
            return nil
        }
        return elements
    }

    /// The kept elements, the number of elements and how many failed to decode (duplicates not counted).
    @inlinable
    func uniqueElements<E: APIDecodable>(_ type: [E].Type, by identity: RecordIdentity<E>,
                                         keeping: RecordOccurrence) -> ([E], total: Int, failed: Int)? {
        guard expectContainer(.array) else { return nil }
        markLossy()
        guard let path = identity.path else {
            reportNoIDKey(of: E.self, decoding: [E].self)
            guard let elements = [E](from: self) else { return nil }
            let total = count ?? elements.count
            return (elements, total, total - elements.count)
        }
        let capacity = count ?? 0
        var values: [E] = []
        values.reserveCapacity(capacity)
        var tracker = DuplicateTracker(path: path, keeping: keeping, type: E.self, capacity: capacity)
        var total = 0
        var failed = 0
        forEachElement { element in
            let index = total
            total += 1
            guard tracker.admits(element, at: index) else { return }
            guard let value = element.decodeRequired(E.self) else {
                tracker.failed()
                failed += 1
                return
            }
            tracker.keep(element, at: index)
            values.append(value)
        }
        guard let replaced = tracker.replacedSlots() else { return (values, total, failed) }
        var kept: [E] = []
        kept.reserveCapacity(values.count)
        for slot in values.indices where !replaced.contains(slot) {
            kept.append(values[slot])
        }
        return (kept, total, failed)
    }
}
