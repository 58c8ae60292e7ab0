/// Reusable working storage for `JSONCursor`: one per thread, reused for every line, so that
/// tracking open containers and detecting duplicate keys costs no allocation once warmed up.
///
/// Layout: a stack of frames (one per open container); the keys of all open objects in one flat
/// array, each object owning the slice from its frame's `keyStart` up to the next frame's start;
/// decoded bytes of escaped keys in one flat arena. Closing a container truncates the arrays,
/// which keeps their capacity. Small objects (GA4 rows: about twenty keys; params: two) are
/// checked by a linear scan over hashes; once an object has `largeObjectThreshold` keys its keys
/// also go into an open-addressing table so hostile objects with 100,000 keys stay linear.
///
/// Not thread-safe by design: a scratch belongs to one cursor at a time.
public final class JSONScratch {
    /// An open container.
    struct Frame {
        var keyStart: Int
        var arenaStart: Int
        var isObject: Bool
    }

    /// A key seen in an open object: its hash and where its unescaped bytes live.
    struct KeyEntry {
        var hash: UInt64
        var start: Int
        var count: Int
        /// Whether the bytes are in `arena` (escaped keys, decoded) or in the input buffer.
        var inArena: Bool
        /// Offset of the key in the source, for the "first at byte" note.
        var sourceStart: Int
    }

    /// Objects with at least this many keys are indexed by `table`; below it a scan is faster.
    static let largeObjectThreshold = 24

    var frames: [Frame] = []
    var keys: [KeyEntry] = []
    var arena: [UInt8] = []
    /// Open-addressing slots holding `index + 1` into `keys` (0 = empty). Slots are never cleared
    /// individually: a slot left behind by a closed object points at an index that is either past
    /// the end of `keys`, or now holds a key of the current object, and a lookup always compares
    /// the actual entry, so stale slots cannot cause a wrong verdict. The table is rebuilt from
    /// the live large objects when it fills up.
    var table: [Int32] = []
    var tableUsed = 0

    public init() {
        frames.reserveCapacity(64)
        keys.reserveCapacity(256)
        arena.reserveCapacity(256)
    }

    /// Forgets the previous text. Keeps capacity; the table is left as is (see `table`).
    func reset() {
        frames.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    func pushFrame(isObject: Bool) {
        frames.append(Frame(keyStart: keys.count, arenaStart: arena.count, isObject: isObject))
    }

    @inline(__always)
    func popFrame() {
        guard let frame = frames.popLast() else { return }
        if frame.isObject {
            keys.removeSubrange(frame.keyStart...)
            arena.removeSubrange(frame.arenaStart...)
        }
    }

    /// Whether the innermost open container is an object (false for an array or at top level).
    var topIsObject: Bool { frames.last?.isObject ?? false }

    /// Records `key` in the innermost open object. Returns the source offset of an earlier key
    /// with the same unescaped content, or `nil` when the key is new.
    @inline(__always)
    func registerKey(_ key: JSONStringToken, in buffer: UnsafeRawBufferPointer) -> Int? {
        guard let frame = frames.last else { return nil }
        var entry: KeyEntry
        if key.hasEscapes {
            let start = arena.count
            JSONStringToken.decode(key.content, in: buffer) { arena.append($0) }
            let hash = arena.withUnsafeBytes { Self.hash(UnsafeRawBufferPointer(rebasing: $0[start...])) }
            entry = KeyEntry(
                hash: hash, start: start, count: arena.count - start, inArena: true, sourceStart: key.sourceStart)
        } else {
            let raw = UnsafeRawBufferPointer(rebasing: buffer[key.content])
            entry = KeyEntry(
                hash: Self.hash(raw), start: key.content.lowerBound, count: raw.count, inArena: false,
                sourceStart: key.sourceStart)
        }
        let keyCount = keys.count - frame.keyStart
        if keyCount < Self.largeObjectThreshold {
            for index in frame.keyStart..<keys.count where keys[index].hash == entry.hash {
                if sameBytes(keys[index], entry, buffer) { return keys[index].sourceStart }
            }
        } else if let index = tableLookup(entry, frameStart: frame.keyStart, buffer) {
            return keys[index].sourceStart
        }
        keys.append(entry)
        let newCount = keyCount + 1
        if newCount == Self.largeObjectThreshold {
            for index in frame.keyStart..<keys.count { tableInsert(index) }
        } else if newCount > Self.largeObjectThreshold {
            tableInsert(keys.count - 1)
        }
        return nil
    }

    /// 64-bit FNV-1a: tiny, no setup, good enough to make hash mismatches the common case.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    @inline(__always)
    private func sameBytes(_ lhs: KeyEntry, _ rhs: KeyEntry, _ buffer: UnsafeRawBufferPointer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return arena.withUnsafeBytes { arenaBytes in
            let left = lhs.inArena ? arenaBytes : buffer
            let right = rhs.inArena ? arenaBytes : buffer
            for index in 0..<lhs.count where left[lhs.start + index] != right[rhs.start + index] {
                return false
            }
            return true
        }
    }

    private func tableLookup(_ entry: KeyEntry, frameStart: Int, _ buffer: UnsafeRawBufferPointer) -> Int? {
        guard !table.isEmpty else { return nil }
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: entry.hash) & mask
        while table[slot] != 0 {
            let index = Int(table[slot]) - 1
            if index >= frameStart && index < keys.count && keys[index].hash == entry.hash
                && sameBytes(keys[index], entry, buffer)
            {
                return index
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private func tableInsert(_ index: Int) {
        if (tableUsed + 1) * 2 > table.count { rebuildTable() }
        placeInTable(index)
    }

    private func placeInTable(_ index: Int) {
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: keys[index].hash) & mask
        while table[slot] != 0 { slot = (slot + 1) & mask }
        table[slot] = Int32(truncatingIfNeeded: index + 1)
        tableUsed += 1
    }

    /// Clears the table (dropping stale slots) and re-inserts the keys of every open large object,
    /// growing it so that it is at most a quarter full afterwards.
    private func rebuildTable() {
        var live: [Range<Int>] = []
        for (position, frame) in frames.enumerated() where frame.isObject {
            let end = position + 1 < frames.count ? frames[position + 1].keyStart : keys.count
            if end - frame.keyStart >= Self.largeObjectThreshold { live.append(frame.keyStart..<end) }
        }
        let liveCount = live.reduce(0) { $0 + $1.count }
        var capacity = max(table.count, 256)
        while capacity < (liveCount + 1) * 4 { capacity *= 2 }
        if capacity == table.count {
            for slot in table.indices { table[slot] = 0 }
        } else {
            table = Array(repeating: 0, count: capacity)
        }
        tableUsed = 0
        for range in live {
            for index in range { placeInTable(index) }
        }
    }
}
