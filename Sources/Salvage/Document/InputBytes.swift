import Foundation

/// The input bytes, kept in the form the caller gave them, so decoding `Data` never copies it.
enum InputBytes: Sendable {
    case data(Data)
    case array([UInt8])

    /// Calls `body` with the bytes.
    @inline(__always)
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        switch self {
        case .array(let array):
            return try array.withUnsafeBufferPointer(body)
        case .data(let data):
            return try data.withUnsafeBytes { raw in
                try body(raw.bindMemory(to: UInt8.self))
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
