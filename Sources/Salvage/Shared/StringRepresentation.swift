// Telling two strings apart by their bits, for the path table's text compares.
//
// Why unsafe: a `String` is read as its two words (`unsafeBitCast`), without retaining anything, to see whether
// two strings are the same representation — the same small string (up to 15 bytes held in place) or the same
// storage and count — which makes them the same text. `PathTable` compares mostly equal keys (a shared prefix's,
// read again from the tape as small strings); comparing their bytes cost about 200 instructions a compare.

extension String {
    /// Whether the two strings have the same in-memory representation: then they are the same text (strings are
    /// immutable values), but strings of the same text may have different representations. Always false on
    /// platforms other than 64-bit x86 and ARM (where a `String` is not two 64-bit words).
    @inline(__always)
    func hasSameRepresentation(as other: String) -> Bool {
        #if arch(x86_64) || arch(arm64)
        let mine = unsafeBitCast(self, to: (UInt64, UInt64).self)
        let theirs = unsafeBitCast(other, to: (UInt64, UInt64).self)
        return mine.0 == theirs.0 && mine.1 == theirs.1
        #else
        return false
        #endif
    }
}
