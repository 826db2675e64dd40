import Foundation

/// How a decoder was reached from the node it was subscripted from. Keys and indices are kept in the
/// cheapest form available and turned into `APICodingKey`s only when an error is recorded.
enum PathStep {
    /// The top-level value.
    case root
    /// A member that is present: the tape index of its key node (the key's text is read from the tape).
    case member(keyNode: Int)
    /// An array element (present or not).
    case index(Int)
    /// A key that is not present.
    case name(String)
    /// Several steps below a value that is not present (e.g. `decoder["missing"]["child"]`).
    case chain([APICodingKey])
}

/// A model or value being decoded: the innermost frame owns `succeeded` for the `init?(from:)` running.
struct Frame {
    /// The tape index of the value being decoded.
    let node: Int
    /// The tape index the value was reached from, or -1 for the root.
    let parent: Int
    let step: PathStep
    /// The Swift type being decoded here; shown in tagged paths.
    let type: Any.Type
    var succeeded = true
    /// Set once a "this value has the wrong JSON type for a model" error was recorded for this frame.
    var reportedShape = false
}

/// The state of one `decode` call: the document, the options, the errors so far and the stack of
/// models being decoded. Created once per call and never shared between threads.
final class DecodingContext {
    let document: JSONDocument
    let options: APIDecodeOptions
    /// The raw response bytes, for `ResponseData`.
    let rawData: Data?
    /// Whether source locations refer to input the user gave us (false for Foundation object trees).
    let reportsLocations: Bool
    /// The tape index of the value decoding starts at (the root), or -1 when there is none.
    let rootNode: Int

    var errors: [APIDecodeError] = []
    var frames: [Frame] = []
    private var locator: IncrementalLocator

    init(document: JSONDocument, rootNode: Int, options: APIDecodeOptions, rawData: Data?, reportsLocations: Bool) {
        self.document = document
        self.rootNode = rootNode
        self.options = options
        self.rawData = rawData
        self.reportsLocations = reportsLocations
        self.locator = IncrementalLocator()
        frames.reserveCapacity(32)
    }

    // MARK: - Frames

    func pushFrame(node: Int, parent: Int, step: PathStep, type: Any.Type) -> Int {
        frames.append(Frame(node: node, parent: parent, step: step, type: type))
        return frames.count - 1
    }

    func popFrame() {
        frames.removeLast()
    }

    /// Marks the model owning frame `index` as failed.
    func fail(frame index: Int) {
        if index >= 0 && index < frames.count {
            frames[index].succeeded = false
        }
    }

    func succeeded(frame index: Int) -> Bool {
        index >= 0 && index < frames.count ? frames[index].succeeded : true
    }

    // MARK: - Errors

    /// Records an error about the value a decoder points at. Paths, tags and locations are built here, and
    /// only here, so decoding that meets no problem never pays for them.
    func record(_ reason: APIDecodeErrorReason, at decoder: APIDecoder, decoding type: Any.Type?) {
        let path = BreadcrumbBuilder(context: self).path(to: decoder, decoding: type)
        errors.append(APIDecodeError(path: path, reason: reason, location: location(of: decoder)))
    }

    /// Records an error built elsewhere (e.g. by user code through `recordError`).
    func record(_ error: APIDecodeError) {
        errors.append(error)
    }

    /// The location of the decoder's value, or of the nearest present value above it.
    func location(of decoder: APIDecoder) -> SourceLocation? {
        guard reportsLocations else { return nil }
        let node = decoder.node >= 0 ? decoder.node : decoder.parent
        guard node >= 0 else { return nil }
        return location(ofOffset: document.sourceOffset(node))
    }

    func location(ofOffset offset: Int) -> SourceLocation {
        locator.locate(offset: offset, in: document.bytes)
    }
}

/// Computes line and column for offsets that mostly arrive in increasing order (errors are recorded in
/// document order), by continuing from the previous answer instead of rescanning from the start.
struct IncrementalLocator {
    private var last = SourceLocation.start

    mutating func locate(offset: Int, in bytes: [UInt8]) -> SourceLocation {
        last = SourceLocation.locate(offset: offset, in: bytes, from: last)
        return last
    }
}
