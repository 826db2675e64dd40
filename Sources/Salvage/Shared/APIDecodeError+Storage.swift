/// How an `APIDecodeError` keeps its path and location small: a decode records errors by the million on
/// bad input, and each one's fixed size is most of what it costs once its path is shared (`PathTable`).
extension APIDecodeError {
    /// How an error keeps its path: as an array of steps, or as a node of a shared table.
    enum StoredPath: Sendable {
        case keys([APICodingKey])
        case shared(PathTable, node: Int32)
    }

    /// A `SourceLocation` in 16 bytes: the offset, and the line and column in 32 bits each. Locations
    /// whose line or column does not fit (or is below 1, which only a hand-made location has) are not
    /// packed: `location` is nil and the error keeps them in its `Extras`.
    struct PackedLocation: Sendable {
        private let offset: Int
        /// The line in the high 32 bits, the column in the low ones; 0 when there is no packed location.
        private let lineAndColumn: UInt64

        init(_ location: SourceLocation?) {
            guard let location, (1...Int(UInt32.max)).contains(location.line), (1...Int(UInt32.max)).contains(location.column) else {
                offset = 0
                lineAndColumn = 0
                return
            }
            offset = location.offset
            lineAndColumn = UInt64(location.line) << 32 | UInt64(location.column)
        }

        var location: SourceLocation? {
            guard lineAndColumn != 0 else { return nil }
            return SourceLocation(offset: offset, line: Int(lineAndColumn >> 32), column: Int(lineAndColumn & 0xFFFF_FFFF))
        }
    }

    /// The parts of an error that few errors have, behind one reference (immutable: a change makes a new one).
    final class Extras: Sendable {
        let note: String?
        /// A location that does not pack (see `PackedLocation`).
        let location: SourceLocation?

        private init(note: String?, location: SourceLocation?) {
            self.note = note
            self.location = location
        }

        /// Extras holding `note` and, when it does not pack, `location`; nil when there is nothing to hold.
        static func make(note: String?, location: SourceLocation?) -> Extras? {
            let unpacked = PackedLocation(location).location == nil ? location : nil
            guard note != nil || unpacked != nil else { return nil }
            return Extras(note: note, location: unpacked)
        }
    }
}
