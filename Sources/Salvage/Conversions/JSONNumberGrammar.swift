/// RFC 8259's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
enum JSONNumberGrammar {
    /// Whether `text` is exactly one JSON number.
    static func isValid(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        var byte = bytes.next()
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }
        if byte == UInt8(ascii: "-") { byte = bytes.next() }
        if byte == UInt8(ascii: "0") {
            byte = bytes.next()
        } else if isDigit(byte) {
            while isDigit(byte) { byte = bytes.next() }
        } else {
            return false
        }
        if byte == UInt8(ascii: ".") {
            byte = bytes.next()
            guard isDigit(byte) else { return false }
            while isDigit(byte) { byte = bytes.next() }
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            byte = bytes.next()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = bytes.next() }
            guard isDigit(byte) else { return false }
            while isDigit(byte) { byte = bytes.next() }
        }
        return byte == nil
    }
}
