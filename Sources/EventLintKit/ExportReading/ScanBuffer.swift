/// One of a line scan's buffers (`LineScan`): plain values refilled line after line. Emptying
/// it is setting its count to 0 (the elements hold no references: deinitializing them is
/// nothing once specialized), and appending checks only the room: one scan owns it on one thread,
/// so it needs neither an array's copy-on-write (a uniqueness check on every append and every
/// emptying) nor its generic emptying, which cost about 100 instructions a line each on rows
/// of a few columns. A reference: the scanner fills it through `LineScan`, the checks read it.
/// Every index is checked against `count`.
public final class ScanBuffer<Element>: RandomAccessCollection, MutableCollection {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) public private(set) var count = 0

    public init(capacity: Int = 16) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public var isEmpty: Bool { count == 0 }

    @inline(__always)
    public func index(after index: Int) -> Int { index + 1 }

    @inline(__always)
    public func index(before index: Int) -> Int { index - 1 }

    public subscript(index: Int) -> Element {
        @inline(__always)
        get {
            precondition(index >= 0 && index < count, "index out of range")
            return base[index]
        }
        @inline(__always)
        _modify {
            precondition(index >= 0 && index < count, "index out of range")
            yield &base[index]
        }
    }

    @inline(__always)
    public func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Empties the buffer, keeping its room.
    @inline(__always)
    public func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
