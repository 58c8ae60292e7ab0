#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one hash eventlint uses for names and values on the hot path (the JSON reader's
/// word-at-a-time hash, so a key is hashed as fast as the duplicate-key check hashes it). Values
/// that must compare equal across formats (a param on the open and on the close of a pair) are
/// compared by this 64-bit hash of their unescaped bytes, which is collision-free in practice
/// for the few thousand distinct values one user produces.
enum ByteHash {
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        JSONScratch.hash(bytes)
    }

    static func hash(_ text: String) -> UInt64 {
        var copy = text
        return copy.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    static func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { hash($0) } }

    /// Byte equality of two buffers of the same length, with `memcmp`.
    @inline(__always)
    static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return left.count == 0 }
        return memcmp(leftBase, rightBase, left.count) == 0
    }
}

/// A read-only open-addressing table from byte strings to small integers, built once from the
/// plan, so looking up a name straight from the export's bytes costs a hash and one compare and
/// builds no `String`.
struct ByteKeyTable: Sendable {
    private var slots: [Int32]
    private var hashes: [UInt64]
    private(set) var keys: [[UInt8]] = []
    private var values: [Int32] = []
    private let mask: Int

    init<S: Sequence>(_ entries: S) where S.Element == (String, Int32) {
        let list = Array(entries)
        var capacity = 16
        while capacity < list.count * 3 { capacity <<= 1 }
        mask = capacity - 1
        slots = Array(repeating: -1, count: capacity)
        hashes = Array(repeating: 0, count: capacity)
        for (key, value) in list where lookup(Array(key.utf8)) == nil {
            insert(Array(key.utf8), value)
        }
    }

    private mutating func insert(_ key: [UInt8], _ value: Int32) {
        let hash = ByteHash.hash(key)
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index] >= 0 { index = (index + 1) & mask }
        slots[index] = Int32(keys.count)
        hashes[index] = hash
        keys.append(key)
        values.append(value)
    }

    var isEmpty: Bool { keys.isEmpty }

    /// The value stored for these bytes, or nil.
    @inline(__always)
    func lookup(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        lookup(bytes, hash: ByteHash.hash(bytes))
    }

    func lookup(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int32? {
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[index]
            if entry < 0 { return nil }
            if hashes[index] == hash {
                let key = keys[Int(entry)]
                if key.count == bytes.count && key.withUnsafeBytes({ ByteHash.equal($0, bytes) }) {
                    return values[Int(entry)]
                }
            }
            index = (index + 1) & mask
        }
    }

    func lookup(_ key: [UInt8]) -> Int32? { key.withUnsafeBytes { lookup($0) } }
    func lookup(_ key: String) -> Int32? { lookup(Array(key.utf8)) }
}
