import Foundation

/// The records of a stream decoded as they are read, in memory bounded by the largest record: what
/// `APIDataDecoder().records(from:to:)` returns. Iterate it with `for try await`.
///
/// Each element is an ``APIDecodeRecord`` with the same values, errors, paths and locations (line, column
/// and byte offset in the whole stream) as ``APIDataDecoder/decodeRecords(data:to:)`` gives for the same
/// bytes. JSON problems never throw: they are records with errors. Only reading can throw — a missing
/// file, a failing network — and then after every record decoded from the bytes before the failure.
///
/// ```swift
/// for try await record in APIDataDecoder().records(from: exportURL, to: Event.self) {
///     if let event = record.result.value { handle(event) }
///     record.result.errors.forEach { log("record \(record.index): \($0)") }
/// }
/// ```
@available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
public struct APIRecordStream<T: APIDecodable>: AsyncSequence {
    private let makeSource: () -> RecordByteSource
    private let options: APIDecodeOptions
    private let maximumRecordSize: Int
    private let chunkSize: Int
    private let progress: ((APIRecordProgress) -> Void)?
    /// The member of an envelope object holding the records, and what receives the envelope's other members.
    private let envelope: (member: String, receive: ([UInt8]) -> Void)?
    private let appendRecord: RecordAppender<T>

    /// `appendRecord`: the per-record step, made by the caller (specialized for the model where it is known).
    @usableFromInline
    init(options: APIDecodeOptions, maximumRecordSize: Int, chunkSize: Int, progress: ((APIRecordProgress) -> Void)?,
         envelope: (member: String, receive: ([UInt8]) -> Void)? = nil,
         appendRecord: @escaping RecordAppender<T> = { RecordAppending.append(to: &$0, index: $1, line: $2, context: $3) },
         makeSource: @escaping () -> RecordByteSource) {
        self.envelope = envelope
        self.appendRecord = appendRecord
        self.options = options
        // Windows must stay well under the parser's 4 GiB: a record may take up to twice its size to decide.
        self.maximumRecordSize = Swift.min(Swift.max(1, maximumRecordSize), 1 << 30)
        self.chunkSize = Swift.max(1, chunkSize)
        self.progress = progress
        self.makeSource = makeSource
    }

    /// Starts reading the source (for a file: opens it at the first `next()`).
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(source: makeSource(), engine: RecordStreamEngine(options: options, layout: .automatic, rawInput: nil,
                                                                      maximumRecordSize: maximumRecordSize, recordsMember: envelope?.member,
                                                                      appendRecord: appendRecord),
                      chunkSize: chunkSize, progress: progress, receiveEnvelope: envelope?.receive)
    }

    /// Reads the source chunk by chunk into a window and hands out the records each chunk completes.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let source: RecordByteSource
        private var engine: RecordStreamEngine<T>
        private let chunkSize: Int
        private let progress: ((APIRecordProgress) -> Void)?
        private let receiveEnvelope: (([UInt8]) -> Void)?
        /// The bytes of the stream from `engine.windowStart` on.
        private var window: [UInt8] = []
        /// The decoded records not yet handed out, last first: `next()` moves each out with `removeLast()`.
        @usableFromInline var pending: [APIDecodeRecord<T>] = []
        private var bytesRead = 0
        private var sourceEnded = false
        /// What reading threw, thrown once the records decoded from the bytes before it are handed out.
        private var readError: (any Error)?

        init(source: RecordByteSource, engine: RecordStreamEngine<T>, chunkSize: Int, progress: ((APIRecordProgress) -> Void)?,
             receiveEnvelope: (([UInt8]) -> Void)?) {
            self.receiveEnvelope = receiveEnvelope
            self.source = source
            self.engine = engine
            self.chunkSize = chunkSize
            self.progress = progress
        }

        // Inlinable, so specialized for your model: each record is moved out of `pending`, not copied (and
        // destroyed again when the array is emptied) through the value witnesses of a model not known here; the
        // batch is reversed by moving its records too (`RecordStreamBatchOrder.swift`).
        /// The next record, or nil at the end of the stream; throws only when reading the source fails.
        @inlinable
        public mutating func next() async throws -> APIDecodeRecord<T>? {
            if pending.isEmpty {
                guard try await refill() else { return nil }
                RecordStreamBatchOrder.reverse(&pending)
            }
            return pending.removeLast()
        }

        /// Moves the next records the stream yields into `pending` (empty), in order; false at the end of the
        /// stream. Throws only when reading the source fails.
        @usableFromInline
        mutating func refill() async throws -> Bool {
            while true {
                if !engine.records.isEmpty {
                    // The two arrays trade buffers: `engine.records` gets `pending`'s, emptied by `next()`.
                    swap(&pending, &engine.records)
                    return true
                }
                if let error = readError {
                    readError = nil
                    throw error
                }
                guard !sourceEnded && !engine.isFinished else {
                    if !sourceEnded { finish() }
                    return false
                }
                if Task.isCancelled {
                    // The records already decoded came first; nothing more is read for a cancelled task. As when
                    // reading fails, the envelope's closure is not called: members after this point were never read.
                    finish(deliveringEnvelope: false)
                    throw CancellationError()
                }
                try await readAndDecode()
            }
        }

        /// Drops what the engine no longer needs, reads at least a chunk — and at least as much as the
        /// window still holds, so a record spanning many chunks is parsed a logarithmic number of times —
        /// then decodes what the window completes.
        private mutating func readAndDecode() async throws {
            let consumed = ByteReader.withBytes(of: window) { engine.consumedPrefix(windowCount: $0.count, $0) }
            if consumed > 0 {
                window.removeFirst(consumed)
                engine.dropped(consumed)
            }
            let countBefore = window.count
            do {
                _ = try await source.read(into: &window, atLeast: Swift.max(chunkSize, window.count))
            } catch {
                // The records the bytes before the failure complete come first; the last one may stay undecided.
                readError = error
                source.close()
                sourceEnded = true
            }
            let count = window.count - countBefore
            bytesRead += count
            let atEnd = count == 0 && readError == nil
            ByteReader.withBytes(of: window) { engine.run(window: $0, atEnd: atEnd) }
            if readError != nil {
                report(isFinished: true)
            } else if atEnd || engine.isFinished {
                finish()
            } else {
                report(isFinished: false)
            }
        }

        /// Ends the stream: closes the source and reports the end; hands the envelope's other members to its
        /// closure unless the stream ends before its input was read (a cancelled task).
        private mutating func finish(deliveringEnvelope: Bool = true) {
            source.close()
            sourceEnded = true
            window = []
            if deliveringEnvelope, let text = engine.envelopeText { receiveEnvelope?(text) }
            report(isFinished: true)
        }

        private func report(isFinished: Bool) {
            progress?(APIRecordProgress(bytesRead: bytesRead, records: engine.recordCount, errors: engine.errorCount, isFinished: isFinished))
        }
    }
}
