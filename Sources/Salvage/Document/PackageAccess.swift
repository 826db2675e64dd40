/// Entry points for the package's own benchmark and tests (package access: not public API).
package enum SalvagePackageAccess {
    /// Parses `bytes` into a document and returns its number of values, or nil when the input is invalid.
    package static func parse(_ bytes: [UInt8]) -> Int? {
        try? JSONDocument.withParsed(.array(bytes)) { $0.tape.count }.get()
    }

    /// The number of JSON values (keys included) in `bytes`: the tape's nodes without containers' close nodes,
    /// or nil when the input is invalid. Not timed by the benchmark (it walks the tape after parsing).
    package static func valueCount(_ bytes: [UInt8]) -> Int? {
        try? JSONDocument.withParsed(.array(bytes)) { document in
            let tape = document.tape
            var values = 0
            for index in 0 ..< tape.count where !tape[index].isCloseNode { values += 1 }
            return values
        }.get()
    }

    /// The tape of `bytes` as rows of (kind name, start, extent, count), or nil when the input is invalid:
    /// a scalar's text start and length; an open node's offset (from its close node), close node index and
    /// count; a close node as kind "close", with the container's offset and the index of its open node.
    package static func tapeRows(_ bytes: [UInt8]) -> [TapeRow]? {
        try? JSONDocument.withParsed(.array(bytes)) { document in
            let tape = document.tape
            var rows: [TapeRow] = []
            var openNodes: [Int] = []
            for index in 0 ..< tape.count {
                let node = tape[index]
                if let open = openNodes.last, tape[open].closeIndex == index {
                    openNodes.removeLast()
                    rows.append(TapeRow(kind: node.isCloseNode ? "close" : "misplaced \(node.kind)", start: Int(node.payload), extent: open, count: nil))
                } else if node.isContainer {
                    openNodes.append(index)
                    rows.append(TapeRow(kind: "\(node.kind)", start: document.sourceOffset(index), extent: node.closeIndex, count: node.count))
                } else {
                    rows.append(TapeRow(kind: "\(node.kind)", start: Int(node.start), extent: node.length(in: document.input), count: nil))
                }
            }
            return rows
        }.get()
    }

    /// For each number of `bytes` in document order, how many digits the parser recorded before its decimal
    /// point when it marked the number a short decimal (no exponent, at most 19 digits), or nil; nil for an
    /// invalid input. For tests of `TapeNode.shortDecimalBit`.
    package static func shortDecimalIntegerDigits(_ bytes: [UInt8]) -> [Int?]? {
        try? JSONDocument.withParsed(.array(bytes)) { document in
            document.tape.map { node -> Int?? in
                node.kind == .number ? .some(node.isShortDecimal ? node.shortDecimalIntegerDigits : nil) : nil
            }.compactMap { $0 }
        }.get()
    }

    /// One tape node, for tests.
    package struct TapeRow: Equatable, Sendable {
        package let kind: String
        package let start: Int
        package let extent: Int
        package let count: Int?

        package init(kind: String, start: Int, extent: Int, count: Int?) {
            self.kind = kind
            self.start = start
            self.extent = extent
            self.count = count
        }
    }
}
