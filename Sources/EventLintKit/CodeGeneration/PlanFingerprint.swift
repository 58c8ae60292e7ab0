/// A stable hash of what a plan says, for the header of generated code: the same plan gives the
/// same fingerprint on every machine and from every directory, however it is spelt.
///
/// It hashes the plan's canonical form, not its bytes: each file's JSON5 as a tree (comments,
/// whitespace, quotes, trailing commas and the file's name and directory left out), in the
/// order the files are merged (by name). So a comment or a re-indented file keeps code generated
/// before it current, and a changed name, value or order (which can change the code) does not.
/// FNV-1a (64-bit) over a length-prefixed encoding of the trees: it names a version of the plan
/// and is not a security hash.
public struct PlanFingerprint: Sendable, Hashable, CustomStringConvertible {
    public let value: UInt64

    public init(sources: [PlanSource]) {
        var hasher = Hasher()
        let ordered = sources.sorted {
            Self.fileName($0.path).utf8.lexicographicallyPrecedes(Self.fileName($1.path).utf8)
        }
        for source in ordered {
            // A plan that generates code has parsed; should one not, its bytes stand for it.
            if let root = try? JSONParser.parse(source.bytes, mode: .json5) {
                hasher.mix(tag: 0x70)
                hasher.mix(root)
            } else {
                hasher.mix(tag: 0x62)
                hasher.mix(text: source.bytes)
            }
        }
        value = hasher.hash
    }

    /// `fnv1a64:0123456789abcdef`.
    public var description: String {
        let hex = String(value, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    /// FNV-1a over a tree: every value is a tag byte and, for text, its length then its bytes;
    /// containers give their count first, so no two trees share an encoding.
    struct Hasher {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func mix(byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }

        mutating func mix(tag: UInt8) { mix(byte: tag) }

        mutating func mix(count: Int) {
            var length = UInt64(count)
            for _ in 0..<8 {
                mix(byte: UInt8(truncatingIfNeeded: length))
                length >>= 8
            }
        }

        mutating func mix(text bytes: some Collection<UInt8>) {
            mix(count: bytes.count)
            for byte in bytes { mix(byte: byte) }
        }

        /// Iterative, as the parser is: a deep plan cannot exhaust the stack here either.
        mutating func mix(_ root: JSONNode) {
            var pending: [JSONNode] = [root]
            while let node = pending.popLast() {
                switch node.value {
                case .null: mix(tag: 0x00)
                case .bool(let flag): mix(tag: flag ? 0x01 : 0x02)
                case .number(let lexeme):
                    mix(tag: 0x03)
                    mix(text: Array(lexeme.utf8))
                case .string(let text):
                    mix(tag: 0x04)
                    mix(text: Array(text.utf8))
                case .array(let items):
                    mix(tag: 0x05)
                    mix(count: items.count)
                    pending += items.reversed()
                case .object(let members):
                    mix(tag: 0x06)
                    mix(count: members.count)
                    // Keys in source order: the order of declarations is the order of the code.
                    for member in members.reversed() {
                        pending.append(member.value)
                        pending.append(JSONNode(.string(member.key), offset: member.keyOffset))
                    }
                }
            }
        }
    }
}
