/// Object members written in order, rearranged when the object closes: sorted by the UTF-8 bytes of their
/// keys with `.sortedKeys`, and a key written twice kept once, with its last value (as `JSONEncoder` keeps it).
extension JSONStreamEncoder {
    /// Starts a member of the object at `depth`: separator, key, colon. Records where it starts, and whether
    /// the object may now hold a key twice (see `EncodedKeySignature`).
    @inline(__always)
    func beginMember(_ key: String, depth: Int) {
        let count = levels[depth].count
        if count > 0 { members[members.count - 1].end = writer.count }
        writer.beforeItem(count)
        let start = writer.count
        var key = key
        let signature = key.withUTF8 { buffer in
            writer.appendQuoted(buffer)
            return EncodedKeySignature(buffer)
        }
        writer.afterKey()
        noteKey(key, signature: signature, depth: depth)
        members.append(EncodedMember(key: key, signature: signature, start: start, end: 0))
        levels[depth].count = count + 1
    }

    /// Marks the object at `depth` as possibly holding `key` twice when an earlier member may have it: a
    /// 64-bit filter of signatures rules most keys out; a hit compares signatures (and long keys as strings).
    @inline(__always)
    private func noteKey(_ key: String, signature: EncodedKeySignature, depth: Int) {
        guard !levels[depth].mayRepeatKeys else { return }
        if signature.isNonASCII {
            levels[depth].mayRepeatKeys = true
            return
        }
        let bit = signature.filterBit
        if levels[depth].keyFilter & bit != 0 {
            for index in levels[depth].membersBase..<members.count where members[index].signature == signature {
                if signature.isExact || members[index].key == key {
                    levels[depth].mayRepeatKeys = true
                    return
                }
            }
        }
        levels[depth].keyFilter |= bit
    }

    /// Rearranges the members of the closing object (its members from `base`, its text from `contentStart`) if
    /// needed; returns how many it has.
    /// `mayRepeatKeys` false promises that no key repeats.
    func rearrangeMembers(base: Int, contentStart: Int, mayRepeatKeys: Bool = true) -> Int {
        let count = members.count - base
        guard count > 1, sortsKeys || mayRepeatKeys else { return count }
        members[members.count - 1].end = writer.count
        guard let order = sortsKeys ? sortedOrder(base: base) : orderWithoutDuplicates(base: base) else { return count }
        let start = contentStart
        let contents = writer.text.copy(from: start)
        writer.text.truncate(to: start)
        for (index, memberIndex) in order.enumerated() {
            let member = members[memberIndex]
            writer.beforeItem(index)
            writer.text.append(contents, in: (member.start - start)..<(member.end - start))
        }
        return order.count
    }

    /// The members from `base` in key order, each key once (its last member); nil when they already are.
    private func sortedOrder(base: Int) -> [Int]? {
        var inOrder = true
        for index in (base + 1)..<members.count where !precedes(members[index - 1].key, members[index].key) {
            inOrder = false
            break
        }
        if inOrder { return nil }
        let sorted = (base..<members.count).sorted { left, right in
            let leftKey = members[left].key
            let rightKey = members[right].key
            if leftKey == rightKey { return left < right }
            return precedes(leftKey, rightKey)
        }
        var order: [Int] = []
        order.reserveCapacity(sorted.count)
        for index in sorted {
            if let last = order.last, members[last].key == members[index].key {
                order[order.count - 1] = index
            } else {
                order.append(index)
            }
        }
        return order
    }

    /// The members from `base` with each repeated key kept once, at its last member; nil when no key repeats.
    private func orderWithoutDuplicates(base: Int) -> [Int]? {
        let range = base..<members.count
        var repeats = false
        if range.count <= 16 {
            outer: for index in range {
                for other in (index + 1)..<members.count where members[index].key == members[other].key {
                    repeats = true
                    break outer
                }
            }
        } else {
            var seen = Set<String>(minimumCapacity: range.count)
            for index in range where !seen.insert(members[index].key).inserted {
                repeats = true
                break
            }
        }
        guard repeats else { return nil }
        var lastIndex: [String: Int] = [:]
        for index in range { lastIndex[members[index].key] = index }
        return range.filter { lastIndex[members[$0].key] == $0 }
    }

    /// Whether `left` sorts before `right`, comparing their UTF-8 bytes (as `JSONEncoder`'s `.sortedKeys` on Linux).
    private func precedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}
