// Keyed containers used again for the next object of the same type, once nobody holds them any more.
//
// Why: every `container(keyedBy:)` returns a `KeyedDecodingContainer<Key>`, which the standard library makes
// by boxing our container in a `_KeyedDecodingContainerBox<KeyedContainer<Key>>`. From the bridge's
// unspecialized code that is two generic-metadata look-ups in the runtime's global cache (the container's
// and the box's type), an allocation for the box and one for our container, then their release: about a
// thousand instructions per object, a fifth of the Codable path on citm_catalog.json. A model's
// `init(from:)` almost always drops its container when it returns, so the container of the previous
// object of the same type is free again by the time the next one asks: this pool hands it out again,
// pointed at the new object.
//
// Only a container nobody else holds is handed out: the pool keeps the box and checks that its own
// reference is the only one (`isKnownUniquelyReferenced`), so a container a model keeps (in a property,
// or two open at once on one object, or the outer one of a recursive type) is never changed under it.
// The box is reached through `KeyedDecodingContainer`'s one stored property, a reference to it: the pool
// checks that the struct is exactly one reference wide before it keeps a container, and keeps nothing
// otherwise. The pool holds its containers, which hold the bridge's settings, which hold the pool:
// `empty()` breaks that cycle when the bridge call returns.

/// The type the pool gives the standard library's box (a native Swift object of a class the standard library
/// does not make public), so that `isKnownUniquelyReferenced` is specialized to the runtime's plain
/// reference-count check: called with `AnyObject`, it ran unspecialized on a retained copy and was never
/// true. The pool never calls, casts or reads through it; it only retains, releases and checks the count.
final class BoxReference {}

/// The keyed containers of one bridge call, for reuse (see above). Used by one thread at a time, like the
/// rest of `BridgeSettings`.
struct KeyedContainerPool {
    private struct PooledContainer {
        let keyType: ObjectIdentifier
        /// The `KeyedDecodingContainer`'s box: unique when only the pool holds it.
        var box: BoxReference
        /// The `KeyedContainer<Key>` inside the box.
        let container: AnyObject
    }

    /// Containers kept at most: more than the distinct key types and depths of any ordinary model tree;
    /// past it, containers are made and dropped as without a pool.
    private static let capacity = 48
    private var entries: [PooledContainer] = []

    /// A keyed container for `decoder`'s object: a free one of the pool, pointed at it, or a new one.
    mutating func container<Key: CodingKey>(for decoder: DocumentDecoder, keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        let keyType = ObjectIdentifier(Key.self)
        for index in entries.indices where entries[index].keyType == keyType {
            if isKnownUniquelyReferenced(&entries[index].box) {
                unsafeDowncast(entries[index].container, to: KeyedContainer<Key>.self).reset(decoder)
                return unsafeBitCast(entries[index].box, to: KeyedDecodingContainer<Key>.self)
            }
        }
        let container = KeyedContainer<Key>(decoder: decoder)
        let keyed = KeyedDecodingContainer(container)
        if entries.count < Self.capacity && MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject>.size {
            entries.append(PooledContainer(keyType: keyType, box: unsafeBitCast(keyed, to: BoxReference.self), container: container))
        }
        return keyed
    }

    /// Drops every container (see above: called when the bridge call returns).
    mutating func empty() {
        entries = []
    }
}
