#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How `ByteInterner` hashes: the seeded `ByteHash` in eventlint; tests substitute a hash that
/// collides on purpose, to show that bytes, not hashes, decide identity.
protocol ByteHashing: Sendable {
    func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64
}

/// `ByteHash` with this run's seed.
struct SeededByteHash: ByteHashing {
    /// Read once: every read of the global `ByteHash.seed` is a call to its lazy initializer.
    let seed = ByteHash.seed

    @inline(__always)
    func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { ByteHash.hash(bytes, seed: seed) }
}

/// Gives each distinct byte string a dense id (0, 1, 2, … in first-seen order) and keeps its
/// bytes: the identity of users and of tracked text values. Two strings get the same id only
/// when their bytes are equal: the hash only picks the slot to start from, so ids that collide
/// (by chance or crafted) stay apart. Open addressing with linear probing, at most half full.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
struct ByteInterner<Hashing: ByteHashing>: Sendable {
    /// Per slot: the hash's high 32 bits, then id + 1 in the low 32 bits; 0 for an empty slot.
    /// One word per slot, so a probe reads one cache line (a table of millions of users misses
    /// the cache on every new id). A string's first slot is the top bits of its hash, which
    /// the slot keeps: a grown table places each entry again from its slot alone (no bytes are
    /// read or hashed), and since old slot `i` moves to about `2i`, front to back.
    private var slots: [UInt64]
    /// `64 - log2(slots.count)`: `hash >> shift` is a string's first slot.
    private var shift: Int
    /// Bytes of every string, back to back, and where each ends (copied on write).
    private var strings = InternedStrings()
    private let hashing: Hashing

    init(hashing: Hashing, capacity: Int = 64) {
        self.hashing = hashing
        var size = 16
        var bits = 4
        while size < capacity * 2 && bits < Self.maxBits {
            size <<= 1
            bits += 1
        }
        slots = Array(repeating: 0, count: size)
        shift = 64 - bits
    }

    /// The largest table: 2^32 slots, the most whose first slots the 32 kept bits of the hash
    /// tell. Ids are 32 bits (`entry`), so it never fills: beyond 2^31 strings it is more than
    /// half full, and lookups get longer, but stay right.
    static var maxBits: Int { 32 }

    var count: Int { strings.count }

    /// Bytes the strings take, with their share of the table (at most half full), for the
    /// records' memory budget.
    var memoryInUse: Int { strings.byteCount + strings.count * (8 + 2 * 8) }

    /// The bytes of string `id`.
    func withBytes<T>(of id: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        body(strings.bytes(of: id))
    }

    func bytes(of id: Int) -> [UInt8] { withBytes(of: id) { Array($0) } }

    /// The id of these bytes, adding them when new.
    @inline(__always)
    mutating func intern(_ bytes: UnsafeRawBufferPointer) -> Int { intern(bytes, hash: hashing.hash(bytes)) }

    /// The hash `intern(_:hash:)` takes for these bytes.
    @inline(__always)
    func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { hashing.hash(bytes) }

    /// `intern(bytes)`, with `hash(bytes)` computed before.
    @inline(__always)
    mutating func intern(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int {
        let (slot, found) = probe(bytes, hash: hash)
        if let found { return found }
        if !isKnownUniquelyReferenced(&strings) { strings = strings.copy() }
        let id = strings.append(bytes)
        slots[slot] = Self.entry(hash: hash, id: id)
        if strings.count * 2 > slots.count && shift > 64 - Self.maxBits { grow() }
        return id
    }

    mutating func intern(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBytes { intern($0) } }

    /// Reads the first slot of this hash before it is interned. Reads for a batch of ids, one
    /// after the other, do not wait for each other, so in a table of millions of users the cache
    /// misses of new ids overlap instead of coming one at a time (`PendingUsers`). What is read
    /// is kept in `warmed`, so the read is not dropped as unused.
    @inline(__always)
    mutating func warmFirstSlot(of hash: UInt64) { warmed ^= slots[Int(truncatingIfNeeded: hash >> shift)] }

    /// The slots `warmFirstSlot` read, folded: a sink for the reads, of no meaning.
    private(set) var warmed: UInt64 = 0

    /// Forgets every string, keeping the table's size (ids start at 0 again).
    mutating func removeAll() {
        for index in slots.indices { slots[index] = 0 }
        if isKnownUniquelyReferenced(&strings) { strings.removeAll() } else { strings = InternedStrings() }
    }

    /// The id of these bytes, or nil.
    func find(_ bytes: UnsafeRawBufferPointer) -> Int? { probe(bytes, hash: hashing.hash(bytes)).found }

    func find(_ bytes: [UInt8]) -> Int? { bytes.withUnsafeBytes { find($0) } }

    /// `find(bytes)`, with `hash(bytes)` computed before.
    @inline(__always)
    func find(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int? { probe(bytes, hash: hash).found }

    /// How many slots a lookup of these bytes visits: the cost the hash's quality decides.
    func probeLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        let hash = hashing.hash(bytes)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash >> shift)
        var visited = 1
        while slots[index] != 0 {
            let entry = slots[index]
            if entry >> 32 == hash >> 32 && withBytes(of: Self.id(entry), { ByteHash.equal($0, bytes) }) {
                return visited
            }
            index = (index + 1) & mask
            visited += 1
        }
        return visited
    }

    /// Distinct strings whose full 64-bit hashes are equal.
    var fullHashCollisions: Int {
        var seen = Set<UInt64>()
        var collisions = 0
        for id in 0..<count where !seen.insert(withBytes(of: id, hashing.hash)).inserted { collisions += 1 }
        return collisions
    }

    @inline(__always)
    static func entry(hash: UInt64, id: Int) -> UInt64 {
        hash & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(truncatingIfNeeded: id + 1))
    }

    @inline(__always)
    static func id(_ entry: UInt64) -> Int { Int(entry & 0xFFFF_FFFF) - 1 }

    @inline(__always)
    private func probe(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> (slot: Int, found: Int?) {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash >> shift)
        let tag = hash >> 32
        while slots[index] != 0 {
            let entry = slots[index]
            if entry >> 32 == tag {
                let id = Self.id(entry)
                if withBytes(of: id, { ByteHash.equal($0, bytes) }) { return (index, id) }
            }
            index = (index + 1) & mask
        }
        return (index, nil)
    }

    /// `count` empty slots. A table of millions of slots is missed in the cache by nearly every
    /// new id; backed by huge pages (asked for before the pages are touched, a hint the kernel
    /// may refuse), it is not missed in the TLB as well.
    static func emptySlots(_ count: Int) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            #if canImport(Glibc)
                let huge = 2 << 20
                if count * 8 >= 2 * huge, let base = buffer.baseAddress {
                    let start = (Int(bitPattern: base) + huge - 1) / huge * huge
                    let end = (Int(bitPattern: base) + count * 8) / huge * huge
                    if end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) {
                        _ = madvise(pointer, end - start, MADV_HUGEPAGE)
                    }
                }
            #endif
            buffer.initialize(repeating: 0)
            initialized = count
        }
    }

    /// Twice the slots, each entry placed again from the hash bits it keeps. Old slots are read
    /// in order, and an entry's new first slot is twice its old one (or one more), so the new
    /// table is written front to back too.
    private mutating func grow() {
        let old = slots
        slots = Self.emptySlots(old.count * 2)
        shift -= 1
        let mask = slots.count - 1
        let down = shift - 32
        slots.withUnsafeMutableBufferPointer { slots in
            for entry in old where entry != 0 {
                var index = Int(truncatingIfNeeded: (entry >> 32) >> down)
                while slots[index] != 0 { index = (index + 1) & mask }
                slots[index] = entry
            }
        }
    }
}

extension ByteInterner where Hashing == SeededByteHash {
    init(capacity: Int = 64) { self.init(hashing: SeededByteHash(), capacity: capacity) }
}

/// The strings of a `ByteInterner`: their bytes back to back in one buffer and where each ends in
/// another, both grown by `realloc` (a large block grows in place or is remapped, not copied
/// through a second one, so a table of millions of users does not briefly need twice its
/// memory). Adding a string is one bounds check and one copy of its bytes. Shared between
/// copies of an interner until one of them adds a string (`ByteInterner` copies it first).
final class InternedStrings: @unchecked Sendable {
    private var bytes: UnsafeMutableRawPointer
    private(set) var byteCount = 0
    private var byteCapacity: Int
    /// `ends[id]`: where string `id` ends in `bytes`.
    private var ends: UnsafeMutablePointer<Int>
    private(set) var count = 0
    private var capacity: Int

    init(byteCapacity: Int = 256, capacity: Int = 16) {
        self.byteCapacity = max(byteCapacity, 16)
        self.capacity = max(capacity, 4)
        bytes = Self.allocate(self.byteCapacity)
        ends = Self.allocate(self.capacity * MemoryLayout<Int>.stride).bindMemory(to: Int.self, capacity: self.capacity)
    }

    deinit {
        free(bytes)
        free(ends)
    }

    /// A copy with room for as much again.
    func copy() -> InternedStrings {
        let copy = InternedStrings(byteCapacity: byteCount, capacity: count)
        copy.bytes.copyMemory(from: bytes, byteCount: byteCount)
        copy.ends.update(from: ends, count: count)
        copy.byteCount = byteCount
        copy.count = count
        return copy
    }

    /// The bytes of string `id` (valid until the next `append` or `removeAll`).
    @inline(__always)
    func bytes(of id: Int) -> UnsafeRawBufferPointer {
        precondition(id >= 0 && id < count, "no such string")
        let start = id == 0 ? 0 : ends[id - 1]
        return UnsafeRawBufferPointer(start: bytes + start, count: ends[id] - start)
    }

    /// Adds a string; returns its id.
    @inline(__always)
    func append(_ string: UnsafeRawBufferPointer) -> Int {
        if string.count > byteCapacity - byteCount { growBytes(toHold: byteCount + string.count) }
        if count == capacity { growEnds() }
        if let base = string.baseAddress { (bytes + byteCount).copyMemory(from: base, byteCount: string.count) }
        byteCount += string.count
        ends[count] = byteCount
        count += 1
        return count - 1
    }

    func removeAll() {
        byteCount = 0
        count = 0
    }

    private func growBytes(toHold needed: Int) {
        var grown = byteCapacity
        while grown < needed { grown = grown > Int.max / 2 ? needed : grown * 2 }
        bytes = Self.reallocate(bytes, grown)
        byteCapacity = grown
    }

    private func growEnds() {
        let grown = capacity * 2
        ends = Self.reallocate(UnsafeMutableRawPointer(ends), grown * MemoryLayout<Int>.stride)
            .bindMemory(to: Int.self, capacity: grown)
        capacity = grown
    }

    // The machine out of memory stops the run, as Swift's own allocation (every `Array`) does:
    // the records' memory budget, not the input, bounds what this table holds.
    private static func allocate(_ byteCount: Int) -> UnsafeMutableRawPointer {
        guard let pointer = malloc(byteCount) else { preconditionFailure("out of memory for \(byteCount) bytes") }
        return pointer
    }

    private static func reallocate(_ pointer: UnsafeMutableRawPointer, _ byteCount: Int) -> UnsafeMutableRawPointer {
        guard let grown = realloc(pointer, byteCount) else {
            preconditionFailure("out of memory for \(byteCount) bytes")
        }
        return grown
    }
}
