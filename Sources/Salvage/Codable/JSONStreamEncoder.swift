import Foundation

/// The state of one `APIDataEncoder.encode(_:)` call: the text written so far and the stack of open
/// containers. Values are written straight into the text as their containers are used — no tree of values is
/// built — so the encoder must know when a container is finished:
///
/// - every nested value (`encode(_:forKey:)`, an array element) gets a *level* that closes when its `encode(to:)`
///   returns: a value that encoded nothing becomes `{}`, as with `JSONEncoder`;
/// - `nestedContainer`, `nestedUnkeyedContainer` and `superEncoder` leave their level open; it closes when the
///   parent container is used again, or when the parent itself closes.
///
/// A container or encoder used after its level closed (kept and used after a later sibling was written) cannot be
/// written any more: its operations throw an `EncodingError.invalidValue` naming its coding path. Objects keep the
/// byte range of each member, so that `.sortedKeys` and a key encoded twice (the last value wins, as with
/// `JSONEncoder`) rearrange the members when the object closes.
///
/// Why a pointer: the containers share this object, and every write mutates its state. Kept in stored properties
/// of the class, each of those mutations paid a dynamic exclusivity check (`swift_beginAccess`/`swift_endAccess`,
/// a quarter of the encoder's time); kept behind one pointer it pays none. The state is allocated in `init`, freed
/// in `deinit`, and reached only through the accessors below; an encoder is used by one thread, one call.
final class JSONStreamEncoder {
    /// What the encoder changes as it writes.
    struct State: ~Copyable {
        var writer: JSONTextWriter
        /// The open levels, the root's first.
        var levels: [EncodingLevel] = []
        /// The members of the open objects, each object's from its level's `membersBase`.
        var members: [EncodedMember] = []
        /// The first error met in a non-throwing call, thrown by the next throwing call and at the end.
        var deferredError: EncodingError?
        /// snake_case forms of the keys seen so far.
        var snakeCaseKeys: [String: String] = [:]
        /// Which types `writeDirectly` writes itself.
        var directForms = DirectFormCache()
        var nextSerial: UInt32 = 0
    }

    private let state: UnsafeMutablePointer<State>
    let strategies: EncodingStrategies
    let userInfo: [CodingUserInfoKey: Any]
    let sortsKeys: Bool
    let convertsKeys: Bool

    init(options: JSONWritingOptions, strategies: EncodingStrategies, userInfo: [CodingUserInfoKey: Any], capacity: Int) {
        state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(writer: JSONTextWriter(options: options, capacity: capacity)))
        self.strategies = strategies
        self.userInfo = userInfo
        sortsKeys = options.contains(.sortedKeys)
        convertsKeys = strategies.keys == .convertToSnakeCase
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var writer: JSONTextWriter {
        _read { yield state.pointee.writer }
        _modify { yield &state.pointee.writer }
    }

    var levels: [EncodingLevel] {
        _read { yield state.pointee.levels }
        _modify { yield &state.pointee.levels }
    }

    var members: [EncodedMember] {
        _read { yield state.pointee.members }
        _modify { yield &state.pointee.members }
    }

    var deferredError: EncodingError? {
        get { state.pointee.deferredError }
        set { state.pointee.deferredError = newValue }
    }

    var directForms: DirectFormCache {
        _read { yield state.pointee.directForms }
        _modify { yield &state.pointee.directForms }
    }

    var snakeCaseKeys: [String: String] {
        _read { yield state.pointee.snakeCaseKeys }
        _modify { yield &state.pointee.snakeCaseKeys }
    }

    /// A serial number no level had before.
    func makeSerial() -> UInt32 {
        state.pointee.nextSerial &+= 1
        return state.pointee.nextSerial
    }
}
