/// A param or user property value as pairs and rules compare it: text by the id of its
/// unescaped bytes in the run's text table (equal ids, equal bytes), numbers as doubles (so `"5"` in a BigQuery row equals `5` in a flat log),
/// bools as 0/1. `invalid` marks a value whose own checks failed: it neither opens a pair nor
/// satisfies a condition, and its own finding reports it.
public struct TrackedValue: Sendable, Hashable {
    public enum Tag: UInt8, Sendable {
        case absent, invalid, text, number, bool
        /// A number that failed its param's min/max: invalid for conditions, but a pair's
        /// duration check still reads it (a negative `duration_ms` is also `pair/negative-duration`).
        case outOfRange
    }
    public var tag: Tag
    public var bits: UInt64

    public static let absent = TrackedValue(tag: .absent, bits: 0)
    public static let invalid = TrackedValue(tag: .invalid, bits: 0)
    /// A text value by its id in the run's text table (`LinePass.texts`).
    public static func text(_ id: UInt64) -> TrackedValue { TrackedValue(tag: .text, bits: id) }
    /// The text id of a value no pair or rule reads (never stored in a record).
    static let untrackedText = UInt64.max
    public static func number(_ value: Double) -> TrackedValue { TrackedValue(tag: .number, bits: value.bitPattern) }
    public static func bool(_ flag: Bool) -> TrackedValue { TrackedValue(tag: .bool, bits: flag ? 1 : 0) }

    public static func outOfRange(_ value: Double) -> TrackedValue {
        TrackedValue(tag: .outOfRange, bits: value.bitPattern)
    }

    public var number: Double? { tag == .number ? Double(bitPattern: bits) : nil }
    /// The number, also when it failed its range.
    public var measuredNumber: Double? { tag == .number || tag == .outOfRange ? Double(bitPattern: bits) : nil }
    public var isUsable: Bool { tag != .absent && tag != .invalid && tag != .outOfRange }
    /// Failed its own checks: neither satisfies nor breaks a condition.
    public var isInvalid: Bool { tag == .invalid || tag == .outOfRange }
}

/// The compact record of one event that pairs or rules need: who, when, where, which event,
/// and the few values they compare — never the row itself.
public struct EventRecord: Sendable {
    /// The user's id in the run's user table (`LinePass.users`): equal ids, equal bytes.
    public var user: UInt64
    public var session: UInt64
    /// Microseconds; `Int64.min` when the event had no usable timestamp (it sorts first).
    public var timestamp: Int64
    /// `event_bundle_sequence_id`, `Int64.min` when absent.
    public var bundle: Int64
    public var file: Int32
    /// Line number: local to the worker's byte range until the merge adds the earlier lines.
    public var line: Int
    public var indexInLine: Int32
    public var column: Int32
    public var byteOffset: Int64
    public var event: Int32
    /// Start of this record's values in the worker's value buffer (`CompiledPlan.storedSlots`
    /// of its event, in that order).
    public var values: Int

    /// The time order of SPEC §1.4: timestamp, bundle sequence, then position in the input (the
    /// byte offset last: rows of one line of a pretty-printed array). A spilled run sorts the
    /// same way (`RecordSpill.timeOrder`).
    static func timeOrder(_ lhs: EventRecord, _ rhs: EventRecord) -> Bool {
        if lhs.user != rhs.user { return lhs.user < rhs.user }
        if lhs.timestamp != rhs.timestamp { return lhs.timestamp < rhs.timestamp }
        if lhs.bundle != rhs.bundle { return lhs.bundle < rhs.bundle }
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.indexInLine != rhs.indexInLine { return lhs.indexInLine < rhs.indexInLine }
        return lhs.byteOffset < rhs.byteOffset
    }
}

/// Records and the values they point into (`EventRecord.values` is a position in `values`):
/// what one line pass made, or what the run merged. The run keeps one segment per line pass
/// instead of joining them, so that no merge copies records or touches new memory.
public struct RecordSegment: Sendable {
    public var records: [EventRecord]
    public var values: [TrackedValue]

    public init(records: [EventRecord], values: [TrackedValue]) {
        self.records = records
        self.values = values
    }

    /// The segments joined into one, each record moved onto the joined values.
    static func joined(_ segments: [RecordSegment]) -> RecordSegment {
        guard segments.count > 1 else { return segments.first ?? RecordSegment(records: [], values: []) }
        var joined = RecordSegment(records: [], values: [])
        joined.records.reserveCapacity(segments.reduce(0) { $0 + $1.records.count })
        joined.values.reserveCapacity(segments.reduce(0) { $0 + $1.values.count })
        for segment in segments {
            let base = joined.values.count
            joined.values.append(contentsOf: segment.values)
            for var record in segment.records {
                record.values += base
                joined.records.append(record)
            }
        }
        return joined
    }
}

/// Records grouped by user in time linear in their number, without moving them: a counting pass
/// over the records' user ids (dense, below the user count) lists their indices user by user,
/// in input order within a user. Putting each user's few records in time order is left to the
/// thread that checks that user's pairs and rules (`gather`), and the counting pass itself runs
/// in one slice of records per job (`init`); the records are read where they lie, in the
/// segments the line passes made. The extra memory is 4 bytes a record and 4 a user (and 4 a
/// user for each further slice).
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
struct UserGroups: Sendable {
    /// Record indices, user by user: user u's are `order[starts[u]..<starts[u + 1]]`. An index
    /// counts the records of the segments before its own (`bases`).
    let order: [UInt32]
    /// `userCount + 1` offsets into `order`.
    let starts: [UInt32]
    /// Where each segment's records start among all, and their count last.
    let bases: [Int]

    /// nil when a record's user id is outside the table (never made by a line pass) or there
    /// are more records than 32 bits count: the caller then sorts with `EventRecord.timeOrder`.
    ///
    /// With `jobs` over one the records are cut into slices (`sliceCount`), each counted by user
    /// on its own thread, then each placed on its own thread after the slices before it: the
    /// same order as one thread's. What stays on one thread is the sum of the slices' counts,
    /// a pass over the users.
    init?(segments: [RecordSegment], userCount: Int, jobs: Int = 1) {
        let bases = segments.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.records.count) }
        let count = bases[segments.count]
        // Below 2^32 records, no count or place below overflows 32 bits.
        guard count <= Int(UInt32.max), userCount < Int(UInt32.max) else { return nil }
        let slices = Slices.ranges(count: count, jobs: Self.sliceCount(records: count, users: userCount, jobs: jobs))
        // Each slice's records per user (nil: a user id outside the table).
        var counts = Slices.map(slices) { _, range -> [UInt32]? in
            var counts = [UInt32](repeating: 0, count: userCount)
            let inTable = counts.withUnsafeMutableBufferPointer { counts in
                Self.forEach(in: range, of: segments, bases: bases) { _, record in
                    let user = record.user
                    guard user < UInt64(userCount) else { return false }
                    counts[Int(user)] += 1
                    return true
                }
            }
            return inTable ? counts : nil
        }.compactMap { $0 }
        guard counts.count == slices.count else { return nil }
        // starts[u]: where user u's records start; each slice's counts become where its first
        // record of each user goes (after the earlier slices' records of that user).
        var starts = [UInt32](repeating: 0, count: userCount + 1)
        for user in 0..<userCount {
            var next = starts[user]
            for slice in counts.indices {
                let records = counts[slice][user]
                counts[slice][user] = next
                next += records
            }
            starts[user + 1] = next
        }
        let firsts = counts
        var order = [UInt32](repeating: 0, count: count)
        order.withUnsafeMutableBufferPointer { buffer in
            let order = SharedSlots(base: buffer.baseAddress)
            _ = Slices.map(slices) { slice, range in
                var next = firsts[slice]
                _ = Self.forEach(in: range, of: segments, bases: bases) { index, record in
                    let user = Int(record.user)
                    order.base?[Int(next[user])] = UInt32(truncatingIfNeeded: index)
                    next[user] += 1
                    return true
                }
            }
        }
        self.order = order
        self.starts = starts
        self.bases = bases
    }

    /// One segment of records.
    init?(records: [EventRecord], userCount: Int, jobs: Int = 1) {
        self.init(segments: [RecordSegment(records: records, values: [])], userCount: userCount, jobs: jobs)
    }

    /// `body` over the records at `range` of all the segments' (index among all, record), in
    /// order, until it returns false; whether it never did.
    @inline(__always)
    private static func forEach(
        in range: Range<Int>, of segments: [RecordSegment], bases: [Int], _ body: (Int, EventRecord) -> Bool
    ) -> Bool {
        var segment = Self.segment(containing: range.lowerBound, bases: bases)
        var index = range.lowerBound
        while index < range.upperBound, segment < segments.count {
            let end = min(range.upperBound, bases[segment + 1])
            let base = bases[segment]
            let completed = segments[segment].records.withUnsafeBufferPointer { records in
                while index < end {
                    guard body(index, records[index - base]) else { return false }
                    index += 1
                }
                return true
            }
            guard completed else { return false }
            segment += 1
        }
        return true
    }

    /// The segment whose records hold index `index`: the last one whose records start at or
    /// before it (binary search over `bases`), which passes over the empty segments there.
    static func segment(containing index: Int, bases: [Int]) -> Int {
        var (low, high) = (0, bases.count - 1)
        while low + 1 < high {
            let middle = (low + high) / 2
            if bases[middle] <= index { low = middle } else { high = middle }
        }
        return low
    }

    /// The slices `init` cuts the records into for `jobs`: one per job, as `Slices` cuts them,
    /// but no more than keep the slices' counts (4 bytes a user a slice) within the size of
    /// the order (4 bytes a record).
    static func sliceCount(records: Int, users: Int, jobs: Int) -> Int {
        Slices.ranges(count: records, jobs: min(max(jobs, 1), max(records / max(users, 1), 1))).count
    }

    var userCount: Int { starts.count - 1 }

    /// The users cut into at most `parts` ranges of about as many records each, none empty of
    /// records, in user order.
    func userRanges(parts: Int) -> [Range<Int>] {
        let total = Int(starts.last ?? 0)
        guard total > 0 else { return [] }
        guard parts > 1 else { return [0..<userCount] }
        var ranges: [Range<Int>] = []
        var user = 0
        for part in 1...parts where user < userCount && Int(starts[user]) < total {
            // At least one record in each range.
            let target = max(part == parts ? total : total / parts * part, Int(starts[user]) + 1)
            // The first user whose records start at or past the target (binary search).
            var (low, high) = (user + 1, userCount)
            while low < high {
                let middle = (low + high) / 2
                if Int(starts[middle]) >= target { high = middle } else { low = middle + 1 }
            }
            ranges.append(user..<low)
            user = low
        }
        return ranges
    }

    /// User `user`'s records in time order (`EventRecord.timeOrder`) in `buffer`, and their
    /// values in `userValues`, each record moved onto its own (`record.values` is then a position
    /// in `userValues`); both are reused from user to user. `valueCounts` holds the values a
    /// record of each event has (`CompiledPlan.storedSlots`).
    ///
    /// The records are copied in input order, then sorted only when they did not come in order
    /// (the usual user's did). A user's records lie far apart in a large input, and so do their
    /// values: read here, one independent load after another, their cache misses overlap, where
    /// the checks that follow would meet each record's values one at a time.
    @inline(__always)
    func gather(
        user: Int, from segments: [RecordSegment], valueCounts: UnsafeBufferPointer<Int>,
        into buffer: inout [EventRecord], values userValues: inout [TrackedValue]
    ) {
        buffer.removeAll(keepingCapacity: true)
        userValues.removeAll(keepingCapacity: true)
        let (start, end) = (Int(starts[user]), Int(starts[user + 1]))
        guard start < end else { return }
        // A user's indices rise: each one's segment is the last one's or a later one.
        let firstSegment = Self.segment(containing: Int(order[start]), bases: bases)
        var total = 0
        order.withUnsafeBufferPointer { order in
            var segment = firstSegment
            for position in start..<end {
                let index = Int(order[position])
                while index >= bases[segment + 1] { segment += 1 }
                buffer.append(segments[segment].records[index - bases[segment]])
            }
            // Where each record's values go, then the values themselves, in a second pass over
            // records now in the cache: a plain loop of loads and stores, so that many records'
            // misses are in flight at once.
            for index in buffer.indices {
                let event = Int(buffer[index].event)
                total += event >= 0 && event < valueCounts.count ? valueCounts[event] : 0
            }
            userValues.append(contentsOf: repeatElement(.absent, count: total))
            userValues.withUnsafeMutableBufferPointer { userValues in
                var (segment, target) = (firstSegment, 0)
                for position in start..<end {
                    let index = Int(order[position])
                    while index >= bases[segment + 1] { segment += 1 }
                    let record = position - start
                    let event = Int(buffer[record].event)
                    let wanted = event >= 0 && event < valueCounts.count ? valueCounts[event] : 0
                    segments[segment].values.withUnsafeBufferPointer { values in
                        let first = min(max(buffer[record].values, 0), values.count)
                        let count = min(wanted, values.count - first)
                        for offset in 0..<count { userValues[target + offset] = values[first + offset] }
                    }
                    buffer[record].values = target
                    target += wanted
                }
            }
        }
        var inOrder = true
        for index in buffer.indices.dropFirst() where EventRecord.timeOrder(buffer[index], buffer[index - 1]) {
            inOrder = false
            break
        }
        if !inOrder { buffer.sort(by: EventRecord.timeOrder) }
    }
}

/// The tracked values of one record, by slot. A record stores only the slots its event can
/// carry (its params that pairs and rules read, and the tracked user properties), so a paywall
/// record does not pay for the block-flow params; a slot the event cannot carry reads as absent.
public struct RecordValues {
    let storage: [TrackedValue]
    let base: Int
    /// Slot → position within the record, -1 for a slot the event does not store.
    let positions: [Int]

    @inline(__always)
    subscript(slot: Int) -> TrackedValue {
        let position = positions[slot]
        return position < 0 ? .absent : storage[base + position]
    }
}

/// Slots of one buffer that threads fill at disjoint places (each slice of records writes only
/// the places its own records take).
private struct SharedSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt32>?
}
