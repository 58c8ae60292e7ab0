/// A key's first bytes as one integer, for comparing keys of the same length without hashing:
/// for keys of at most eight bytes it holds all of them, so equal heads mean equal keys; longer
/// keys compare the rest after it. Built from at most two loads, never past the key's end and
/// never through `memcpy`.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
enum KeyHead {
    @inline(__always)
    static func of(_ start: UnsafeRawPointer, count: Int) -> UInt64 {
        if count >= 8 { return start.loadUnaligned(as: UInt64.self) }
        if count >= 4 {
            // Two overlapping 4-byte loads cover all of 4…7 bytes; the length is the same on
            // both sides of a comparison, so the overlap loses nothing.
            let low = UInt64(start.loadUnaligned(as: UInt32.self))
            let high = UInt64(start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return low | high << 32
        }
        if count == 0 { return 0 }
        let first = UInt64(start.load(as: UInt8.self))
        let middle = UInt64(start.load(fromByteOffset: count / 2, as: UInt8.self))
        let last = UInt64(start.load(fromByteOffset: count - 1, as: UInt8.self))
        return first | middle << 8 | last << 16
    }
}
