#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Matches JSON object keys against a fixed set of names, each written once as the raw value of
/// `Key`: by length, then `KeyHead` (the first eight bytes as one integer), then the last eight
/// bytes as another (a name of 9 to 16 bytes is then compared whole), then for longer names the
/// bytes between. Keys written with escapes (`"event\u005fname"`) are rare; they are decoded and
/// looked up by name.
///
/// The names live in one flat table that is never mutated after `init`, read through plain
/// pointers: matching a key takes no retain and calls no `memcmp` for names of up to 16 bytes.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
struct KeyMatcher<Key: RawRepresentable & CaseIterable & Sendable>: @unchecked Sendable
where Key.RawValue == String {
    private struct Entry {
        let head: UInt64
        let tail: UInt64
        /// Where the name's bytes are in `Table.bytes`.
        let offset: Int
        let key: Key
        /// The name's place in `Key.allCases` (names only), below 64: `JSONCursor.registerKnownKey`
        /// keeps one bit per ordinal.
        let ordinal: Int
    }

    /// Immutable once built; freed with the matcher.
    private final class Table {
        /// Entries sorted by name length; those of length `n` are `starts[n]..<starts[n + 1]`.
        let entries: UnsafeMutablePointer<Entry>
        let starts: UnsafeMutablePointer<Int>
        let bytes: UnsafeMutablePointer<UInt8>
        /// One more than the longest name's length.
        let lengthLimit: Int
        let entryCount: Int

        init(_ names: [Key]) {
            precondition(names.count <= 64, "a key's ordinal is one bit of a 64-bit word")
            let sorted = names.enumerated().sorted { $0.element.rawValue.utf8.count < $1.element.rawValue.utf8.count }
            lengthLimit = (sorted.last?.element.rawValue.utf8.count ?? 0) + 1
            entryCount = sorted.count
            let allBytes = sorted.flatMap { Array($0.element.rawValue.utf8) }
            bytes = .allocate(capacity: max(allBytes.count, 1))
            bytes.initialize(from: allBytes, count: allBytes.count)
            entries = .allocate(capacity: max(sorted.count, 1))
            starts = .allocate(capacity: lengthLimit + 1)
            starts.initialize(repeating: 0, count: lengthLimit + 1)
            var offset = 0
            for (index, (ordinal, key)) in sorted.enumerated() {
                let count = key.rawValue.utf8.count
                let start = UnsafeRawPointer(bytes + offset)
                let tail = count > 8 ? start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) : 0
                (entries + index).initialize(
                    to: Entry(
                        head: KeyHead.of(start, count: count), tail: tail, offset: offset, key: key, ordinal: ordinal))
                offset += count
                // Every length after this name's starts after it.
                for length in (count + 1)...lengthLimit { starts[length] = index + 1 }
            }
        }

        deinit {
            entries.deinitialize(count: entryCount)
            entries.deallocate()
            starts.deallocate()
            bytes.deallocate()
        }
    }

    private let table: Table
    private let byName: [String: (key: Key, ordinal: Int)]

    init() {
        let names = Key.allCases.filter { !$0.rawValue.isEmpty }
        table = Table(names)
        byName = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1.rawValue, ($1, $0)) })
    }

    /// The key the token names, or nil.
    @inline(__always)
    func match(_ token: JSONStringToken, in bytes: UnsafeRawBufferPointer) -> Key? {
        matchWithOrdinal(token, in: bytes)?.key
    }

    /// The key the token names and its ordinal (its place among the names of `Key.allCases`),
    /// or nil.
    @inline(__always)
    func matchWithOrdinal(_ token: JSONStringToken, in bytes: UnsafeRawBufferPointer) -> (key: Key, ordinal: Int)? {
        if token.hasEscapes { return byName[token.decodedString(in: bytes)] }
        let count = token.content.count
        guard count < table.lengthLimit, let base = bytes.baseAddress else { return nil }
        let start = base + token.content.lowerBound
        let head = KeyHead.of(start, count: count)
        let tail = count > 8 ? start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) : 0
        var entry = table.entries + table.starts[count]
        let end = table.entries + table.starts[count + 1]
        while entry < end {
            if entry.pointee.head == head && entry.pointee.tail == tail
                && (count <= 16 || memcmp(table.bytes + entry.pointee.offset + 8, start + 8, count - 16) == 0)
            {
                return (entry.pointee.key, entry.pointee.ordinal)
            }
            entry += 1
        }
        return nil
    }
}
