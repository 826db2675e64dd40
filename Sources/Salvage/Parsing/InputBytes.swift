import Foundation

/// The input bytes, kept in the form the caller gave them, so decoding `Data` never copies it.
enum InputBytes: Sendable {
    case data(Data)
    case array([UInt8])

    /// Calls `body` with a reader of the bytes, borrowed in place; the reader must not escape `body`.
    @inline(__always)
    func withBytes<R>(_ body: (ByteReader) throws -> R) rethrows -> R {
        switch self {
        case .array(let array):
            return try array.withUnsafeBufferPointer { try body(ByteReader($0)) }
        case .data(let data):
            return try data.withUnsafeBytes { raw in
                try body(ByteReader(raw.bindMemory(to: UInt8.self)))
            }
        }
    }

    var count: Int {
        switch self {
        case .array(let array): return array.count
        case .data(let data): return data.count
        }
    }

    /// The bytes as `Data` (a copy only when they were given as an array).
    var data: Data {
        switch self {
        case .array(let array): return Data(array)
        case .data(let data): return data
        }
    }
}
