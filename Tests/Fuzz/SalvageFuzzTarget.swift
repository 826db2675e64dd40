// libFuzzer entry point: decodes arbitrary bytes through every public decoding path. Built and run by
// .ci/fuzz (not part of the SwiftPM package); a crash, hang or sanitizer report is a bug.
import Foundation

struct FuzzAddress: Decodable { let street: String; let zip: Int? }

/// A decoder a model kept (a misuse): used again by later models, of the same decode (still live) or of a
/// later one that may reuse its context slot (then it must see nothing and record nothing).
nonisolated(unsafe) var keptDecoder: APIDecoder?

struct FuzzPerson: APIDecodable {
    static var idKey: String? { "id" }
    let id: Int
    let name: String
    init?(from decoder: APIDecoder) {
        let id = decoder["id"] --> Int.self
        let name = decoder[firstOf: "name", "full_name"] --> String.self
        _ = decoder["height"] --> Double?.self
        _ = decoder["born"] --> Date?.self
        _ = decoder["tags"] --> [String?]?.self
        _ = decoder["level"] --> OpenEnum<FuzzLevel>?.self
        _ = decoder["address"].decodeOptional(swiftDecodable: FuzzAddress.self)
        _ = decoder[path: "a.b.0.c"] --> JSONValue?.self
        _ = decoder["count"].decode(Int.self, default: 0, when: .missingNullOrInvalid)
        _ = decoder["n"].decodeOptional(Int.self, lenient: true)
        _ = decoder["friends"] --> [FuzzPerson]?.self
        _ = decoder["peers"].decodeOptional([FuzzPerson].self, uniquingBy: .path("meta.id"), keeping: .last)
        _ = decoder["scores"] --> CountLimited<[Decimal]?>(max: 3)
        if let kept = keptDecoder {
            _ = kept["id"] --> Int?.self
            _ = kept["friends"][0]["name"].path
            _ = (kept.keys, kept.count, kept.location, kept.jsonElement)
            _ = kept --> [FuzzPerson]?.self
            kept["late"].recordError(message: "from a kept decoder")
        }
        keptDecoder = decoder["friends"]
        guard decoder.succeeded, let id, let name else { return nil }
        self.id = id
        self.name = name
    }
}

enum FuzzLevel: String { case low, high }

/// `FuzzPerson` without the kept decoder: decoded in batches (as large top-level arrays are), its array must
/// give the whole document's result in every observable.
struct FuzzRecord: APIDecodable, CustomStringConvertible {
    static var idKey: String? { "id" }
    let id: Int
    let name: String
    let tags: [String?]?
    init?(from decoder: APIDecoder) {
        let id = decoder["id"] --> Int.self
        let name = decoder[firstOf: "name", "full_name"] --> String.self
        _ = decoder["height"] --> Double?.self
        tags = decoder["tags"] --> [String?]?.self
        _ = decoder["address"].decodeOptional(swiftDecodable: FuzzAddress.self)
        _ = decoder["friends"] --> [FuzzRecord]?.self
        _ = decoder["count"].decode(Int.self, default: 0, when: .missingNullOrInvalid)
        guard decoder.succeeded, let id, let name else { return nil }
        self.id = id
        self.name = name
    }
    var description: String { "\(id) \(name) \(tags.map { "\($0)" } ?? "-")" }
}

/// Everything a result shows, for comparing two decodes.
func fingerprint<T>(_ result: APIDecodeResult<T>) -> [String] {
    var lines = [result.value.map { "\($0)" } ?? "nil", "\(result.unrecordedErrorCount)"]
    for error in result.errors {
        let location = error.location.map { "\($0.line):\($0.column) (\($0.offset))" } ?? "-"
        lines.append("\(error.severity) \(error) @ \(location) \(error.value ?? "-") \(error.note ?? "-") \(error.jsonLine)")
    }
    return lines
}

/// The records a stream gives for `bytes` (one window holding them all), rendered with every error and location:
/// array elements parsed a batch at a time (`batchBytes`, 0: never) must give what parsing each alone gives.
func streamFingerprint(_ bytes: [UInt8], options: APIDecodeOptions, batchBytes: Int) -> [String] {
    var engine = RecordStreamEngine<FuzzRecord>(options: options, layout: .automatic, rawInput: nil, maximumRecordSize: 1 << 20,
                                                batches: RecordStreamBatches(options: options, batchBytes: batchBytes, minimumBytes: 1))
    var lines: [String] = []
    ByteReader.withBytes(of: bytes) { engine.run(window: $0, atEnd: true) }
    for record in engine.records {
        lines.append("#\(record.index) line \(record.line)")
        lines += fingerprint(record.result)
    }
    return lines
}

/// Runs `body` on a thread with a 512 KiB stack, as secondary threads and dispatch queues get on Apple
/// platforms (the fuzzer's own thread has 8 MiB, on which a stack overflow at 300 levels went unnoticed).
func onSmallStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func salvageFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var options = APIDecodeOptions()
    options.reportsUnknownKeys = bytes.first.map { $0 & 1 == 1 } ?? false
    options.maximumRecordedErrors = 50
    // Some inputs also run under tight limits, so the limit paths are fuzzed too.
    options.maximumStringLength = count % 3 == 0 ? 16 : nil
    options.maximumDepth = count % 5 == 0 ? 8 : 512
    options.maximumInputSize = count % 7 == 0 ? 1_024 : nil
    let decoder = APIDataDecoder(options: options)
    for error in decoder.decode(bytes: bytes, to: JSONValue.self).errors { _ = error.jsonLine }
    let people = decoder.decode(bytes: bytes, to: [FuzzPerson].self)
    _ = people.summary.description
    for error in people.errors { _ = error.diagnostic(source: String(decoding: bytes, as: UTF8.self)) }
    for keeping in [RecordOccurrence.first, .last] {
        let uniqued = decoder.decode(data: Data(bytes), to: [FuzzPerson].self, uniquingBy: .idKey, keeping: keeping, maxDropped: 3)
        for error in uniqued.errors { _ = error.jsonLine }
    }
    _ = decoder.decode(bytes: bytes, to: FuzzPerson.self)
    _ = decoder.decode(bytes: bytes, to: [String: [Int8]].self)
    _ = decoder.decode(data: Data(bytes), toDecodable: [String: FuzzAddress].self)
    _ = decoder.decodeRecords(data: Data(bytes), to: FuzzPerson.self)
    // A top-level array decoded in batches of 1 to 97 bytes must give the whole document's result.
    var batchOptions = options
    batchOptions.reportsUnknownKeys = false
    let whole = SalvagePackageAccess.decodeWhole(bytes, to: [FuzzRecord].self, options: batchOptions)
    let batched = SalvagePackageAccess.decodeInBatches(bytes, to: [FuzzRecord].self, options: batchOptions, batchBytes: 1 + count % 97)
    if fingerprint(batched.result) != fingerprint(whole) {
        fatalError("batched decode (\(batched.batched ? "batches" : "fallback")) differs: \(fingerprint(batched.result)) vs \(fingerprint(whole))")
    }
    // A stream's array elements parsed in batches of 1 to 61 bytes must give the records of parsing each alone.
    let alone = streamFingerprint(bytes, options: batchOptions, batchBytes: 0)
    let inBatches = streamFingerprint(bytes, options: batchOptions, batchBytes: 1 + count % 61)
    if inBatches != alone {
        fatalError("streamed batches differ: \(inBatches) vs \(alone)")
    }
    // Every other input decodes again on a small stack: models, Codable values and JSON values.
    if count % 2 == 0 {
        onSmallStack {
            _ = decoder.decode(bytes: bytes, to: [FuzzPerson].self)
            _ = decoder.decode(bytes: bytes, to: JSONValue.self)
            _ = decoder.decode(data: Data(bytes), toDecodable: [String: FuzzAddress].self)
        }
    }
    return 0
}
