#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One routine for the element that makes up most of a GA4 row: `event_params` and
/// `user_properties` hold objects like `{"key":"phase","value":{"string_value":"guideStart"}}`
/// by the dozen, and reading each with the generic cursor calls (`enterObject`, `nextKey`,
/// `peekKind`, `readString`… ten of them per element) costs several times what its bytes do.
///
/// `readCompactElement` reads the element as `bq extract` writes it: no whitespace, `key` first,
/// then `value`, whose members are among `string_value`, `int_value`, `float_value`,
/// `double_value` and `set_timestamp_micros`, each once, with a string, number or null. It is
/// exactly as strict: strings and numbers go through the cursor's own scanners, and the member
/// names are matched by their raw bytes, which are plain ASCII. Anything else — whitespace, other
/// members or orders, a repeated member, `true`, a nested value, nesting at the depth limit, or
/// any error — puts the cursor back where the element starts and returns `nil`, and the caller
/// reads the element with the generic calls, which find the same values or throw the error.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
extension EventScanner {
    /// `{"key":"`, how a compact element starts, as a little-endian word (a literal, so the hot
    /// path loads no global; `CompactElementTests` checks it against the bytes).
    static var elementHead: UInt64 { 0x223A_2279_656B_227B }
    /// `,"value"`, the first eight bytes of `,"value":{`, as a little-endian word.
    static var valueHead: UInt64 { 0x2265_756C_6176_222C }
    /// `null` as a little-endian word.
    static var nullWord: UInt32 { 0x6C6C_756E }

    /// Reads the compact element at the cursor (its `{`), or returns `nil` with the cursor
    /// unmoved. See the type's comment for what compact means.
    @inline(__always)
    func readCompactElement(_ cursor: inout JSONCursor, _ bytes: UnsafeRawBufferPointer) -> ScannedField? {
        let start = cursor.offset
        guard cursor.depth + 2 <= cursor.maxDepth, start + 8 <= cursor.count, let base = bytes.baseAddress,
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt64.self)) == Self.elementHead
        else { return nil }
        do {
            if let field = try compactElement(&cursor, base, start: start) { return field }
        } catch {}
        cursor.offset = start
        return nil
    }

    /// The scalar a value slot holds in compact form (a string, a number or `null`), the cursor
    /// left after it; nil for anything else, which the general reading then reads.
    @inline(__always)
    private static func compactScalar(
        _ cursor: inout JSONCursor, _ base: UnsafeRawPointer, at position: Int, count: Int
    ) throws(JSONError) -> ValueToken? {
        var token = ValueToken()
        token.offset = position
        switch base.load(fromByteOffset: position, as: UInt8.self) {
        case ASCII.quote:
            cursor.offset = position
            let string = try cursor.scanString()
            token.kind = .string
            token.range = string.content
            token.hasEscapes = string.hasEscapes
        case ASCII.minus, ASCII.zero...ASCII.nine:
            cursor.offset = position
            token.kind = .number
            token.range = try cursor.scanNumber()
        case ASCII.lowerN:
            guard position + 4 <= count,
                UInt32(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt32.self)) == Self.nullWord
            else { return nil }
            cursor.offset = position + 4
            token.kind = .null
        default:
            return nil
        }
        return token
    }

    private func compactElement(
        _ cursor: inout JSONCursor, _ base: UnsafeRawPointer, start: Int
    ) throws(JSONError) -> ScannedField? {
        let count = cursor.count
        cursor.offset = start + 7
        let key = try cursor.scanString()
        var position = cursor.offset
        guard position + 10 <= count,
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self)) == Self.valueHead,
            base.load(fromByteOffset: position + 8, as: UInt8.self) == ASCII.colon,
            base.load(fromByteOffset: position + 9, as: UInt8.self) == ASCII.openBrace
        else { return nil }
        var value = ValueToken()
        value.offset = position + 9
        position += 10
        var seen: UInt8 = 0
        if position < count && base.load(fromByteOffset: position, as: UInt8.self) == ASCII.closeBrace {
            position += 1
        } else {
            while true {
                guard let (slot, bit, length) = Self.member(at: position, base, count), seen & bit == 0 else {
                    return nil
                }
                seen |= bit
                position += length
                guard position < count else { return nil }
                guard let token = try Self.compactScalar(&cursor, base, at: position, count: count) else { return nil }
                position = cursor.offset
                if let slot, token.kind != .null, value.kind == .absent || value.kind == .null {
                    value = token
                    value.slot = slot
                }
                guard position < count else { return nil }
                let next = base.load(fromByteOffset: position, as: UInt8.self)
                position += 1
                if next == ASCII.closeBrace { break }
                guard next == ASCII.comma else { return nil }
            }
        }
        guard position < count, base.load(fromByteOffset: position, as: UInt8.self) == ASCII.closeBrace else {
            return nil
        }
        cursor.offset = position + 1
        if value.kind == .absent { value.kind = .null }
        return ScannedField(
            key: key, value: value, keyHash: hash(key, UnsafeRawBufferPointer(start: base, count: count)))
    }

    /// The member name at `position` (its opening quote, through the colon): the slot it fills
    /// (`nil` for `set_timestamp_micros`, which is read and ignored), its bit and its length.
    @inline(__always)
    private static func member(
        at position: Int, _ base: UnsafeRawPointer, _ count: Int
    ) -> (ValueSlot?, UInt8, Int)? {
        guard position + 12 <= count else { return nil }
        @inline(__always) func matches(_ name: StaticString) -> Bool {
            position + name.utf8CodeUnitCount <= count
                && memcmp(base + position, name.utf8Start, name.utf8CodeUnitCount) == 0
        }
        switch base.load(fromByteOffset: position + 1, as: UInt8.self) {
        case ASCII.lowerS:
            if matches("\"string_value\":") { return (.stringValue, 1, 15) }
            if matches("\"set_timestamp_micros\":") { return (nil, 16, 23) }
        case ASCII.lowerI:
            if matches("\"int_value\":") { return (.intValue, 2, 12) }
        case ASCII.lowerF:
            if matches("\"float_value\":") { return (.floatValue, 4, 14) }
        case ASCII.lowerD:
            if matches("\"double_value\":") { return (.doubleValue, 8, 15) }
        default:
            break
        }
        return nil
    }
}
