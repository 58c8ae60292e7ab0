#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The keys of one kind of object as one reader has met them, and the order they came in, so
/// that the next key can be checked against the one that followed the same key last time by
/// comparing its bytes (`JSONCursor.predictedKey`), with no string scan and no lookup. Exports
/// write their columns, and the members of their flat objects, in one order, so after the first
/// row nearly every key is the predicted one. The export scanner keeps one for the keys of rows,
/// requests and request events (`EventScanner.rowKeys`), a cursor's scratch one for the flat
/// objects it skips (`JSONScratch.flatKeys`).
///
/// Every name has an ordinal below 64, its bit for the duplicate check of its object
/// (`JSONCursor.registerKnownKey`): the names given at `init` have the first ordinals, and other
/// names are given the next free ordinal when they are first met (`ordinal(learning:)`), for as
/// long as there is one. A name is learned when it is first met, so every key of that name,
/// before and after, in every object, is checked by its bit; a name that is never learned (no
/// ordinal left, or bytes a prediction cannot match) always goes to the cursor's registry of its
/// object's keys. (With the scanner's compact reading off, nothing is predicted or looked up
/// here, and every key but the scanner's own goes to the registry.) Whether a name is learnable
/// depends only on its unescaped bytes, so a name written with escapes is learned, and found, as
/// the same name.
///
/// One table belongs to one reader; it is never shared between threads.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
final class LearnedKeyNames {
    static var capacity: Int { 64 }
    /// The longest name learned: its bytes, `"` and `:` fill at most `wordsPerName` words.
    static var longestName: Int { 64 }
    static var wordsPerName: Int { 9 }
    /// Entries of `order` that are not ordinals: before an object's first key, and after a key
    /// with no ordinal.
    static var objectStart: Int { 64 }
    static var unnamed: Int { 65 }
    static var orderEntries: Int { 66 }
    private static var slotCount: Int { 256 }

    /// Per ordinal: the name's bytes, then `"` and `:`, zero-padded to `wordsPerName` words.
    @exclusivity(unchecked) private let patterns: UnsafeMutablePointer<UInt64>
    /// Per ordinal: the pattern's length (the name's and 2).
    @exclusivity(unchecked) private let patternLengths: UnsafeMutablePointer<Int>
    /// Learned names by a hash of their length and first bytes: an ordinal, or -1.
    @exclusivity(unchecked) private let slots: UnsafeMutablePointer<Int8>
    @exclusivity(unchecked) private(set) var count: Int

    /// `orderEntries` entries for each of `kinds` kinds of object: the ordinal of the key that
    /// last followed the key of each ordinal (or `objectStart`, `unnamed`), -1 when none did.
    let order: UnsafeMutablePointer<Int8>
    private let orderCount: Int

    /// `names` are the ordinals' names from 0; `kinds` the kinds of object whose key orders are
    /// kept apart.
    init(names: [String], kinds: Int) {
        precondition(names.count <= Self.capacity)
        patterns = .allocate(capacity: Self.capacity * Self.wordsPerName)
        patterns.initialize(repeating: 0, count: Self.capacity * Self.wordsPerName)
        patternLengths = .allocate(capacity: Self.capacity)
        patternLengths.initialize(repeating: 0, count: Self.capacity)
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: -1, count: Self.slotCount)
        orderCount = kinds * Self.orderEntries
        order = .allocate(capacity: orderCount)
        order.initialize(repeating: -1, count: orderCount)
        count = 0
        for name in names {
            let bytes = Array(name.utf8)
            precondition(Self.isLearnable(bytes), "a given name is plain ASCII")
            bytes.withUnsafeBytes { setPattern(count, $0) }
            count += 1
        }
    }

    /// Forgets which key followed which (the names and their ordinals stay): nothing is
    /// predicted until keys are read again.
    func forgetOrder() { order.update(repeating: -1, count: orderCount) }

    deinit {
        patterns.deallocate()
        patternLengths.deallocate()
        slots.deallocate()
        order.deallocate()
    }

    @inline(__always)
    func pattern(_ ordinal: Int) -> UnsafePointer<UInt64> {
        UnsafePointer(patterns + ordinal * Self.wordsPerName)
    }

    @inline(__always)
    func patternLength(_ ordinal: Int) -> Int { patternLengths[ordinal] }

    /// Whether a name can be predicted: 1 to `longestName` bytes of printable ASCII other than
    /// `"` and `\`, so that its bytes between quotes are a key with no escape.
    static func isLearnable(_ name: UnsafeRawBufferPointer) -> Bool {
        guard !name.isEmpty, name.count <= longestName else { return false }
        for byte in name where byte < 0x20 || byte > 0x7E || byte == 0x22 || byte == 0x5C { return false }
        return true
    }

    static func isLearnable(_ name: [UInt8]) -> Bool { name.withUnsafeBytes { isLearnable($0) } }

    /// The ordinal of a name that is not one given at `init` (its unescaped bytes): the one it
    /// was given, or the next free one, or nil when it has none and cannot be given one.
    func ordinal(learning name: UnsafeRawBufferPointer) -> Int? {
        guard name.count <= Self.longestName, let base = name.baseAddress else { return nil }
        var slot = Self.slot(base, count: name.count)
        while true {
            let ordinal = Int(slots[slot])
            if ordinal < 0 { break }
            if patternLengths[ordinal] == name.count + 2,
                memcmp(patterns + ordinal * Self.wordsPerName, base, name.count) == 0
            {
                return ordinal
            }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
        guard count < Self.capacity, Self.isLearnable(name) else { return nil }
        let ordinal = count
        setPattern(ordinal, name)
        slots[slot] = Int8(ordinal)
        count += 1
        return ordinal
    }

    private func setPattern(_ ordinal: Int, _ name: UnsafeRawBufferPointer) {
        let start = UnsafeMutableRawPointer(patterns + ordinal * Self.wordsPerName)
        if let base = name.baseAddress { start.copyMemory(from: base, byteCount: name.count) }
        start.storeBytes(of: 0x22, toByteOffset: name.count, as: UInt8.self)
        start.storeBytes(of: 0x3A, toByteOffset: name.count + 1, as: UInt8.self)
        patternLengths[ordinal] = name.count + 2
    }

    private static func slot(_ start: UnsafeRawPointer, count: Int) -> Int {
        let head = KeyHead.of(start, count: count) ^ UInt64(truncatingIfNeeded: count) << 56
        return Int(truncatingIfNeeded: (head &* 0x9E37_79B9_7F4A_7C15) >> 56) & (slotCount - 1)
    }
}
