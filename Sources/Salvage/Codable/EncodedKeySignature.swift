// A cheap fingerprint of an object key, so that `JSONStreamEncoder` knows while members are written whether an
// object can hold a key twice, instead of comparing every pair of keys (or hashing them all into a `Set`) when
// the object closes — that check was ~8% of encoding a typical API model.
//
// Why unsafe buffers: the fingerprint reads the key's UTF-8 bytes from `String.withUTF8`'s buffer (already
// open to write the key) as two unaligned 8-byte words. Every read is inside `0..<buffer.count`.

/// The length, first 8 and last 8 UTF-8 bytes of an ASCII key. Two ASCII keys of at most 16 bytes are equal
/// exactly when their signatures are; longer keys with equal signatures are compared as strings. A non-ASCII
/// key has no signature (canonically equivalent keys differ in bytes), so its object is checked in full.
struct EncodedKeySignature: Equatable {
    let head: UInt64
    let tail: UInt64
    /// The key's length in bytes; -1 for a non-ASCII key.
    let count: Int

    /// No signature: a key that was not fingerprinted (a dictionary's key, only sorted).
    static let unknown = EncodedKeySignature(head: 0, tail: 0, count: -1)

    private init(head: UInt64, tail: UInt64, count: Int) {
        self.head = head
        self.tail = tail
        self.count = count
    }

    /// The signature of the key whose UTF-8 bytes are `buffer`.
    @inline(__always)
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        let count = buffer.count
        guard count > 0, let base = buffer.baseAddress else {
            head = 0
            tail = 0
            self.count = 0
            return
        }
        var high: UInt64 = 0
        if count >= 8 {
            let raw = UnsafeRawPointer(base)
            head = raw.loadUnaligned(as: UInt64.self)
            tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            high = head | tail
            if count > 16 {
                for index in 8..<(count - 8) { high |= UInt64(buffer[index]) }
            }
        } else {
            var word: UInt64 = 0
            for byte in buffer {
                word = word << 8 | UInt64(byte)
                high |= UInt64(byte)
            }
            head = word
            tail = 0
        }
        self.count = high & 0x8080_8080_8080_8080 == 0 ? count : -1
    }

    /// Whether the key had no signature (it is not ASCII).
    var isNonASCII: Bool { count < 0 }

    /// Whether equal signatures mean equal keys (the whole key is in `head` and `tail`).
    var isExact: Bool { count <= 16 }

    /// One bit of 64 chosen by the signature, for the object's filter of keys seen.
    var filterBit: UInt64 {
        let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(bitPattern: Int64(count))
        return 1 &<< (mixed >> 58)
    }
}
