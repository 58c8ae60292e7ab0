/// Skipping: a whole value validated without being read, the end of the input, a BOM.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
extension JSONCursor {
    /// Skips one value of any kind, validating it exactly as reading it would (UTF-8, escapes,
    /// surrogates, number grammar, duplicate keys, depth). Iterative: nesting costs a scratch
    /// frame, never a stack frame, so hostile depth cannot overflow the stack.
    public mutating func skipValue() throws(JSONError) {
        let baseDepth = depth
        while true {
            // Expecting a value.
            let current = try valueStart()
            switch current {
            case ASCII.quote:
                _ = try scanString()
            case ASCII.openBrace:
                if mode == .strict && scratch.skipsCompactObjects && skipCompactFlatObject() { break }
                try descend(isObject: true)
                if try nextKey() != nil { continue }
            case ASCII.openBracket:
                try descend(isObject: false)
                if try nextElement() { continue }
            case ASCII.minus, ASCII.zero...ASCII.nine:
                _ = try scanNumber()
            case ASCII.lowerT:
                try expectLiteral("true")
            case ASCII.lowerF:
                try expectLiteral("false")
            case ASCII.lowerN:
                try expectLiteral("null")
            case ASCII.apostrophe where mode == .json5:
                _ = try scanString()
            default:
                throw invalidValueStart(current)
            }
            // A value is complete: close every container that ends here, then move on to the
            // next member or element, or stop once back at the starting depth.
            while true {
                if depth == baseDepth { return }
                if scratch.topIsObject {
                    if try nextKey() != nil { break }
                } else {
                    if try nextElement() { break }
                }
            }
        }
    }

    /// Skips the object at `offset` when it is compact and flat, as `bq extract` writes `device`,
    /// `geo` or `traffic_source`: `{"key":scalar,…}` with no whitespace, and members that are
    /// strings, numbers, `true`, `false` or `null`. Its keys are checked for duplicates by their
    /// bits in `JSONScratch.flatKeys` or, for names it cannot learn, in a frame of their own as
    /// `nextKey` registers them, and its strings and numbers go through the same scanners.
    /// Anything else (whitespace, a nested value, a duplicate key, any error, the depth limit)
    /// puts everything back as it was and returns false, and `skipValue` reads the object the
    /// general way, which finds the same values or throws the error.
    mutating func skipCompactFlatObject() -> Bool {
        let start = offset
        guard depth < maxDepth else { return false }
        scratch.pushFrame(isObject: true)
        if compactFlatMembers(from: start + 1) {
            scratch.popFrame()
            return true
        }
        scratch.popFrame()
        offset = start
        return false
    }

    /// The members of a compact flat object whose first member starts at `position`; leaves
    /// `offset` after its `}`. False when the object is not compact and flat, or is not valid.
    /// Each key is first tried as the one that followed the same key last time, across objects
    /// (`JSONScratch.flatKeys`, `lastFlatKey`); a key with an ordinal there is checked for a duplicate by its
    /// bit, any other (a name that cannot be learned) by the frame's registry. A key with an
    /// escape returns false, so that every key read here is plain and one name is always checked
    /// the same way; the general reading then reads the whole object again on its own.
    @inline(__always)
    mutating func compactFlatMembers(from position: Int) -> Bool {
        guard position < count else { return false }
        if bytes[position] == ASCII.closeBrace {
            offset = position + 1
            return true
        }
        offset = position
        let names = scratch.flatKeys
        var seen: UInt64 = 0
        var previous = scratch.lastFlatKey
        defer { scratch.lastFlatKey = previous }
        do {
            while true {
                let predicted = Int(names.order[previous])
                if predicted >= 0,
                    let key = keyMatching(
                        names.pattern(predicted), length: names.patternLength(predicted), quoteAt: offset)
                {
                    let bit: UInt64 = 1 << UInt64(predicted)
                    guard seen & bit == 0 else { return false }
                    seen |= bit
                    previous = predicted
                    offset = key.content.upperBound + 2
                    guard offset < count else { return false }
                } else {
                    guard offset < count, bytes[offset] == ASCII.quote else { return false }
                    let key = try scanString()
                    guard !key.hasEscapes, offset + 1 < count, bytes[offset] == ASCII.colon else { return false }
                    let ordinal = names.ordinal(learning: UnsafeRawBufferPointer(rebasing: bytes[key.content]))
                    if let ordinal {
                        let bit: UInt64 = 1 << UInt64(ordinal)
                        guard seen & bit == 0 else { return false }
                        seen |= bit
                    } else {
                        guard scratch.registerKey(key, in: bytes) == nil else { return false }
                    }
                    names.order[previous] = Int8(truncatingIfNeeded: ordinal ?? -1)
                    previous = ordinal ?? LearnedKeyNames.unnamed
                    offset += 1
                    guard offset < count else { return false }
                }
                switch bytes[offset] {
                case ASCII.quote: _ = try scanString()
                case ASCII.minus, ASCII.zero...ASCII.nine: _ = try scanNumber()
                case ASCII.lowerT: try expectLiteral("true")
                case ASCII.lowerF: try expectLiteral("false")
                case ASCII.lowerN: try expectLiteral("null")
                default: return false
                }
                guard offset < count else { return false }
                let next = bytes[offset]
                offset += 1
                if next == ASCII.closeBrace { return true }
                guard next == ASCII.comma else { return false }
            }
        } catch {
            return false
        }
    }

    /// Skips trailing whitespace and fails if anything else remains after the top-level value.
    public mutating func expectEnd() throws(JSONError) {
        guard let current = try peekNonWhitespace() else { return }
        if let utf16 = Self.utf16Error(in: bytes) { throw utf16 }
        if ASCII.startsWithByteOrderMark(UnsafeRawBufferPointer(rebasing: bytes[offset...])) {
            throw unexpected(at: offset, expecting: "end of input")
        }
        throw JSONRules.trailingContent(current, at: offset)
    }

    /// Skips a UTF-8 byte order mark at byte 0 and reports whether there was one. Call it first,
    /// only when the source allows a leading BOM (the caller reports it as a warning).
    public mutating func skipLeadingBOM() -> Bool {
        guard offset == 0, ASCII.startsWithByteOrderMark(bytes)
        else { return false }
        offset = 3
        return true
    }
}
