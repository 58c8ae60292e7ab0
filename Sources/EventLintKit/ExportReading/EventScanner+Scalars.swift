#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scalars: timestamps, ids and values read as tokens of the line's bytes.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
extension EventScanner {

    @inline(__always)
    func readScalar(_ cursor: inout JSONCursor) throws(JSONError) -> ValueToken {
        var token = ValueToken()
        // The kind first: it skips the whitespace after the colon (`"key": value`), so the
        // offset is the value's first byte.
        let kind = try cursor.peekKind()
        token.offset = cursor.offset
        // `peekKind` has put the cursor on the value's first byte and told its kind, so the
        // string and number scanners start there directly.
        switch kind {
        case .string:
            let string = try cursor.scanString()
            token.kind = .string
            token.range = string.content
            token.hasEscapes = string.hasEscapes
        case .number:
            token.kind = .number
            token.range = try cursor.scanNumber()
        case .bool:
            token.kind = .bool
            token.boolValue = try cursor.readBool()
        case .null:
            try cursor.readNull()
            token.kind = .null
        case .object, .array:
            try cursor.skipValue()
            token.kind = .compound
        }
        return token
    }

    /// Gives the event its first shape problem, at `offset`; a later one is dropped.
    func shape(_ event: inout ScannedEvent, _ problem: ShapeProblem, at offset: Int) {
        if !event.hasShapeProblem {
            event.shapeProblemIndex = Int32(truncatingIfNeeded: scan.shapeProblems.count)
            scan.shapeProblems.append(problem)
            event.shapeProblemOffset = offset
        }
    }

    /// The hash of a key's unescaped bytes.
    @inline(__always)
    func hash(_ key: JSONStringToken, _ bytes: UnsafeRawBufferPointer) -> UInt64 {
        if !key.hasEscapes {
            return ByteHash.hash(UnsafeRawBufferPointer(rebasing: bytes[key.content]), seed: hashSeed)
        }
        return key.decodedBytes(in: bytes).withUnsafeBytes { ByteHash.hash($0, seed: hashSeed) }
    }

    /// An integer from a JSON number or a digit string (`"1611798022695757"`), without rounding.
    static func integer(_ token: ValueToken, _ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard (token.kind == .string && !token.hasEscapes) || token.kind == .number else { return nil }
        return parseInt64(UnsafeRawBufferPointer(rebasing: bytes[token.range]))
    }

    /// The value of eight ASCII digits loaded little-endian (the first digit in the low byte),
    /// or nil when a byte is not a digit. Every byte's high nibble must be 3, and adding 6 must
    /// leave it 3 (a low nibble of 10 to 15 carries into it); then three multiply-and-shift
    /// steps join digits into pairs, quads and the eight, with no carry between lanes (at most
    /// 99, 9,999 and 99,999,999).
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> UInt64? {
        let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let threes: UInt64 = 0x3030_3030_3030_3030
        guard word & nibbles == threes, (word + 0x0606_0606_0606_0606) & nibbles == threes else { return nil }
        var value = word - threes
        value = (value &* 10 + value >> 8) & 0x00FF_00FF_00FF_00FF
        value = (value &* 100 + value >> 16) & 0x0000_FFFF_0000_FFFF
        return (value &* 10_000 + value >> 32) & 0xFFFF_FFFF
    }

    /// Parses `-?[0-9]+` into an Int64, nil on anything else or overflow.
    static func parseInt64(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var index = 0
        var negative = false
        if bytes.count > 0, bytes[0] == 0x2D {
            negative = true
            index = 1
        }
        guard index < bytes.count else { return nil }
        if bytes.count - index <= 18 {
            // Eighteen digits cannot overflow: eight digits a step while there are eight (a GA4
            // timestamp has 16), then one at a time.
            var value: Int64 = 0
            while bytes.count - index >= 8 {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                guard let eight = eightDigits(word) else { return nil }
                value = value * 100_000_000 + Int64(eight)
                index += 8
            }
            while index < bytes.count {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
                index += 1
            }
            return negative ? -value : value
        }
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) =
                negative
                ? times.subtractingReportingOverflow(Int64(digit))
                : times.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return value
    }
}
