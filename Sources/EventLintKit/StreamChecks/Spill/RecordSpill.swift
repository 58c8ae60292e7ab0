#if canImport(Glibc)
    import Glibc
#endif

/// Why a run's records could not go to, or come back from, its temporary files.
public struct SpillError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed: `create a temporary file in`, `write a temporary file in`, `read a temporary file in`.
    public let action: String
    public let directory: String
    public let errno: Int32

    /// The message of `export/cannot-spill` (`ExportRules.cannotSpill`), and of the error on
    /// standard error.
    public var description: String {
        let reason = String(cString: strerror(errno))
        return "cannot \(action) \(SystemPath.display(directory)): \(reason); the records of this run outgrew "
            + "--memory-limit, so they go to temporary files there (set TMPDIR to a directory with room, or raise "
            + "--memory-limit)"
    }
}

/// The compact records of a run that outgrew its memory budget, as sorted runs on disk: the
/// temporary files of an external merge sort. Each worker spills its records sorted by (user,
/// time order) when they pass its share of the budget; after the line pass the runs are merged
/// and each user's records go through the same cross-event machines as in memory.
///
/// Every file is unlinked the moment it is created and read back through its descriptor, so
/// none is left behind however the process ends (exit, SIGINT, SIGTERM, even SIGKILL): the
/// system frees the space with the last descriptor.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
public final class RecordSpill: @unchecked Sendable {
    /// Bytes the records of all workers may hold before they are spilled.
    public let budget: Int
    public let directory: String

    struct State {
        /// Run files and their level: a run of level n holds the entries of 64ⁿ first runs or
        /// fewer (`compact`).
        var runs: [(descriptor: Int32, level: Int)] = []
        var failure: SpillError?
        /// Per segment (one worker's part of one input): lines of that input before it.
        var lineOffsets: [Int] = []
        /// Per input (its index among the run's files): its first segment.
        var firstSegment: [Int: Int32] = [:]
        /// Segments whose lines are not part of the run (after a read error in an earlier part).
        var dropped: Set<Int32> = []
    }

    /// Guarded by a pthread mutex rather than `Mutex`: the thread sanitizer follows pthread
    /// locks, and `state` is only touched inside `SpillState.withLock`.
    let state = SpillState()

    public init(budget: Int, directory: String) {
        self.budget = max(budget, 1)
        self.directory = directory
    }

    deinit {
        state.withLock { state in
            for run in state.runs { close(run.descriptor) }
        }
    }

    var hasRuns: Bool { state.withLock { !$0.runs.isEmpty } }
    var failure: SpillError? { state.withLock { $0.failure } }

    func fail(_ error: SpillError) {
        state.withLock { state in if state.failure == nil { state.failure = error } }
    }

    /// Segments for the `count` parts of input `file`, in part order.
    func segments(count: Int, file: Int32) -> Range<Int32> {
        state.withLock { state in
            let first = Int32(clamping: state.lineOffsets.count)
            state.lineOffsets.append(contentsOf: repeatElement(0, count: count))
            if state.firstSegment[Int(file)] == nil { state.firstSegment[Int(file)] = first }
            return first..<first + Int32(clamping: count)
        }
    }

    func setLineOffset(_ offset: Int, of segment: Int32) {
        state.withLock { state in
            if state.lineOffsets.indices.contains(Int(segment)) { state.lineOffsets[Int(segment)] = offset }
        }
    }

    func drop(_ segments: some Sequence<Int32>) {
        state.withLock { state in state.dropped.formUnion(segments) }
    }

    func firstSegment(of file: Int32) -> Int32 { state.withLock { $0.firstSegment[Int(file)] ?? 0 } }

    /// Writes one sorted run to a new temporary file (`level` 0; compaction writes higher ones).
    func writeRun(level: Int = 0, _ body: (inout SpillRunWriter) throws(SpillError) -> Void) throws(SpillError) {
        let descriptor = try createFile()
        var writer = SpillRunWriter(descriptor: descriptor, directory: directory)
        do throws(SpillError) {
            try body(&writer)
            try writer.flush()
        } catch {
            close(descriptor)
            throw error
        }
        let full = state.withLock { state -> [Int32] in
            state.runs.append((descriptor, level))
            let same = state.runs.filter { $0.level == level }
            guard same.count >= Self.maxRuns else { return [] }
            state.runs.removeAll { $0.level == level }
            return same.map(\.descriptor)
        }
        if !full.isEmpty { try compact(full, into: level + 1) }
    }

    /// Runs of one level kept before they are merged into one of the next level: bounds the open
    /// files and the merge's buffers however small the limit or large the input, and each entry
    /// is rewritten once per level (log₆₄ of the number of runs).
    static let maxRuns = 64

    /// Merges `runs` into one new run of `level` (entries copied as they are, in order) and
    /// closes them.
    func compact(_ runs: [Int32], into level: Int) throws(SpillError) {
        defer { for descriptor in runs { close(descriptor) } }
        let merge = SpillMerge(
            readers: runs.map {
                SpillRunReader(descriptor: $0, directory: directory, bufferSize: readerBuffer(runs.count))
            })
        try writeRun(level: level) { writer throws(SpillError) in
            try merge.forEachEntry { reader throws(SpillError) in
                reader.buffer.withUnsafeBytes { bytes in
                    writer.buffer.append(contentsOf: bytes[reader.start - 4..<reader.start + reader.length])
                }
                if writer.buffer.count >= 1 << 20 { try writer.flush() }
            }
        }
    }

    /// The read buffer of each of `count` runs merged at once: a share of the budget, from 4 KiB
    /// (an entry larger than its buffer grows it) to 1 MiB.
    func readerBuffer(_ count: Int) -> Int { min(1 << 20, max(4 << 10, budget / max(4, 4 * count))) }

    private func createFile() throws(SpillError) -> Int32 {
        var template =
            SystemPath.bytes(directory.hasSuffix("/") ? directory : directory + "/") + Array("eventlint-XXXXXX".utf8)
        template.append(0)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) }
        }
        guard descriptor >= 0 else {
            throw SpillError(action: "create a temporary file in", directory: directory, errno: errno)
        }
        let unlinked = template.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) }
        }
        guard unlinked == 0 else {
            let error = SpillError(action: "create a temporary file in", directory: directory, errno: errno)
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Readers over every run, from the start, and what the merge needs of the segments.
    func openRuns() -> (readers: [SpillRunReader], lineOffsets: [Int], dropped: Set<Int32>) {
        state.withLock { state in
            let share = readerBuffer(state.runs.count)
            return (
                state.runs.map { SpillRunReader(descriptor: $0.descriptor, directory: directory, bufferSize: share) },
                state.lineOffsets, state.dropped
            )
        }
    }
}

/// The shared state of a spill behind a pthread mutex (unchecked Sendable: every access goes
/// through `withLock`).
final class SpillState: @unchecked Sendable {
    private var value = RecordSpill.State()
    private let lock = PosixLock()

    func withLock<T>(_ body: (inout RecordSpill.State) -> T) -> T { lock.withLock { body(&value) } }
}

/// The layout of one spilled entry, all integers little-endian:
///
///     u32 length of the rest · u64 user hash · u8 kind · u32 user length · user bytes ·
///     i64 timestamp · i32 segment · (kind 1 only:) i64 bundle · i64 line · i32 index in line ·
///     i32 column · i64 byte offset · i32 file · i32 event · u64 session · u32 value count ·
///     values (u8 tag, then u64 bits, or u32 length and the bytes of a text not in the plan)
///
/// Kind 0 is a user's latest timestamp in the spilled part (for the end-of-stream window), kind
/// 1 a record. Entries sort by (user hash, user bytes, kind, timestamp, bundle, segment, line,
/// index in line, byte offset): per user, the time order of `EventRecord.timeOrder`.
enum SpillEntry {
    static let latestTimestamp: UInt8 = 0
    static let record: UInt8 = 1
    /// The tag of a text value written out by its bytes.
    static let inlineText: UInt8 = 0xFF
    /// Offsets within an entry (after its length): hash, kind, user length, user bytes.
    static let kindOffset = 8
    static let userLengthOffset = 9
    static let userOffset = 13
}

/// Writes entries to a run file through a buffer.
struct SpillRunWriter {
    let descriptor: Int32
    let directory: String
    var buffer: [UInt8] = []
    var entryStart = 0

    init(descriptor: Int32, directory: String) {
        self.descriptor = descriptor
        self.directory = directory
        buffer.reserveCapacity(1 << 20)
    }

    @inline(__always)
    mutating func put<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
    }

    mutating func begin(hash: UInt64, kind: UInt8, user: UnsafeRawBufferPointer) {
        entryStart = buffer.count
        put(UInt32(0))
        put(hash)
        put(kind)
        put(UInt32(truncatingIfNeeded: user.count))
        buffer.append(contentsOf: user)
    }

    mutating func end() throws(SpillError) {
        let length = UInt32(truncatingIfNeeded: buffer.count - entryStart - 4).littleEndian
        withUnsafeBytes(of: length) { bytes in
            for index in 0..<4 { buffer[entryStart + index] = bytes[index] }
        }
        if buffer.count >= 1 << 20 { try flush() }
    }

    mutating func flush() throws(SpillError) {
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { bytes in
                write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw SpillError(action: "write a temporary file in", directory: directory, errno: errno)
            }
            if result == 0 {
                throw SpillError(action: "write a temporary file in", directory: directory, errno: ENOSPC)
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Reads a run's entries back in order, one whole entry at a time in its buffer.
struct SpillRunReader {
    let descriptor: Int32
    let directory: String
    var buffer: [UInt8]
    /// The current entry's first byte after its length, and the buffer's filled end.
    var start = 0
    var length = 0
    var filled = 0
    var fileOffset: Int64 = 0
    var exhausted = false

    let bufferSize: Int

    init(descriptor: Int32, directory: String, bufferSize: Int) {
        self.descriptor = descriptor
        self.directory = directory
        self.bufferSize = bufferSize
        buffer = Array(repeating: 0, count: bufferSize)
    }

    /// Moves to the next entry; false at the end of the run.
    mutating func advance() throws(SpillError) -> Bool {
        guard try available(from: start + length, count: 4) else {
            // A run ends between entries: bytes left over mean it was cut short.
            if filled > start {
                throw SpillError(action: "read a temporary file in", directory: directory, errno: EIO)
            }
            return false
        }
        let size = Int(load(UInt32.self, at: 0))
        let position = try require(from: start, count: 4 + size)
        start = position + 4
        length = size
        return true
    }

    /// Ensures `count` bytes from `position` are in the buffer; returns where they now start.
    private mutating func require(from position: Int, count: Int) throws(SpillError) -> Int {
        guard try available(from: position, count: count) else {
            throw SpillError(action: "read a temporary file in", directory: directory, errno: EIO)
        }
        return start
    }

    /// Whether `count` bytes from `position` can be had; afterwards they start at `start`
    /// (the buffer is compacted and refilled as needed).
    private mutating func available(from position: Int, count: Int) throws(SpillError) -> Bool {
        if filled - position >= count {
            start = position
            length = 0
            return true
        }
        let kept = filled - position
        if position > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                _ = memmove(bytes.baseAddress!, bytes.baseAddress! + position, kept)
            }
        }
        filled = kept
        start = 0
        length = 0
        // After an entry larger than the buffer, back to the buffer's own size.
        if buffer.count > bufferSize, count <= bufferSize { buffer = Array(buffer[0..<bufferSize]) }
        if buffer.count < count { buffer.append(contentsOf: repeatElement(0, count: count - buffer.count)) }
        while filled < count, !exhausted {
            let room = buffer.count - filled
            let got = buffer.withUnsafeMutableBytes { bytes in
                pread(descriptor, bytes.baseAddress! + filled, room, off_t(fileOffset))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw SpillError(action: "read a temporary file in", directory: directory, errno: errno)
            }
            if got == 0 {
                exhausted = true
                break
            }
            filled += got
            fileOffset += Int64(got)
        }
        return filled >= count
    }

    /// An integer at `offset` bytes into the current entry.
    @inline(__always)
    func load<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        buffer.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: start + offset, as: T.self)) }
    }

    var hash: UInt64 { load(UInt64.self, at: 0) }
    var kind: UInt8 { load(UInt8.self, at: SpillEntry.kindOffset) }
    var userLength: Int { Int(load(UInt32.self, at: SpillEntry.userLengthOffset)) }

    func withUser<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        let count = userLength
        return buffer.withUnsafeBytes {
            body(
                UnsafeRawBufferPointer(
                    rebasing: $0[start + SpillEntry.userOffset..<start + SpillEntry.userOffset + count]))
        }
    }

    /// Where the fields after the user bytes start.
    var fieldsOffset: Int { SpillEntry.userOffset + userLength }
}

extension RecordSpill {
    /// Spills `records` (their values, and the latest timestamp of every user in `users`) as one
    /// run sorted by user, then time order. `segment` gives each record's segment; the users'
    /// latest timestamps go under `latestSegment`.
    func spill(
        records: [EventRecord], values: [TrackedValue], users: ByteInterner<SeededByteHash>, latest: [Int64],
        texts: ByteInterner<SeededByteHash>, plan: CompiledPlan, latestSegment: Int32,
        segment: (EventRecord) -> Int32
    ) throws(SpillError) {
        let userCount = users.count
        guard userCount > 0 else { return }
        var hashes = [UInt64](repeating: 0, count: userCount)
        for id in 0..<userCount { hashes[id] = users.withBytes(of: id) { ByteHash.hash($0) } }
        var byRank = Array(0..<userCount)
        byRank.sort { a, b in
            if hashes[a] != hashes[b] { return hashes[a] < hashes[b] }
            return users.withBytes(of: a) { x in users.withBytes(of: b) { y in Self.precedes(x, y) } }
        }
        var rank = [UInt32](repeating: 0, count: userCount)
        for (position, id) in byRank.enumerated() { rank[id] = UInt32(truncatingIfNeeded: position) }
        var order = Array(records.indices)
        order.sort { a, b in
            let left = records[Int(a)]
            let right = records[Int(b)]
            let leftRank = rank[Int(left.user)]
            let rightRank = rank[Int(right.user)]
            if leftRank != rightRank { return leftRank < rightRank }
            return Self.timeOrder(left, segment(left), right, segment(right))
        }
        let planTexts = plan.texts.count
        try writeRun { writer throws(SpillError) in
            var next = 0
            for id in byRank {
                if latest.indices.contains(id), latest[id] != .min {
                    users.withBytes(of: id) {
                        writer.begin(hash: hashes[id], kind: SpillEntry.latestTimestamp, user: $0)
                    }
                    writer.put(latest[id])
                    writer.put(latestSegment)
                    try writer.end()
                }
                while next < order.count, records[Int(order[next])].user == UInt64(id) {
                    let record = records[Int(order[next])]
                    users.withBytes(of: id) { writer.begin(hash: hashes[id], kind: SpillEntry.record, user: $0) }
                    Self.put(
                        record, segment: segment(record), values: values, texts: texts, planTexts: planTexts,
                        count: plan.storedSlots[Int(record.event)].count, into: &writer)
                    try writer.end()
                    next += 1
                }
            }
        }
    }

    static func put(
        _ record: EventRecord, segment: Int32, values: [TrackedValue], texts: ByteInterner<SeededByteHash>,
        planTexts: Int, count: Int, into writer: inout SpillRunWriter
    ) {
        writer.put(record.timestamp)
        writer.put(segment)
        writer.put(record.bundle)
        writer.put(Int64(record.line))
        writer.put(record.indexInLine)
        writer.put(record.column)
        writer.put(record.byteOffset)
        writer.put(record.file)
        writer.put(record.event)
        writer.put(record.session)
        writer.put(UInt32(truncatingIfNeeded: count))
        for value in values[record.values..<record.values + count] {
            if value.tag == .text, value.bits != TrackedValue.untrackedText, value.bits >= UInt64(planTexts),
                value.bits < UInt64(texts.count)
            {
                writer.put(SpillEntry.inlineText)
                texts.withBytes(of: Int(value.bits)) { bytes in
                    writer.put(UInt32(truncatingIfNeeded: bytes.count))
                    writer.buffer.append(contentsOf: bytes)
                }
            } else {
                writer.put(value.tag.rawValue)
                writer.put(value.bits)
            }
        }
    }

    /// Byte order, a prefix first.
    static func precedes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        SpillMerge.compare(x, y) < 0
    }

    /// `EventRecord.timeOrder` within one user, with the segment for the input and its part,
    /// and the byte offset last (the order in which records of one line were made).
    static func timeOrder(_ lhs: EventRecord, _ lhsSegment: Int32, _ rhs: EventRecord, _ rhsSegment: Int32) -> Bool {
        if lhs.timestamp != rhs.timestamp { return lhs.timestamp < rhs.timestamp }
        if lhs.bundle != rhs.bundle { return lhs.bundle < rhs.bundle }
        if lhsSegment != rhsSegment { return lhsSegment < rhsSegment }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.indexInLine != rhs.indexInLine { return lhs.indexInLine < rhs.indexInLine }
        return lhs.byteOffset < rhs.byteOffset
    }
}
