#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read-only open-addressing table from byte strings to small integers, built once from the
/// plan, so looking up a name straight from the export's bytes costs a hash and one compare and
/// builds no `String`.
///
/// Everything is in one immutable object: tables live in the plan and in classes the line pass
/// reads for every key, and a lookup through such a property copies the table. A copy of one
/// reference is one retain, not one per array, and a hit compares against the keys' shared bytes
/// instead of retaining the key's own array.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
struct ByteKeyTable: Sendable {
    private let storage: Storage

    /// The table itself: one flat block of slots and one of key bytes, read without bounds
    /// checks (an index is always masked to the table, and a slot's key range was made with the
    /// arena), so a lookup is a hash compare, a length compare and at most one `memcmp`.
    final class Storage: @unchecked Sendable {
        struct Slot {
            var hash: UInt64
            /// The key's bytes in `arena`; `count` is -1 for an empty slot.
            var start: Int32
            var count: Int32
            var value: Int32
        }

        private let table: UnsafeMutablePointer<Slot>
        private let arena: UnsafeMutablePointer<UInt8>
        let keys: [[UInt8]]
        let mask: Int
        /// `ByteHash.seed`, read once (every read of the global calls its lazy initializer).
        let seed = ByteHash.seed

        init(slots: [Int32], hashes: [UInt64], keys: [[UInt8]], values: [Int32], mask: Int) {
            self.keys = keys
            self.mask = mask
            let total = keys.reduce(0) { $0 + $1.count }
            let arena = UnsafeMutablePointer<UInt8>.allocate(capacity: max(total, 1))
            var starts: [Int] = []
            var offset = 0
            for key in keys {
                starts.append(offset)
                for (index, byte) in key.enumerated() { (arena + offset + index).initialize(to: byte) }
                offset += key.count
            }
            self.arena = arena
            table = .allocate(capacity: slots.count)
            for index in slots.indices {
                let entry = Int(slots[index])
                table[index] =
                    entry < 0
                    ? Slot(hash: 0, start: 0, count: -1, value: 0)
                    : Slot(
                        hash: hashes[index], start: Int32(starts[entry]), count: Int32(keys[entry].count),
                        value: values[entry])
            }
        }

        deinit {
            table.deallocate()
            arena.deallocate()
        }

        @inline(__always)
        func lookup(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int32? {
            var index = Int(truncatingIfNeeded: hash) & mask
            while true {
                let slot = table[index]
                if slot.count < 0 { return nil }
                if slot.hash == hash, Int(slot.count) == bytes.count {
                    guard let base = bytes.baseAddress, slot.count > 0 else { return slot.value }
                    if memcmp(arena + Int(slot.start), base, bytes.count) == 0 { return slot.value }
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
