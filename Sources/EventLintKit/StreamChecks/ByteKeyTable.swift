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
