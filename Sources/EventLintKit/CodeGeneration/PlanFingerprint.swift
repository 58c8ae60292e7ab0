/// A stable hash of a plan's source files, for the header of generated code: the same files
/// give the same fingerprint on every machine, and any byte changed (a comment too) changes it.
/// FNV-1a (64-bit) over each file's name (without its directory, so `--schema ./schema` and
/// `--schema schema` agree) and bytes, in name order, each part preceded by its length.
/// It names a version of the plan; it is not a security hash.
public struct PlanFingerprint: Sendable, Hashable, CustomStringConvertible {
    public let value: UInt64
    /// The file names hashed, in order.
    public let files: [String]

    public init(sources: [PlanSource]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        func mixLength(_ count: Int) {
            var length = UInt64(count)
            for _ in 0..<8 {
                mix(CollectionOfOne(UInt8(truncatingIfNeeded: length)))
                length >>= 8
            }
        }
        let named = sources.map { (Self.fileName($0.path), $0.bytes) }.sorted {
            $0.0.utf8.lexicographicallyPrecedes($1.0.utf8)
        }
        for (name, bytes) in named {
            mixLength(name.utf8.count)
            mix(name.utf8)
            mixLength(bytes.count)
            mix(bytes)
        }
        value = hash
        files = named.map(\.0)
    }

    /// `fnv1a64:0123456789abcdef`.
    public var description: String {
        let hex = String(value, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}
