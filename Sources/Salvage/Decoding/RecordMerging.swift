// Merging a freshly decoded page into the records already held in memory, by id: Crust's collection
// policies (append, replace) for plain arrays. Storing the result (Core Data, Realm, SQLite) is the app's
// business; Salvage has no persistence adapters.

/// What `Array.merge(_:uniquingBy:policy:)` (and `merging`) does with a page record whose id is already in the array.
/// A record with a new id is always appended, in page order.
public enum MergePolicy: Sendable, Hashable {
    /// The page's record replaces the one held, at the same position.
    case replace
    /// The record held stays; the page's record is ignored.
    case keepExisting
    /// The record held is removed and the page's record appended: an updated record moves to the end, as in
    /// a feed ordered by last change.
    case append
}

extension Array {
    /// Merges `page` into this array by id: a record whose id is new is appended (in page order), and one
    /// whose id is already here is handled by `policy`.
    ///
    /// ```swift
    /// var items = [Item(id: 1, name: "a"), Item(id: 2, name: "b")]
    /// items.merge([Item(id: 1, name: "A"), Item(id: 3, name: "c")], uniquingBy: \.id, policy: .replace)
    /// // .replace: [1 "A", 2 "b", 3 "c"]   .keepExisting: [1 "a", 2 "b", 3 "c"]   .append: [2 "b", 1 "A", 3 "c"]
    /// ```
    ///
    /// The page is merged one record at a time, so a page that repeats an id is handled like a later page:
    /// with `.replace` its last occurrence wins, with `.keepExisting` its first. The id comes from the
    /// decoded value (`uniquingBy:` takes a key path or a closure), not from JSON. Records already in the
    /// array that share an id are left as they are; a page record matches the first of them.
    public mutating func merge<ID: Hashable>(_ page: some Sequence<Element>, uniquingBy id: (Element) throws -> ID,
                                             policy: MergePolicy = .replace) rethrows {
        var slots: [Element?] = map { $0 }
        var position: [ID: Int] = [:]
        position.reserveCapacity(count)
        for (index, element) in enumerated() {
            let key = try id(element)
            if position[key] == nil { position[key] = index }
        }
        for record in page {
            let key = try id(record)
            guard let held = position[key] else {
                position[key] = slots.count
                slots.append(record)
                continue
            }
            switch policy {
            case .replace:
                slots[held] = record
            case .keepExisting:
                continue
            case .append:
                slots[held] = nil
                position[key] = slots.count
                slots.append(record)
            }
        }
        self = slots.compactMap { $0 }
    }

    /// This array with `page` merged into it by id; see ``merge(_:uniquingBy:policy:)``.
    ///
    /// ```swift
    /// let all = held.merging(page, uniquingBy: \.sku, policy: .keepExisting)
    /// ```
    public func merging<ID: Hashable>(_ page: some Sequence<Element>, uniquingBy id: (Element) throws -> ID,
                                      policy: MergePolicy = .replace) rethrows -> [Element] {
        var merged = self
        try merged.merge(page, uniquingBy: id, policy: policy)
        return merged
    }
}

extension Array where Element: Identifiable {
    /// Merges `page` into this array by each record's `id` (`Identifiable`); see ``merge(_:uniquingBy:policy:)``.
    ///
    /// ```swift
    /// orders.merge(nextPage, policy: .replace)
    /// ```
    public mutating func merge(_ page: some Sequence<Element>, policy: MergePolicy = .replace) {
        merge(page, uniquingBy: \.id, policy: policy)
    }

    /// This array with `page` merged into it by each record's `id` (`Identifiable`); see ``merge(_:uniquingBy:policy:)``.
    ///
    /// ```swift
    /// let all = orders.merging(nextPage, policy: .keepExisting)
    /// ```
    public func merging(_ page: some Sequence<Element>, policy: MergePolicy = .replace) -> [Element] {
        merging(page, uniquingBy: \.id, policy: policy)
    }
}
