// Comparing a short member key (under eight bytes: `id`, `name`, `tags`, `height`) with the bytes of a key in
// the input, for the member lookup's fast path (`JSONDocument.memberAtHint`).
//
// Why unsafe: two overlapping loads of two or four bytes from each side replace a loop over the bytes
// (`ByteReader.bytesEqual` compares keys under eight bytes one byte at a time, about five instructions a
// byte). Every load lies inside the key's bytes on both sides, which the caller guarantees are `length`
// bytes long. Measured with cachegrind (see Docs/Performance.md, 2026-11-25, branch `decode-speed5`); the
// key search's loop (`searchMember`) keeps `bytesEqual`: this compare inlined there made twitter 0.8% slower.

extension JSONDocument {
    /// Whether the `length` bytes at `index` of `input` equal all of `key`. The caller guarantees
    /// `index + length <= input.count`.
    @inline(__always)
    static func keyBytesEqual(_ input: ByteReader, at index: Int, length: Int, to key: ByteReader) -> Bool {
        guard key.count == length else { return false }
        guard length < 8 else { return input.bytesEqual(at: index, length: length, to: key) }
        let text = UnsafeRawPointer(input.base + index)
        let other = UnsafeRawPointer(key.base)
        if length >= 4 {
            let tail = length &- 4
            return text.loadUnaligned(as: UInt32.self) == other.loadUnaligned(as: UInt32.self)
                && text.loadUnaligned(fromByteOffset: tail, as: UInt32.self) == other.loadUnaligned(fromByteOffset: tail, as: UInt32.self)
        }
        if length >= 2 {
            let tail = length &- 2
            return text.loadUnaligned(as: UInt16.self) == other.loadUnaligned(as: UInt16.self)
                && text.loadUnaligned(fromByteOffset: tail, as: UInt16.self) == other.loadUnaligned(fromByteOffset: tail, as: UInt16.self)
        }
        return length == 0 || text.load(as: UInt8.self) == other.load(as: UInt8.self)
    }
}
