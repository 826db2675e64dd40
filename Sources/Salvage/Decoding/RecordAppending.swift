// The per-record step of a stream — decode the root to a model, append its record — specialized for the model.
//
// Why inlinable: `RecordStreamEngine` is generic over the model and not specialized (it is internal and large),
// so in it every use of `T?`, `APIDecodeResult<T>`, `APIDecodeRecord<T>` or `[APIDecodeRecord<T>]` looks the
// type's metadata up at run time (a few hundred instructions each, several times a record), and the model's
// `decodeRequired` runs unspecialized. `records(from:to:)` is inlinable and makes the engine's per-record step
// from this function in your module, where the model is known: specialized there, the step looks nothing up.
// The engine's other paths (records after a broken one, `decodeRecords`) use the same function unspecialized.

/// What a stream's engine calls to decode one record: appends the record decoded from `context` (a context not
/// yet begun) with `index` and `line` to `records`, and returns how many errors it holds (recorded or not).
@usableFromInline
typealias RecordAppender<T> = (_ records: inout [APIDecodeRecord<T>], _ index: Int, _ line: Int, _ context: DecodingContext) -> Int

@usableFromInline
enum RecordAppending {
    /// See `RecordAppender`.
    @inlinable
    static func append<T: APIDecodable>(to records: inout [APIDecodeRecord<T>], index: Int, line: Int, context: DecodingContext) -> Int {
        var value: T?
        DecodeDriver.runRoot(in: context) { value = $0.decodeRequired(T.self) }
        let errors = context.errors
        let unrecorded = context.unrecordedErrorCount
        // `consume`: the model moves into the result and the variable ends there. Passing `value` copied it (retaining
        // every reference it holds) and then destroyed the variable's copy: about 330 instructions a record for the
        // benchmark's person; `take()` left a `nil` to destroy through an outlined call, about 70 more.
        records.append(APIDecodeRecord(index: index, line: line, result: APIDecodeResult(value: consume value, errors: errors, unrecordedErrorCount: unrecorded)))
        return errors.count + unrecorded
    }
}
