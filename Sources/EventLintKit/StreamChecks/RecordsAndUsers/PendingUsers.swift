/// The user ids of a line pass's last events, waiting to be interned together
/// (`LinePass.internPendingUsers`). A new id misses the user table's cache on its first slot;
/// read for a batch of ids one after the other, those misses overlap instead of each stopping
/// the pass. Ids are still given in first-seen order.
///
/// Fixed room for `capacity` entries and a byte buffer that grows: queueing an id is a copy of
/// its bytes and one entry, with no array bookkeeping. One queue belongs to one line pass.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
final class PendingUsers {
    /// One queued id: its bytes in the queue's buffer, its hash, the event's timestamp
    /// (`Int64.min`: none) and the index of the event's record (-1: none).
    struct Entry {
        var start: Int
        var count: Int
        var hash: UInt64
        var timestamp: Int64
        var record: Int
    }

    static var capacity: Int { 16 }

    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private var buffer: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var bufferCapacity = 1024
    @exclusivity(unchecked) private var bufferUsed = 0

    init() {
        entries = .allocate(capacity: Self.capacity)
        buffer = .allocate(byteCount: bufferCapacity, alignment: 8)
    }

    deinit {
        entries.deallocate()
        buffer.deallocate()
    }

    var isFull: Bool { count == Self.capacity }
    var isEmpty: Bool { count == 0 }

    /// Queues an id (its bytes are copied).
    @inline(__always)
    func append(_ id: UnsafeRawBufferPointer, hash: UInt64, timestamp: Int64) {
        precondition(count < Self.capacity, "the queue is interned when full")
        if id.count > bufferCapacity - bufferUsed { growBuffer(toHold: bufferUsed + id.count) }
        if let base = id.baseAddress { (buffer + bufferUsed).copyMemory(from: base, byteCount: id.count) }
        (entries + count).initialize(
            to: Entry(start: bufferUsed, count: id.count, hash: hash, timestamp: timestamp, record: -1))
        bufferUsed += id.count
        count += 1
    }

    /// Notes the record of the last queued id's event.
    @inline(__always)
    func setRecordOfLast(_ record: Int) { entries[count - 1].record = record }

    subscript(index: Int) -> Entry {
        precondition(index >= 0 && index < count)
        return entries[index]
    }

    func bytes(of entry: Entry) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: buffer + entry.start, count: entry.count)
    }

    func removeAll() {
        count = 0
        bufferUsed = 0
    }

    private func growBuffer(toHold needed: Int) {
        var capacity = bufferCapacity
        while capacity < needed { capacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        grown.copyMemory(from: buffer, byteCount: bufferUsed)
        buffer.deallocate()
        buffer = grown
        bufferCapacity = capacity
    }
}
