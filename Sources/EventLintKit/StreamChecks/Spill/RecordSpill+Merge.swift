#if canImport(Glibc)
    import Glibc
#endif

/// The merge of a spill's runs: entries come out in (user, time order), and each user's records
/// go through the cross-event machines exactly as they would in memory. A class: the heap's
/// comparisons then borrow the readers instead of copying the merge with them.
final class SpillMerge {
    var readers: [SpillRunReader]
    let lineOffsets: [Int]
    let dropped: Set<Int32>
    /// Reader indices, a binary min-heap by current entry.
    var heap: [Int] = []

    init(spill: RecordSpill) {
        (readers, lineOffsets, dropped) = spill.openRuns()
    }

    /// A merge of some runs into one (`RecordSpill.compact`): no segment is dropped yet.
    init(readers: [SpillRunReader]) {
        self.readers = readers
        lineOffsets = []
        dropped = []
    }

    /// Calls `body` with the reader of each entry of every run, in entry order.
    func forEachEntry(_ body: (SpillRunReader) throws(SpillError) -> Void) throws(SpillError) {
        for index in readers.indices where try readers[index].advance() { heap.append(index) }
        for position in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(position) }
        while let top = heap.first {
            try body(readers[top])
            if try readers[top].advance() {
                siftDown(0)
            } else {
                heap.swapAt(0, heap.count - 1)
                heap.removeLast()
                if !heap.isEmpty { siftDown(0) }
            }
        }
    }

    /// Runs every user's records through `run`, calling `afterUser` after each chunk of a user.
    /// A user's records go in chunks of at most `chunk`; between chunks the run keeps only the
    /// values of the records it still holds, so one user with millions of events needs memory
    /// for one chunk. A user's latest timestamps sort before its records, so they are all known
    /// before the first chunk runs.
    func run(
        _ run: inout CrossEventRun, chunk: Int, afterUser: (inout CrossEventRun) -> Void
    ) throws(SpillError) {
        var user = UserChunks(planTexts: run.input.texts, chunk: max(1, chunk))
        // One user at a time: a small table, emptied per user.
        run.input.users = ByteInterner(capacity: 1)
        try forEachEntry { reader in
            let sameUser =
                user.hasEntries && reader.hash == user.hash && reader.withUser { Self.equal($0, user.bytes) }
            if !sameUser {
                user.finish(&run, afterUser: afterUser)
                user.start(reader, &run)
            }
            take(
                reader, records: &user.records, latest: &user.latest, values: &run.input.values, texts: &run.input.texts
            )
            user.hasEntries = true
            if user.records.count >= user.chunk { user.runChunk(&run, afterUser: afterUser) }
        }
        user.finish(&run, afterUser: afterUser)
    }

    /// The user being merged: its id, latest timestamp and the records not run yet.
    struct UserChunks {
        let planTexts: ByteInterner<SeededByteHash>
        let chunk: Int
        var bytes: [UInt8] = []
        var hash: UInt64 = 0
        var latest = Int64.min
        var records: [EventRecord] = []
        var hasEntries = false
        /// Whether the run has begun this user (a chunk ran).
        var begun = false

        init(planTexts: ByteInterner<SeededByteHash>, chunk: Int) {
            self.planTexts = planTexts
            self.chunk = chunk
        }

        mutating func start(_ reader: SpillRunReader, _ run: inout CrossEventRun) {
            bytes = reader.withUser { Array($0) }
            hash = reader.hash
            latest = .min
            hasEntries = false
            begun = false
            run.input.users.removeAll()
            _ = run.input.users.intern(bytes)
            run.input.values.removeAll(keepingCapacity: true)
            run.input.texts = planTexts
            run.forgetValueMemos()
        }

        mutating func runChunk(_ run: inout CrossEventRun, afterUser: (inout CrossEventRun) -> Void) {
            guard !records.isEmpty else { return }
            if !begun {
                run.input.userLastTimestamp = [latest]
                run.beginUser()
                begun = true
            }
            run.feed(records[...])
            afterUser(&run)
            records.removeAll(keepingCapacity: true)
            run.keepHeldValues()
        }

        mutating func finish(_ run: inout CrossEventRun, afterUser: (inout CrossEventRun) -> Void) {
            runChunk(&run, afterUser: afterUser)
            if begun {
                run.endUser(latest: latest)
                afterUser(&run)
            }
            begun = false
            hasEntries = false
        }
    }

    /// Adds the reader's current entry to the user's records (or latest timestamp).
    func take(
        _ reader: SpillRunReader, records: inout [EventRecord], latest: inout Int64, values: inout [TrackedValue],
        texts: inout ByteInterner<SeededByteHash>
    ) {
        let base = reader.fieldsOffset
        let segment = reader.load(Int32.self, at: base + 8)
        guard !dropped.contains(segment) else { return }
        let timestamp = reader.load(Int64.self, at: base)
        guard reader.kind == SpillEntry.record else {
            latest = max(latest, timestamp)
            return
        }
        let line = Int(reader.load(Int64.self, at: base + 20))
        let offset = lineOffsets.indices.contains(Int(segment)) ? lineOffsets[Int(segment)] : 0
        records.append(
            EventRecord(
                user: 0, session: reader.load(UInt64.self, at: base + 52), timestamp: timestamp,
                bundle: reader.load(Int64.self, at: base + 12), file: reader.load(Int32.self, at: base + 44),
                line: line + offset, indexInLine: reader.load(Int32.self, at: base + 28),
                column: reader.load(Int32.self, at: base + 32), byteOffset: reader.load(Int64.self, at: base + 36),
                event: reader.load(Int32.self, at: base + 48), values: values.count))
        let count = Int(reader.load(UInt32.self, at: base + 60))
        var position = base + 64
        for _ in 0..<count {
            let tag = reader.load(UInt8.self, at: position)
            if tag == SpillEntry.inlineText {
                let length = Int(reader.load(UInt32.self, at: position + 1))
                let start = position + 5
                let id = reader.buffer.withUnsafeBytes { bytes in
                    texts.intern(
                        UnsafeRawBufferPointer(rebasing: bytes[reader.start + start..<reader.start + start + length]))
                }
                values.append(.text(UInt64(id)))
                position = start + length
            } else {
                values.append(
                    TrackedValue(
                        tag: TrackedValue.Tag(rawValue: tag) ?? .invalid,
                        bits: reader.load(UInt64.self, at: position + 1)))
                position += 9
            }
        }
    }

    static func equal(_ bytes: UnsafeRawBufferPointer, _ other: [UInt8]) -> Bool {
        bytes.count == other.count && other.withUnsafeBytes { compare(bytes, $0) == 0 }
    }

    // MARK: - Heap

    func less(_ a: Int, _ b: Int) -> Bool {
        let x = readers[a]
        let y = readers[b]
        if x.hash != y.hash { return x.hash < y.hash }
        let userOrder = x.withUser { left in y.withUser { right in Self.compare(left, right) } }
        if userOrder != 0 { return userOrder < 0 }
        if x.kind != y.kind { return x.kind < y.kind }
        let xBase = x.fieldsOffset
        let yBase = y.fieldsOffset
        let xTime = x.load(Int64.self, at: xBase)
        let yTime = y.load(Int64.self, at: yBase)
        if xTime != yTime { return xTime < yTime }
        guard x.kind == SpillEntry.record else { return false }
        // Then bundle, segment, line, index in line and byte offset (offsets and widths).
        for (offset, wide) in Self.recordOrder {
            let left = wide ? x.load(Int64.self, at: xBase + offset) : Int64(x.load(Int32.self, at: xBase + offset))
            let right = wide ? y.load(Int64.self, at: yBase + offset) : Int64(y.load(Int32.self, at: yBase + offset))
            if left != right { return left < right }
        }
        return false
    }

    /// The fields after the timestamp that order records: (offset after the user, 8 bytes wide).
    static let recordOrder: [(Int, Bool)] = [(12, true), (8, false), (20, true), (28, false), (36, true)]

    static func compare(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Int {
        let common = min(x.count, y.count)
        if common > 0 {
            let order = memcmp(x.baseAddress!, y.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }

    func siftDown(_ start: Int) {
        var position = start
        while true {
            let left = 2 * position + 1
            guard left < heap.count else { return }
            var smallest = left
            if left + 1 < heap.count, less(heap[left + 1], heap[left]) { smallest = left + 1 }
            guard less(heap[smallest], heap[position]) else { return }
            heap.swapAt(smallest, position)
            position = smallest
        }
    }
}
