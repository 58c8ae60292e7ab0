/// A read-only open-addressing table from byte strings to small integers, built once from the
/// plan, so looking up a name straight from the export's bytes costs a hash and one compare and
/// builds no `String`.
///
/// Everything is in one immutable object: tables live in the plan and in classes the line pass
/// reads for every key, and a lookup through such a property copies the table. A copy of one
/// reference is one retain, not one per array, and a hit compares against the keys' shared bytes
/// instead of retaining the key's own array.
struct ByteKeyTable: Sendable {
    private let storage: Storage

    final class Storage: Sendable {
        let slots: [Int32]
        let hashes: [UInt64]
        /// Every key's bytes back to back; key `n` is `arena[starts[n]..<starts[n + 1]]`.
        let arena: [UInt8]
        let starts: [Int]
        let keys: [[UInt8]]
        let values: [Int32]
        let mask: Int
        /// `ByteHash.seed`, read once (every read of the global calls its lazy initializer).
        let seed = ByteHash.seed

        init(slots: [Int32], hashes: [UInt64], keys: [[UInt8]], values: [Int32], mask: Int) {
            self.slots = slots
            self.hashes = hashes
            self.keys = keys
            self.values = values
            self.mask = mask
            arena = keys.flatMap { $0 }
            var starts = [0]
            for key in keys { starts.append(starts[starts.count - 1] + key.count) }
            self.starts = starts
        }

        func lookup(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int32? {
            var index = Int(truncatingIfNeeded: hash) & mask
            while true {
                let entry = Int(slots[index])
                if entry < 0 { return nil }
                if hashes[index] == hash, starts[entry + 1] - starts[entry] == bytes.count {
                    let equal = arena.withUnsafeBytes {
                        ByteHash.equal(UnsafeRawBufferPointer(rebasing: $0[starts[entry]..<starts[entry + 1]]), bytes)
                    }
                    if equal { return values[entry] }
                }
                index = (index + 1) & mask
            }
        }
    }

    init<S: Sequence>(_ entries: S) where S.Element == (String, Int32) {
        let list = Array(entries)
        var capacity = 16
        while capacity < list.count * 3 { capacity <<= 1 }
        let mask = capacity - 1
        var slots = [Int32](repeating: -1, count: capacity)
        var hashes = [UInt64](repeating: 0, count: capacity)
        var keys: [[UInt8]] = []
        var values: [Int32] = []
        for (text, value) in list {
            let key = Array(text.utf8)
            let hash = ByteHash.hash(key)
            var index = Int(truncatingIfNeeded: hash) & mask
            var known = false
            while slots[index] >= 0 {
                if hashes[index] == hash && keys[Int(slots[index])] == key {
                    known = true
                    break
                }
                index = (index + 1) & mask
            }
            // The first entry of a key wins.
            if known { continue }
            slots[index] = Int32(keys.count)
            hashes[index] = hash
            keys.append(key)
            values.append(value)
        }
        storage = Storage(slots: slots, hashes: hashes, keys: keys, values: values, mask: mask)
    }

    var keys: [[UInt8]] { storage.keys }

    var isEmpty: Bool { storage.keys.isEmpty }

    /// The value stored for these bytes, or nil.
    @inline(__always)
    func lookup(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        storage.lookup(bytes, hash: ByteHash.hash(bytes, seed: storage.seed))
    }

    @inline(__always)
    func lookup(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int32? { storage.lookup(bytes, hash: hash) }

    /// The hash `lookup(_:hash:)` takes: `ByteHash` under this run's seed, as every table's.
    @inline(__always)
    func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { ByteHash.hash(bytes, seed: storage.seed) }

    func lookup(_ key: [UInt8]) -> Int32? { key.withUnsafeBytes { lookup($0) } }
    func lookup(_ key: String) -> Int32? { lookup(Array(key.utf8)) }
}
