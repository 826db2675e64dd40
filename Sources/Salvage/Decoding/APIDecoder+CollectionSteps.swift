/// Stepping into every member of an object at once, with errors at the concrete key.
extension APIDecoder {
    /// A decoder for each member value of the object here, in document order (empty for anything else).
    /// Errors recorded through them name the concrete key:
    ///
    /// ```swift
    /// let counts = decoder["counts"].allValues.compactMap { $0 --> Int?.self }
    /// let third  = decoder["counts"].allValues[2] --> Int?.self     // absent when there is no third value
    /// ```
    public var allValues: APIDecoderList {
        values(where: { _ in true })
    }

    /// The keys of the object here, in document order (empty for anything else). Same as ``keys``.
    public var allKeys: [String] { keys }

    /// The keys of the object here that satisfy `predicate`, in document order.
    public func keys(where predicate: (String) -> Bool) -> [String] {
        keys.filter(predicate)
    }

    /// A decoder for each member value whose key satisfies `predicate`, in document order.
    public func values(where predicate: (String) -> Bool) -> APIDecoderList {
        values(where: { key, _ in predicate(key) })
    }

    /// A decoder for each member whose key and value decoder satisfy `predicate`, in document order. The
    /// predicate may look at (or decode) the value; what it decodes is recorded like any decode:
    ///
    /// ```swift
    /// let active = decoder["users"].values(where: { key, user in
    ///     key != "_meta" && user["active"] --> Bool?.self == true
    /// })
    /// ```
    public func values(where predicate: (String, APIDecoder) -> Bool) -> APIDecoderList {
        var members: [APIDecoder] = []
        if jsonElement == .object {
            forEachMember { key, value in
                if predicate(key, value) { members.append(value) }
            }
        }
        return APIDecoderList(owner: self, members: members)
    }
}

/// The member decoders of ``APIDecoder/allValues`` and ``APIDecoder/values(where:)``.
///
/// Subscripting never fails: a position past the end gives a decoder with no value, whose errors are
/// reported at that position (`root["counts"][7]`).
public struct APIDecoderList: RandomAccessCollection {
    let owner: APIDecoder
    let members: [APIDecoder]

    /// 0.
    public var startIndex: Int { 0 }
    /// The number of members.
    public var endIndex: Int { members.count }

    /// The decoder of member `position`, or one with no value when there is no such member.
    public subscript(position: Int) -> APIDecoder {
        guard position >= 0 && position < members.count else {
            guard owner.isPresent else { return owner.absentChild(APICodingKey(arrayIndex: position)) }
            return owner.sibling(frame: owner.frame, node: -1, parent: owner.node, step: .pastLastValue(index: position))
        }
        return members[position]
    }
}
