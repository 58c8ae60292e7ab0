#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one hash eventlint uses for names, keys, user ids and values on the hot path (the JSON
/// reader's duplicate-key check, the plan's lookup tables, `ByteInterner`).
///
/// A hash only finds candidates: every table compares the bytes before it takes two keys as
/// equal, so a collision costs a probe, never a wrong answer. Since input controls the keys,
/// the hash is seeded with a random number drawn once per run (`seed`), so nobody can prepare
/// keys that collide, and it mixes every input bit into every output bit (a folded 64×64→128
/// multiply per 8-byte word, as in wyhash), so ids that differ only in their tail (`u0000001`,
/// `u0000002`, …) spread over the whole table. No output depends on the seed: tables are only
/// ever iterated in insertion order, and findings are sorted before they are reported.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
public enum ByteHash {
    /// This run's seed.
    public static let seed: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()

    static let p0: UInt64 = 0xA076_1D64_78BD_642F
    static let p1: UInt64 = 0xE703_7ED1_A0B4_28DB
    static let p2: UInt64 = 0x8EBC_6AF0_9C88_C6E3
    static let p3: UInt64 = 0x5899_65CC_7537_4CC3

    /// The high and low halves of the 128-bit product, xor-ed: every bit of either factor
    /// reaches every bit of the result.
    @inline(__always)
    static func fold(_ left: UInt64, _ right: UInt64) -> UInt64 {
        let (high, low) = left.multipliedFullWidth(by: right)
        return high ^ low
    }

    @inline(__always)
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { hash(bytes, seed: seed) }

    /// The hash of `bytes` under `seed`. The running state enters each step together with the
    /// word, and the multiplier depends on the seed, so no chosen word can zero the state.
    @inline(__always)
    public static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let count = bytes.count
        let key = seed ^ p2
        var state = fold(seed ^ p0, UInt64(truncatingIfNeeded: count) ^ p1)
        if count >= 8 {
            var index = 0
            while index + 8 <= count {
                state = fold(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ state ^ p1, key)
                index += 8
            }
            if index < count {
                state = fold(bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) ^ state ^ p3, key)
            }
        } else if count >= 4 {
            let low = UInt64(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            let high = UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            state = fold((low | high << 32) ^ state ^ p1, key)
        } else if count > 0 {
            let word = UInt64(bytes[0]) | UInt64(bytes[count / 2]) << 8 | UInt64(bytes[count - 1]) << 16
            state = fold(word ^ state ^ p1, key)
        }
        return fold(state ^ p3, key ^ p0)
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
