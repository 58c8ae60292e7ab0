/// An open-addressing map from already-hashed 64-bit keys (user ids hashed by `ByteHash`) to
/// small values: the per-event bookkeeping of the line pass without `Hasher`'s cost.
struct UInt64Map<Value: Sendable>: Sendable {
    private var keys: [UInt64]
    private var values: [Value?]
    private(set) var count = 0

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: nil, count: size)
    }

    @inline(__always)
    private func slot(of key: UInt64) -> Int {
        let mask = keys.count - 1
        var index = Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
        while values[index] != nil && keys[index] != key { index = (index + 1) & mask }
        return index
    }

    subscript(key: UInt64) -> Value? {
        get { values[slot(of: key)] }
        set {
            guard let newValue else { return }
            let index = slot(of: key)
            if values[index] == nil {
                count += 1
                values[index] = newValue
                keys[index] = key
                if count * 2 > keys.count { grow() }
            } else {
                values[index] = newValue
            }
        }
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        count = 0
        for index in oldKeys.indices { if let value = oldValues[index] { self[oldKeys[index]] = value } }
    }

    /// Every entry, in no particular order.
    var entries: [(UInt64, Value)] {
        keys.indices.compactMap { index in values[index].map { (keys[index], $0) } }
    }
}
