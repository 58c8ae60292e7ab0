#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Matches JSON object keys against a fixed set of names, each written once as the raw value of
/// `Key`: by length, then `KeyHead` (the first eight bytes as one integer), then the rest. Keys
/// written with escapes (`"event\u005fname"`) are rare; they are decoded and looked up by name.
struct KeyMatcher<Key: RawRepresentable & CaseIterable & Sendable>: Sendable where Key.RawValue == String {
    private struct Entry: Sendable {
        let head: UInt64
        let bytes: [UInt8]
        let key: Key
    }

    /// Index: the name's length in bytes.
    private let byLength: [[Entry]]
    private let byName: [String: Key]

    init() {
        let names = Key.allCases.filter { !$0.rawValue.isEmpty }
        var byLength = Array(repeating: [Entry](), count: (names.map(\.rawValue.utf8.count).max() ?? 0) + 1)
        for key in names {
            let bytes = Array(key.rawValue.utf8)
            let head = bytes.withUnsafeBytes { KeyHead.of($0.baseAddress!, count: bytes.count) }
            byLength[bytes.count].append(Entry(head: head, bytes: bytes, key: key))
        }
        self.byLength = byLength
        byName = Dictionary(uniqueKeysWithValues: names.map { ($0.rawValue, $0) })
    }

    /// The key the token names, or nil.
    @inline(__always)
    func match(_ token: JSONStringToken, in bytes: UnsafeRawBufferPointer) -> Key? {
        if token.hasEscapes { return byName[token.decodedString(in: bytes)] }
        let count = token.content.count
        guard count < byLength.count, let base = bytes.baseAddress else { return nil }
        let start = base + token.content.lowerBound
        let head = KeyHead.of(start, count: count)
        for entry in byLength[count] where entry.head == head {
            if count <= 8 { return entry.key }
            let rest = entry.bytes.withUnsafeBytes { memcmp($0.baseAddress! + 8, start + 8, count - 8) }
            if rest == 0 { return entry.key }
        }
        return nil
    }
}
