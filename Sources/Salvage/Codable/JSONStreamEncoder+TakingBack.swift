// Members and elements whose value throws, when the model catches the error (`try? container.encode(…)`) and goes
// on: `JSONEncoder` builds a tree and leaves such a value out. This encoder writes straight into its text, the
// key before the value, so it notes where each member or element began and, when its value throws, takes the
// text, the members and the levels the value opened back to that point before rethrowing. Without it the output
// kept the key and a partial value: `{"a":0,"b":,"c":1}`, which is not JSON. The containers' methods hold the
// `do`/`catch` themselves: a closure around the write was not inlined and cost a retain, a release and a call
// per value (canada's encode +7% instructions).

/// Where a member or element of the level at `depth` began: what to keep when its value throws.
struct EncodingMark {
    let text: Int
    let writerDepth: Int
    let members: Int
    let items: Int
    let serial: UInt32
}

extension JSONStreamEncoder {
    /// Where the next member or element of the level `depth` (already prepared) begins.
    @inline(__always)
    func mark(_ depth: Int) -> EncodingMark {
        EncodingMark(text: writer.count, writerDepth: writer.depth, members: members.count, items: levels[depth].count,
                     serial: levels[depth].serial)
    }

    /// Takes back the member or element begun at `mark` in the level `depth`: its text, its member entries and
    /// the levels its value opened. Nothing when that level was itself finished meanwhile (the error is then the
    /// encoder's own, thrown again at the end).
    func takeBack(to mark: EncodingMark, depth: Int) {
        guard depth < levels.count, levels[depth].serial == mark.serial, writer.count >= mark.text else { return }
        while levels.count > depth + 1 { levels.removeLast() }
        dropMembers(from: mark.members)
        writer.takeBack(toCount: mark.text, depth: mark.writerDepth)
        levels[depth].count = mark.items
    }
}
