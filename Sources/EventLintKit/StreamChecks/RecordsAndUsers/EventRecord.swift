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

    /// Sorts records into `timeOrder` in time linear in their number: a counting pass groups them
    /// by user (ids are dense, below `userCount`), then each user's few records are sorted by
    /// time, which costs nothing for the usual user whose events came in order. The records
    /// move in place along the permutation's cycles, so the only extra memory is 4 bytes a
    /// record and 4 a user. Ids out of range or more than `UInt32.max` records fall back to a comparison
    /// sort; either way the result is the one `sort(by: timeOrder)` gives.
    ///
    /// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
    static func sortInTimeOrder(_ records: inout [EventRecord], userCount: Int) {
        let count = records.count
        guard count > 1 else { return }
        guard count <= Int(UInt32.max), userCount < Int(UInt32.max),
            records.allSatisfy({ $0.user < UInt64(userCount) })
        else {
            records.sort(by: timeOrder)
            return
        }
        // bounds[u + 1]: the count of user u, then where its records end, then (filled from
        // the back) where they start, so user u's records are at bounds[u + 1]..<bounds[u + 2]
        // (..<count for the last user). order[position]: the index of the record that goes
        // there, in input order within a user.
        var bounds = [UInt32](repeating: 0, count: userCount + 1)
        for record in records { bounds[Int(record.user) + 1] += 1 }
        for user in 0..<userCount { bounds[user + 1] += bounds[user] }
        var order = [UInt32](repeating: 0, count: count)
        for index in records.indices.reversed() {
            let user = Int(records[index].user) + 1
            bounds[user] -= 1
            order[Int(bounds[user])] = UInt32(truncatingIfNeeded: index)
        }
        records.withUnsafeBufferPointer { records in
            order.withUnsafeMutableBufferPointer { order in
                for user in 0..<userCount {
                    let start = Int(bounds[user + 1])
                    let end = user + 1 < userCount ? Int(bounds[user + 2]) : count
                    guard end - start > 1 else { continue }
                    let slice = order[start..<end]
                    let inOrder = zip(slice, slice.dropFirst()).allSatisfy {
                        !timeOrder(records[Int($0.1)], records[Int($0.0)])
                    }
                    if !inOrder {
                        let sorted = slice.sorted { timeOrder(records[Int($0)], records[Int($1)]) }
                        for (offset, index) in sorted.enumerated() { order[start + offset] = index }
                    }
                }
            }
        }
        // Position p takes record order[p]: follow each cycle once, marking done positions.
        let done = UInt32.max
        records.withUnsafeMutableBufferPointer { records in
            order.withUnsafeMutableBufferPointer { order in
                for start in 0..<count where order[start] != done {
                    let saved = records[start]
                    var position = start
                    while true {
                        let source = Int(order[position])
                        order[position] = done
                        if source == start {
                            records[position] = saved
                            break
                        }
                        records[position] = records[source]
                        position = source
                    }
                }
            }
        }
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
