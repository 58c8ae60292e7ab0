#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The working storage of `JSONCursor`, and what its reader has learned from the texts before:
/// one per reader (an `EventScanner` keeps one for every line it reads), so that tracking open
/// containers and detecting duplicate keys costs no allocation once warmed up.
///
/// Per text, emptied by `reset` (which the cursor's `init` calls) down to their capacity: a
/// stack of frames (one per open container); the keys of all open objects in one flat array,
/// each object owning the slice from its frame's `keyStart` up to the next frame's start;
/// decoded bytes of escaped keys in one flat arena. Closing a container truncates the arrays.
/// Small objects (GA4 rows: about twenty keys; params: two) are checked by a linear scan over
/// their keys' lengths and first eight bytes, with no hashing; once an object has
/// `largeObjectThreshold` keys its keys are hashed (seeded) into an open-addressing table, so
/// hostile objects with 100,000 keys stay linear.
///
/// Kept from text to text, so not scratch: the names met in the compact flat objects the cursor
/// skips and the order they came in (`flatKeys`, up to `LearnedKeyNames.capacity` names), the
/// last key of the last such object (`lastFlatKey`), which predicts the next object's first key
/// on the next line too, and the large-object `table`, whose stale slots a lookup ignores. None
/// of it changes what a text reads as: a predicted key is confirmed by its bytes, and within an
/// object every key of a name is checked for a duplicate the same way (`LearnedKeyNamesTests`,
/// and the JSON fuzz target, which reads every input with one scratch).
///
/// Not thread-safe by design: a scratch belongs to one cursor at a time.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
public final class JSONScratch {
    /// An open container.
    struct Frame {
        var keyStart: Int
        var arenaStart: Int
        var isObject: Bool
        /// One bit per key of the object, picked by `headBit`: a key whose bit is not set yet
        /// is new, with no compare at all (a GA4 row has twenty-odd top-level keys, and each
        /// used to be compared with every key before it).
        var heads: UInt64 = 0
    }

    /// The bit of `heads` for a key of this head and length (a multiplicative hash's top 6 bits).
    @inline(__always)
    static func headBit(_ head: UInt64, _ length: Int) -> UInt64 {
        1 &<< ((head &+ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15 &>> 58)
    }

    /// A key seen in an open object: where its unescaped bytes live, their first eight bytes and,
    /// in a large object, their hash. All fields are words (no `Bool`): entries are written field
    /// by field into the buffer, which avoids a store-forwarding stall measured when a
    /// mixed-width temporary was copied in.
    struct KeyEntry {
        /// `KeyHead` of the key: keys of a small object are compared by length, this word and
        /// then the rest, with no hashing (GA4's `event_params` elements are
        /// objects of two keys, by the thousand).
        var head: UInt64
        /// The seeded hash, set once the object is large enough for `table`; 0 before.
        var hash: UInt64
        /// Start of the unescaped bytes: `>= 0` an offset in the input buffer (keys without
        /// escapes), `< 0` the offset `~location` in `arena` (escaped keys, decoded).
        var location: Int
        var count: Int
        /// Offset of the key in the source, for the "first at byte" note.
        var sourceStart: Int
    }

    /// Objects with at least this many keys are indexed by `table`; below it a scan is faster.
    static let largeObjectThreshold = 24

    // Storage is manually managed (pointer, count, capacity) rather than `Array`: on the hot path
    // every key is pushed and every object popped, and arrays stored in a class pay for
    // uniqueness checks and dynamic exclusivity checks on each of those operations, which
    // measured at a third of the skip time. `@exclusivity(unchecked)` is sound because a scratch
    // is only ever used by one cursor on one thread, and no method re-enters another.
    @exclusivity(unchecked) var frames: GrowableBuffer<Frame>
    @exclusivity(unchecked) var keys: GrowableBuffer<KeyEntry>
    @exclusivity(unchecked) var arena: GrowableBuffer<UInt8>
    /// Open-addressing slots holding `index + 1` into `keys` (0 = empty). Slots are never cleared
    /// individually: a slot left behind by a closed object points at an index that is either past
    /// the end of `keys`, or now holds a key of the current object, and a lookup always compares
    /// the actual entry, so stale slots cannot cause a wrong verdict. The table is rebuilt from
    /// the live large objects when it fills up.
    @exclusivity(unchecked) var table: [Int32] = []
    @exclusivity(unchecked) var tableUsed = 0
    /// Whether the strict cursor skips compact flat objects with its one routine
    /// (`JSONCursor.skipCompactFlatObject`). Always on; the tests turn it off to compare.
    var skipsCompactObjects = true
    /// The names met in the compact flat objects the cursor skips, and their order
    /// (`JSONCursor.skipCompactFlatObject`).
    let flatKeys = LearnedKeyNames(names: [], kinds: 1)
    /// The ordinal in `flatKeys` of the last key of the last compact flat object: the objects of
    /// a row come in one order too, so it predicts the next object's first key.
    @exclusivity(unchecked) var lastFlatKey = LearnedKeyNames.objectStart

    public init() {
        frames = GrowableBuffer(capacity: 64)
        keys = GrowableBuffer(capacity: 256)
        arena = GrowableBuffer(capacity: 256)
    }

    deinit {
        frames.deallocate()
        keys.deallocate()
        arena.deallocate()
    }

    /// Forgets the previous text. Keeps capacity; the table is left as is (see `table`).
    @inline(__always)
    func reset() {
        frames.count = 0
        keys.count = 0
        arena.count = 0
    }

    @inline(__always)
    func pushFrame(isObject: Bool) {
        frames.append(Frame(keyStart: keys.count, arenaStart: arena.count, isObject: isObject))
    }

    @inline(__always)
    func popFrame() {
        guard frames.count > 0 else { return }
        frames.count -= 1
        let frame = frames[frames.count]
        if frame.isObject {
            keys.count = frame.keyStart
            arena.count = frame.arenaStart
        }
    }

    /// Whether the innermost open container is an object (false for an array or at top level).
    var topIsObject: Bool { frames.count > 0 && frames[frames.count - 1].isObject }

    /// Records `key` in the innermost open object. Returns the source offset of an earlier key
    /// with the same unescaped content, or `nil` when the key is new.
    ///
    /// Inline: the common case, a key without escapes in an object of fewer than
    /// `largeObjectThreshold - 1` keys, compared with the object's keys by length and head.
    /// Everything else (escapes, large objects, the key that makes an object large) is
    /// `registerKeyInGeneral`, out of line, so the common case pays no register spills for it.
    @inline(__always)
    func registerKey(_ key: JSONStringToken, in buffer: UnsafeRawBufferPointer) -> Int? {
        let frameCount = frames.count
        guard frameCount > 0, !key.hasEscapes, let base = buffer.baseAddress else {
            return registerKeyInGeneral(key, in: buffer)
        }
        let frameKeyStart = frames.base[frameCount &- 1].keyStart
        let keyCount = keys.count &- frameKeyStart
        guard keyCount < Self.largeObjectThreshold &- 1 else { return registerKeyInGeneral(key, in: buffer) }
        let location = key.content.lowerBound
        let length = key.content.upperBound &- location
        let bytes = base + location
        let head = KeyHead.of(bytes, count: length)
        let frame = frames.base + (frameCount &- 1)
        let bit = Self.headBit(head, length)
        if frame.pointee.heads & bit != 0 {
            var entry = keys.base + frameKeyStart
            let end = keys.base + keys.count
            while entry < end {
                if entry.pointee.head == head && entry.pointee.count == length
                    && (length <= 8 || sameBytes(entry.pointee, bytes, length, buffer))
                {
                    return entry.pointee.sourceStart
                }
                entry += 1
            }
        }
        frame.pointee.heads |= bit
        let slot = keys.appendSlot()
        slot.pointee.head = head
        slot.pointee.hash = 0
        slot.pointee.location = location
        slot.pointee.count = length
        slot.pointee.sourceStart = key.sourceStart
        return nil
    }

    @inline(never)
    func registerKeyInGeneral(_ key: JSONStringToken, in buffer: UnsafeRawBufferPointer) -> Int? {
        guard frames.count > 0, let base = buffer.baseAddress else { return nil }
        let frameKeyStart = frames[frames.count - 1].keyStart
        let location: Int
        let length: Int
        if key.hasEscapes {
            let start = arena.count
            JSONStringToken.decode(key.content, in: buffer) { arena.append($0) }
            length = arena.count - start
            location = ~start
        } else {
            location = key.content.lowerBound
            length = key.content.count
        }
        let bytes = location >= 0 ? base + location : UnsafeRawPointer(arena.base + ~location)
        let head = KeyHead.of(bytes, count: length)
        // Every key sets its bit, however it is registered: the inline path skips the compare
        // for a key whose bit is clear.
        defer { frames.base[frames.count - 1].heads |= Self.headBit(head, length) }
        let keyCount = keys.count - frameKeyStart
        var hash: UInt64 = 0
        if keyCount < Self.largeObjectThreshold {
            for index in frameKeyStart..<keys.count {
                let entry = keys.base + index
                if entry.pointee.head == head, entry.pointee.count == length,
                    length <= 8 || sameBytes(entry.pointee, bytes, length, buffer)
                {
                    return entry.pointee.sourceStart
                }
            }
        } else {
            hash = Self.hash(UnsafeRawBufferPointer(start: bytes, count: length))
            if let index = tableLookup(hash, bytes, length, frameStart: frameKeyStart, buffer) {
                return keys[index].sourceStart
            }
        }
        let slot = keys.appendSlot()
        slot.pointee.head = head
        slot.pointee.hash = hash
        slot.pointee.location = location
        slot.pointee.count = length
        slot.pointee.sourceStart = key.sourceStart
        let newCount = keyCount + 1
        if newCount == Self.largeObjectThreshold {
            for index in frameKeyStart..<keys.count {
                keys[index].hash = Self.hash(self.bytes(of: keys[index], buffer))
                tableInsert(index)
            }
        } else if newCount > Self.largeObjectThreshold {
            tableInsert(keys.count - 1)
        }
        return nil
    }

    /// The seeded `ByteHash` (so keys that collide cannot be crafted: one line of such keys
    /// would otherwise make every lookup of a large object walk all of them). It only has to
    /// make mismatches cheap; equality is always confirmed byte by byte.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { ByteHash.hash(bytes) }

    /// The unescaped bytes of an entry.
    @inline(__always)
    private func bytes(of entry: KeyEntry, _ buffer: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let start =
            entry.location >= 0 ? buffer.baseAddress! + entry.location : UnsafeRawPointer(arena.base + ~entry.location)
        return UnsafeRawBufferPointer(start: start, count: entry.count)
    }

    /// Whether an entry of the same length holds the same bytes as the candidate key.
    @inline(__always)
    private func sameBytes(
        _ entry: KeyEntry, _ bytes: UnsafeRawPointer, _ length: Int, _ buffer: UnsafeRawBufferPointer
    ) -> Bool {
        memcmp(self.bytes(of: entry, buffer).baseAddress!, bytes, length) == 0
    }

    private func tableLookup(
        _ hash: UInt64, _ bytes: UnsafeRawPointer, _ length: Int, frameStart: Int, _ buffer: UnsafeRawBufferPointer
    ) -> Int? {
        guard !table.isEmpty else { return nil }
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while table[slot] != 0 {
            let index = Int(table[slot]) - 1
            if index >= frameStart && index < keys.count && keys[index].hash == hash && keys[index].count == length
                && sameBytes(keys[index], bytes, length, buffer)
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
        for position in 0..<frames.count where frames[position].isObject {
            let frame = frames[position]
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

/// A minimal growable buffer of trivial values: append, index, truncate by setting `count`.
/// Doubles its capacity when full; never shrinks. Owned and freed by `JSONScratch`.
struct GrowableBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// Reserves one more element and returns its (uninitialised) slot; fine for trivial types.
    @inline(__always)
    mutating func appendSlot() -> UnsafeMutablePointer<Element> {
        if count == capacity { grow() }
        count += 1
        return base + (count - 1)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.initialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    func deallocate() { base.deallocate() }
}
