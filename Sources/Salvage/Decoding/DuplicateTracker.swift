// The non-generic side of decoding an array uniquing by id (`APIDecoder+Uniquing.swift`, whose generic loop
// is `@inlinable`, so what it calls here is `@usableFromInline`): reading each element's id, remembering the
// kept records, recording one `duplicateRecord` error per dropped duplicate.

/// Which elements of an array decoded uniquing by id are kept. Fed the elements in document order: `admits`
/// before an element is decoded, then `keep` when it decoded or `failed` when it did not.
@usableFromInline
struct DuplicateTracker {
    private let path: APIQueryPath
    private let keeping: RecordOccurrence
    private let type: Any.Type
    /// The index in `kept` of the record kept for each id.
    private var slotOfID: [RecordID: Int] = [:]
    /// The element index and decoder of each kept record, in document order (one per value appended).
    private var kept: [(index: Int, decoder: APIDecoder)] = []
    /// The slots in `kept` replaced by a later occurrence (`.last`), with their id: their errors are recorded
    /// at the end of the array, when the occurrence finally kept is known (with three occurrences the
    /// second, which replaced the first, is replaced by the third in turn).
    private var replaced: [Int: RecordID] = [:]
    /// The id of the element last admitted, for `keep`.
    private var pendingID: RecordID?

    @usableFromInline
    init(path: APIQueryPath, keeping: RecordOccurrence, type: Any.Type, capacity: Int) {
        self.path = path
        self.keeping = keeping
        self.type = type
        slotOfID.reserveCapacity(capacity)
        kept.reserveCapacity(capacity)
    }

    /// Whether the element at `index` is to be decoded: false when it repeats a kept record under `.first`
    /// (the duplicate is then recorded at it). One hash of the id per element: under `.first` the id is
    /// entered here, for the slot the element will have, and taken out again by `failed()`.
    @usableFromInline
    mutating func admits(_ element: APIDecoder, at index: Int) -> Bool {
        pendingID = element.recordID(at: path)
        guard keeping == .first, let id = pendingID else { return true }
        if let slot = slotOfID.updateValue(kept.count, forKey: id) {
            slotOfID[id] = slot
            element.reportDuplicate(id, at: path, kept: kept[slot].index, dropped: index, decoding: type)
            return false
        }
        return true
    }

    /// Notes that the element last admitted failed to decode: it is not a kept record.
    @usableFromInline
    mutating func failed() {
        if keeping == .first, let id = pendingID {
            slotOfID[id] = nil
        }
    }

    /// Notes that the element at `index` (the one last admitted) decoded and its value was appended; under
    /// `.last` it replaces an earlier record with its id (whose error `replacedSlots()` records).
    @usableFromInline
    mutating func keep(_ element: APIDecoder, at index: Int) {
        if keeping == .last, let id = pendingID, let slot = slotOfID.updateValue(kept.count, forKey: id) {
            replaced[slot] = id
        }
        kept.append((index, element))
    }

    /// After the last element: records one duplicate error at each record a later occurrence replaced (in
    /// document order, naming the occurrence finally kept), and returns their positions among the values
    /// appended; nil for none.
    @usableFromInline
    func replacedSlots() -> Set<Int>? {
        guard !replaced.isEmpty else { return nil }
        for (slot, id) in replaced.sorted(by: { $0.key < $1.key }) {
            let earlier = kept[slot]
            let final = kept[slotOfID[id] ?? slot].index
            earlier.decoder.reportDuplicate(id, at: path, kept: final, dropped: earlier.index, decoding: type)
        }
        return Set(replaced.keys)
    }
}

extension APIDecoder {
    /// Records that the element here repeats the record kept at `kept` (the error is at this element).
    func reportDuplicate(_ id: RecordID, at path: APIQueryPath, kept: Int, dropped: Int, decoding type: Any.Type) {
        withContext { context in
            // The id is a value: hidden when its member is redacted, as in paths.
            let idText = context.redactsValues && context.redactsValue(at: self[path: path]) ? redactedText : id.text
            context.record(.duplicateRecord(id: idText, kept: kept, dropped: dropped), at: self, decoding: type)
        }
    }

    /// Records, at the array, that `.idKey` was asked of a type without an `idKey` (nothing is de-duplicated).
    @usableFromInline
    func reportNoIDKey(of type: Any.Type, decoding arrayType: Any.Type) {
        let message = "\(type) has no idKey to unique records by; no duplicate was dropped"
        withContext { $0.record(.other(message: message), at: self, decoding: arrayType, severity: .info) }
    }

    /// Whether `failed` of `total` elements exceed the loss budget; if so, records why (at the array).
    @usableFromInline
    func exceedsLossBudget(failed: Int, total: Int, maxDropped: Int?, maxDroppedFraction: Double?, decoding type: Any.Type) -> Bool {
        guard let reason = Self.lossBudgetExceeded(dropped: failed, total: total, maxDropped: maxDropped,
                                                   maxDroppedFraction: maxDroppedFraction) else { return false }
        withContext { $0.record(reason, at: self, decoding: type) }
        return true
    }
}
