/// Lossy arrays whose records may appear more than once (paged APIs repeat records): uniquing by id.
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
    /// earlier occurrence is dropped when a later one decodes. Elements without an id are all kept.
    ///
    /// `maxDropped` and `maxDroppedFraction` are the loss budget of ``decodeRequired(_:maxDropped:)``: only
    /// elements that failed to decode count, not duplicates (nothing is lost when a repeat is left out); the
    /// fraction is of all the array's elements, duplicates included.
    public func decodeRequired<E: APIDecodable>(_ type: [E].Type, uniquingBy identity: RecordIdentity<E>, keeping: RecordOccurrence = .first,
                                                maxDropped: Int? = nil, maxDroppedFraction: Double? = nil) -> [E]! {
        decode([E].self, required: true) {
            $0.uniqued([E].self, by: identity, keeping: keeping, maxDropped: maxDropped, maxDroppedFraction: maxDroppedFraction)
        }
    }

    /// Decodes an optional lossy array keeping one record per id; absent or null gives nil silently. See
    /// ``decodeRequired(_:uniquingBy:keeping:maxDropped:maxDroppedFraction:)``.
    ///
    /// ```swift
    /// let related = decoder["related"].decodeOptional([Item].self, uniquingBy: .key("sku"), keeping: .last)
    /// ```
    public func decodeOptional<E: APIDecodable>(_ type: [E].Type, uniquingBy identity: RecordIdentity<E>, keeping: RecordOccurrence = .first,
                                                maxDropped: Int? = nil, maxDroppedFraction: Double? = nil) -> [E]? {
        decode([E].self, required: false) {
            $0.uniqued([E].self, by: identity, keeping: keeping, maxDropped: maxDropped, maxDroppedFraction: maxDroppedFraction)
        }
    }

    private func uniqued<E: APIDecodable>(_ type: [E].Type, by identity: RecordIdentity<E>, keeping: RecordOccurrence,
                                          maxDropped: Int?, maxDroppedFraction: Double?) -> [E]? {
        guard let (elements, total, failed) = withFrame(for: [E].self, { array in
            array.uniqueElements([E].self, by: identity, keeping: keeping)
        }) else { return nil }
        guard let reason = Self.lossBudgetExceeded(dropped: failed, total: total, maxDropped: maxDropped,
                                                   maxDroppedFraction: maxDroppedFraction) else { return elements }
        withContext { $0.record(reason, at: self, decoding: [E].self) }
        return nil
    }

    /// The kept elements, the number of elements and how many failed to decode (duplicates not counted).
    private func uniqueElements<E: APIDecodable>(_ type: [E].Type, by identity: RecordIdentity<E>,
                                                 keeping: RecordOccurrence) -> ([E], total: Int, failed: Int)? {
        guard expectContainer(.array) else { return nil }
        markLossy()
        guard let path = identity.path else {
            let message = "\(E.self) has no idKey to unique records by; no duplicate was dropped"
            withContext { $0.record(.other(message: message), at: self, decoding: [E].self, severity: .info) }
            let elements = [E](from: self)
            return elements.map { ($0, count ?? $0.count, (count ?? $0.count) - $0.count) }
        }
        // The kept records in document order; a slot is emptied when a later occurrence replaces it (`.last`).
        var slots: [(value: E, index: Int, decoder: APIDecoder)?] = []
        slots.reserveCapacity(count ?? 0)
        var slotOfID: [RecordID: Int] = [:]
        var total = 0
        var failed = 0
        forEachElement { element in
            let index = total
            total += 1
            let id = element.recordID(at: path)
            if keeping == .first, let id, let slot = slotOfID[id], let kept = slots[slot] {
                element.reportDuplicate(id, at: path, kept: kept.index, dropped: index, decoding: E.self)
                return
            }
            guard let value = element.decodeRequired(E.self) else {
                failed += 1
                return
            }
            if let id {
                if let slot = slotOfID[id], let earlier = slots[slot] {
                    earlier.decoder.reportDuplicate(id, at: path, kept: index, dropped: earlier.index, decoding: E.self)
                    slots[slot] = nil
                }
                slotOfID[id] = slots.count
            }
            slots.append((value, index, element))
        }
        return (slots.compactMap { $0?.value }, total, failed)
    }

    /// Records that the element here repeats the record kept at `kept` (the error is at this element).
    private func reportDuplicate(_ id: RecordID, at path: APIQueryPath, kept: Int, dropped: Int, decoding type: Any.Type) {
        withContext { context in
            // The id is a value: hidden when its member is redacted, as in paths.
            let idText = context.redactsValues && context.redactsValue(at: self[path: path]) ? redactedText : id.text
            context.record(.duplicateRecord(id: idText, kept: kept, dropped: dropped), at: self, decoding: type)
        }
    }
}
