#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The last `event_params` or `user_properties` array a scanner read, byte for byte, with the
/// fields it yielded, so that the same bytes read again cost one comparison.
///
/// Rows often repeat such a column exactly (the params of one screen, the properties of one
/// user). An array ends at its own `]`, so bytes equal to an array read before, at the same
/// depth, read exactly as it did: the same fields at positions moved by the same distance, no
/// error and no shape problem (only such an array is kept), the cursor right after the `]` with
/// its containers as before. Only the fields' positions depend on where the array starts, and
/// every position a kept field holds is a real one (a field with an unset position is not
/// kept), so each is moved by that distance.
///
/// A column that never repeats costs a comparison a row, and a copy now and then: the more
/// misses since the last hit, the more arrays pass (up to 64) before another one is kept.
/// One memo belongs to one scanner and one column.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
final class KeyValueMemo {
    /// The longest array kept.
    static var maxBytes: Int { 4096 }

    private let kept = UnsafeMutablePointer<UInt8>.allocate(capacity: KeyValueMemo.maxBytes)
    /// The kept array's length; 0 for none.
    @exclusivity(unchecked) private var length = 0
    /// Where the kept array started in its line, and the cursor's depth there.
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var depth = 0
    private let fields = ScanBuffer<ScannedField>(capacity: 16)
    /// Misses since the last hit, and arrays still to pass before keeping one.
    @exclusivity(unchecked) private var misses = 0
    @exclusivity(unchecked) private var wait = 0
    /// Arrays replayed and kept, for the tests.
    @exclusivity(unchecked) private(set) var hits = 0
    @exclusivity(unchecked) private(set) var keeps = 0

    deinit {
        kept.deallocate()
        fields.deallocate()
    }

    /// Forgets the kept array.
    func forget() {
        length = 0
        misses = 0
        wait = 0
        fields.removeAll()
    }

    /// When the bytes at the cursor are the kept array, at its depth: appends its fields, moved
    /// to where the array is now, to `target`, puts the cursor after the array and returns true.
    @inline(__always)
    func replay(_ cursor: inout JSONCursor, _ line: UnsafeRawBufferPointer, into target: ScanBuffer<ScannedField>)
        -> Bool
    {
        let position = cursor.offset
        // The last eight bytes first: arrays that differ mostly differ there (a value, a time),
        // after a long shared beginning (the same keys in the same order).
        guard length > 0, cursor.depth == depth, length <= cursor.count - position, let base = line.baseAddress,
            length < 8
                || base.loadUnaligned(fromByteOffset: position + length - 8, as: UInt64.self)
                    == UnsafeRawPointer(kept).loadUnaligned(fromByteOffset: length - 8, as: UInt64.self),
            memcmp(base + position, kept, length) == 0
        else {
            missed()
            return false
        }
        misses = 0
        wait = 0
        hits += 1
        let shift = position - start
        for field in fields { target.append(Self.moved(field, by: shift)) }
        cursor.offset = position + length
        return true
    }

    /// Keeps the array just read from `from` (its `[`) to the cursor, whose fields are
    /// `target[first...]`, unless it waits, the array is too long, or a field has an unset
    /// position.
    func keep(
        from position: Int, depth: Int, _ cursor: JSONCursor, _ line: UnsafeRawBufferPointer,
        fields source: ScanBuffer<ScannedField>, first: Int
    ) {
        if wait > 0 {
            wait -= 1
            return
        }
        let count = cursor.offset - position
        guard count > 0, count <= Self.maxBytes, let base = line.baseAddress,
            (first..<source.count).allSatisfy({ Self.hasPositions(source[$0]) })
        else {
            length = 0
            return
        }
        kept.update(from: base.assumingMemoryBound(to: UInt8.self) + position, count: count)
        keeps += 1
        // The more misses since the last hit, the more arrays pass before the next is kept.
        wait = min(misses, 64)
        length = count
        start = position
        self.depth = depth
        fields.removeAll()
        for index in first..<source.count { fields.append(source[index]) }
    }

    @inline(__always)
    private func missed() { if misses < 64 { misses += 1 } }

    /// Whether every position of the field is set: a key, and a value found at a real place.
    static func hasPositions(_ field: ScannedField) -> Bool {
        field.key.content.lowerBound > 0 && field.value.offset > 0 && field.value.range.lowerBound > 0
    }

    @inline(__always)
    static func moved(_ field: ScannedField, by shift: Int) -> ScannedField {
        var moved = field
        moved.key = JSONStringToken(
            content: (field.key.content.lowerBound + shift)..<(field.key.content.upperBound + shift),
            hasEscapes: field.key.hasEscapes, isQuoted: field.key.isQuoted)
        moved.value.range = (field.value.range.lowerBound + shift)..<(field.value.range.upperBound + shift)
        moved.value.offset = field.value.offset + shift
        return moved
    }
}
