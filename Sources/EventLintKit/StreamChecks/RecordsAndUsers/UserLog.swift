#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The user ids of a line pass's events that make no record, while their user is not in the
/// pass's user table: each one's bytes, hash and timestamp, appended in order.
///
/// Only users with records need a last timestamp (for the end-of-stream window of unclosed
/// pairs), but a user's first records may come after other events, or in another range or file.
/// Rather than put every such user in the table (a new user misses the table's cache, and grows
/// it), their events are written here one after the other, and looked up in the pass's own table
/// at its end (`LinePass.resolveOwnUserLog`, on the pass's thread), then what is left once the
/// run's users with records are known (`LintRunner.resolveUserLogs`): an entry whose user has no
/// record is then dropped. Where the records may still meet such a user later (a spill, an input that is
/// not the last), the log is folded into the table first (`LinePass.foldUserLog`), which is what
/// interning every user at once would have given. Both raise a last timestamp to a maximum, so
/// the times come out the same either way.
///
/// Its memory counts in the pass's share of the memory budget, and the pass folds it when it
/// outgrows its own part of it. One log belongs to one line pass.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
final class UserLog {
    /// One event's user: its bytes end at `end` in the log's buffer (and start where the
    /// previous entry's end), its hash under the user table's seed, and the event's timestamp.
    struct Entry {
        var end: Int
        var hash: UInt64
        var timestamp: Int64
    }

    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry>?
    @exclusivity(unchecked) private(set) var byteCount = 0
    @exclusivity(unchecked) private var byteCapacity = 0
    @exclusivity(unchecked) private var buffer: UnsafeMutableRawPointer?

    deinit {
        free(entries)
        free(buffer)
    }

    var isEmpty: Bool { count == 0 }

    /// The bytes the entries take (their room is at most twice as much, and is given back when
    /// the log is folded).
    var memoryInUse: Int { byteCount + count * MemoryLayout<Entry>.stride }

    /// Adds an event's user id (its bytes are copied).
    @inline(__always)
    func append(_ id: UnsafeRawBufferPointer, hash: UInt64, timestamp: Int64) {
        if id.count > byteCapacity - byteCount { growBytes(toHold: byteCount + id.count) }
        if count == capacity { growEntries() }
        if let base = id.baseAddress, let buffer { (buffer + byteCount).copyMemory(from: base, byteCount: id.count) }
        byteCount += id.count
        entries.unsafelyUnwrapped[count] = Entry(end: byteCount, hash: hash, timestamp: timestamp)
        count += 1
    }

    subscript(index: Int) -> Entry {
        precondition(index >= 0 && index < count, "no such entry")
        return entries.unsafelyUnwrapped[index]
    }

    /// The bytes of entry `index` (valid until the next `append` or `removeAll`).
    func bytes(of index: Int) -> UnsafeRawBufferPointer {
        precondition(index >= 0 && index < count, "no such entry")
        let start = index == 0 ? 0 : entries.unsafelyUnwrapped[index - 1].end
        return UnsafeRawBufferPointer(
            start: buffer.map { $0 + start }, count: entries.unsafelyUnwrapped[index].end - start)
    }

    /// Forgets every entry; `keepingCapacity` keeps the room for the next ones, else the memory
    /// is given back.
    func removeAll(keepingCapacity: Bool) {
        count = 0
        byteCount = 0
        guard !keepingCapacity else { return }
        free(entries)
        free(buffer)
        entries = nil
        buffer = nil
        capacity = 0
        byteCapacity = 0
    }

    /// Drops the entries `drop` is true of (given each one's entry and bytes), keeping the others
    /// in order. The room left over is given back when it is more than twice what is kept, so
    /// that `memoryInUse` still tells what the log holds.
    func removeEntries(where drop: (Entry, UnsafeRawBufferPointer) -> Bool) {
        guard let entries, let buffer else { return }
        var (kept, keptBytes, start) = (0, 0, 0)
        for index in 0..<count {
            let entry = entries[index]
            let length = entry.end - start
            if !drop(entry, UnsafeRawBufferPointer(start: buffer + start, count: length)) {
                if keptBytes != start { (buffer + keptBytes).copyMemory(from: buffer + start, byteCount: length) }
                keptBytes += length
                entries[kept] = Entry(end: keptBytes, hash: entry.hash, timestamp: entry.timestamp)
                kept += 1
            }
            start = entry.end
        }
        count = kept
        byteCount = keptBytes
        if kept == 0 {
            removeAll(keepingCapacity: false)
            return
        }
        if byteCapacity > 2 * max(keptBytes, 4096) {
            self.buffer = Self.reallocate(buffer, max(keptBytes, 4096))
            byteCapacity = max(keptBytes, 4096)
        }
        if capacity > 2 * max(kept, 256) {
            let room = max(kept, 256)
            self.entries = Self.reallocate(UnsafeMutableRawPointer(entries), room * MemoryLayout<Entry>.stride)
                .bindMemory(to: Entry.self, capacity: room)
            capacity = room
        }
    }

    private func growBytes(toHold needed: Int) {
        var grown = max(byteCapacity, 4096)
        while grown < needed { grown = grown > Int.max / 2 ? needed : grown * 2 }
        buffer = Self.reallocate(buffer, grown)
        byteCapacity = grown
    }

    private func growEntries() {
        let grown = max(capacity * 2, 256)
        entries = Self.reallocate(UnsafeMutableRawPointer(entries), grown * MemoryLayout<Entry>.stride)
            .bindMemory(to: Entry.self, capacity: grown)
        capacity = grown
    }

    // The machine out of memory stops the run, as Swift's own allocation (every `Array`) does:
    // the memory budget, not the input, bounds what the log holds.
    private static func reallocate(_ pointer: UnsafeMutableRawPointer?, _ byteCount: Int) -> UnsafeMutableRawPointer {
        guard let grown = realloc(pointer, byteCount) else {
            preconditionFailure("out of memory for \(byteCount) bytes")
        }
        return grown
    }
}
