/// One of a line scan's buffers (`LineScan`): plain values refilled line after line. Emptying
/// it is setting its count to 0 (the elements hold no references: deinitializing them is
/// nothing once specialized), and appending checks only the room: one scan owns it on one thread,
/// so it needs neither an array's copy-on-write (a uniqueness check on every append and every
/// emptying) nor its generic emptying, which cost about 100 instructions a line each on rows
/// of a few columns.
///
/// A handle, not an owner: the buffer is one pointer to its count, room and elements, so a
/// copy is the same buffer and using one costs no retain and release (a class reference read
/// from the scanner took one of each, two atomic operations, at every use on every line). Its
/// owner frees it once with `deallocate()`: `LineScan` does in its `deinit`, and no copy may be
/// used after that. Every index is checked against `count`.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
public struct ScanBuffer<Element>: RandomAccessCollection, MutableCollection {
    private struct Header {
        var base: UnsafeMutablePointer<Element>
        var capacity: Int
        var count: Int
    }

    private let header: UnsafeMutablePointer<Header>

    public init(capacity: Int = 16) {
        let room = Swift.max(capacity, 1)
        header = .allocate(capacity: 1)
        header.initialize(to: Header(base: .allocate(capacity: room), capacity: room, count: 0))
    }

    /// Frees the elements and the room. Called once, by the owner.
    public func deallocate() {
        header.pointee.base.deinitialize(count: header.pointee.count)
        header.pointee.base.deallocate()
        header.deinitialize(count: 1)
        header.deallocate()
    }

    public var count: Int {
        @inline(__always) get { header.pointee.count }
    }
    public var startIndex: Int { 0 }
    public var endIndex: Int {
        @inline(__always) get { header.pointee.count }
    }
    public var isEmpty: Bool { header.pointee.count == 0 }

    @inline(__always)
    public func index(after index: Int) -> Int { index + 1 }

    @inline(__always)
    public func index(before index: Int) -> Int { index - 1 }

    public subscript(index: Int) -> Element {
        @inline(__always)
        get {
            precondition(index >= 0 && index < header.pointee.count, "index out of range")
            return header.pointee.base[index]
        }
        @inline(__always)
        nonmutating _modify {
            precondition(index >= 0 && index < header.pointee.count, "index out of range")
            yield &header.pointee.base[index]
        }
    }

    /// Where element `index` is, to read or change it in place without copying it out; valid
    /// until the buffer grows, is emptied or is freed.
    @inline(__always)
    public func address(of index: Int) -> UnsafeMutablePointer<Element> {
        precondition(index >= 0 && index < header.pointee.count, "index out of range")
        return header.pointee.base + index
    }

    @inline(__always)
    public func append(_ element: Element) {
        let count = header.pointee.count
        if count == header.pointee.capacity { grow() }
        (header.pointee.base + count).initialize(to: element)
        header.pointee.count = count + 1
    }

    /// Empties the buffer, keeping its room.
    @inline(__always)
    public func removeAll() {
        header.pointee.base.deinitialize(count: header.pointee.count)
        header.pointee.count = 0
    }

    @inline(never)
    private func grow() {
        let capacity = header.pointee.capacity
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: header.pointee.base, count: header.pointee.count)
        header.pointee.base.deallocate()
        header.pointee.base = bigger
        header.pointee.capacity = capacity * 2
    }
}
