extension SalvagePackageAccess {
    /// `APIDataDecoder(options:).decode(bytes:to:)` with a top-level array decoded in batches of `batchBytes`
    /// whatever the input's size (the tests compare it with `decodeWhole`), and whether the batches gave the
    /// result (false: the decode fell back to the whole document, as it does when results could differ).
    package static func decodeInBatches<T: APIDecodable>(_ bytes: [UInt8], to type: T.Type, options: APIDecodeOptions = APIDecodeOptions(),
                                                         batchBytes: Int) -> (result: APIDecodeResult<T>, batched: Bool) {
        if let result = DecodeDriver.decodeInBatches(.array(bytes), to: T.self, options: options, batchBytes: batchBytes) {
            return (result, true)
        }
        return (DecodeDriver.decode(input: .array(bytes), to: T.self, options: options, batching: ArrayBatching(threshold: .max, batchBytes: batchBytes)), false)
    }

    /// `APIDataDecoder(options:).decode(bytes:to:)` over the whole document's tape, whatever the input's size.
    package static func decodeWhole<T: APIDecodable>(_ bytes: [UInt8], to type: T.Type, options: APIDecodeOptions = APIDecodeOptions()) -> APIDecodeResult<T> {
        DecodeDriver.decode(input: .array(bytes), to: T.self, options: options, batching: ArrayBatching(threshold: .max, batchBytes: 0))
    }
}
