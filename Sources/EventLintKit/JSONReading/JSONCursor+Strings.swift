/// Per-byte classes for string scanning. A zero entry means "ordinary byte, keep going", so the
/// inner loop is one load, one table lookup and one branch per byte. Bit 1 marks bytes that end
/// or interrupt a double-quoted string, bit 2 those of a single-quoted (JSON5) string: the
/// quote characters differ, backslash, controls and non-ASCII bytes need attention in both.
///
/// `nonisolated(unsafe)`: the table is written once at initialisation and only read afterwards.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
nonisolated(unsafe) let stringByteClasses: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    for index in 0..<256 {
        let value = UInt8(index)
        var flags: UInt8 = 0
        if value < 0x20 || value >= 0x80 || value == ASCII.backslash { flags = 0b11 }
        if value == ASCII.quote { flags = 0b01 }
        if value == ASCII.apostrophe { flags = 0b10 }
        table[index] = flags
    }
    return UnsafePointer(table)
}()

extension JSONCursor {
    /// Eight copies of a byte, for the word-at-a-time tests below.
    @inline(__always) static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The high bit of each byte of `word` that is a quote, backslash, control or non-ASCII byte,
    /// read little-endian. Bytes after the first such byte may be flagged falsely (a borrow runs
    /// on), but the lowest flag is always exact: below it no subtraction has borrowed, and each of
    /// the three tests is exact for a byte without a borrow coming in. So
    /// `trailingZeroBitCount / 8` is the index of the first byte that needs attention.
    @inline(__always)
    static func attentionMask(_ word: UInt64) -> UInt64 {
        let low = repeated(0x01)
        let high = repeated(0x80)
        let quotes = word ^ repeated(ASCII.quote)
        let backslashes = word ^ repeated(ASCII.backslash)
        let hasQuote = (quotes &- low) & ~quotes
        let hasBackslash = (backslashes &- low) & ~backslashes
        let hasControl = word &- repeated(ASCII.space)
        return (hasQuote | hasBackslash | hasControl | word) & high
    }

    /// Scans a string whose opening quote is at `offset` and leaves `offset` after the closing
    /// quote. Validates as it goes: UTF-8 well-formedness, escapes, surrogate pairs and the ban
    /// on raw control characters. Plain ASCII runs are skipped eight bytes at a time.
    ///
    /// Inline, the common case only: a double-quoted string of plain ASCII whose closing quote
    /// is found by word scans, which needs no error path and few registers. Anything else (an
    /// escape, non-ASCII, a control byte, the last bytes of the buffer, JSON5 quotes) starts
    /// again in `scanStringInGeneral`, out of line.
    @inline(__always)
    mutating func scanString() throws(JSONError) -> JSONStringToken {
        let start = offset &+ 1
        if bytes[offset] == ASCII.quote {
            var index = start
            while index &+ 8 <= count {
                let flags = Self.attentionMask(
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                if flags != 0 {
                    index &+= flags.trailingZeroBitCount &>> 3
                    if bytes[index] == ASCII.quote {
                        offset = index &+ 1
                        return JSONStringToken(content: start..<index, hasEscapes: false, isQuoted: true)
                    }
                    break
                }
                index &+= 8
            }
            // Fewer than eight bytes left (a line's last string): the buffer's last eight bytes,
            // shifted so that the first left is lowest. The zero bytes shifted in are flagged
            // as controls, above every byte left, so the lowest flag is still exact.
            let left = count &- index
            if left > 0 && left < 8 && count >= 8 {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                let at =
                    Self.attentionMask(word &>> UInt64(truncatingIfNeeded: (8 &- left) &* 8)).trailingZeroBitCount &>> 3
                if at < left && bytes[index &+ at] == ASCII.quote {
                    offset = index &+ at &+ 1
                    return JSONStringToken(content: start..<(index &+ at), hasEscapes: false, isQuoted: true)
                }
            }
        }
        return try scanStringInGeneral()
    }

    /// The next key of compact strict JSON, and its `:`, when they are exactly `pattern`'s
    /// `length` bytes (a name of plain ASCII with no `"` or `\`, then `"` and `:`, zero-padded to
    /// whole words) after `,"` (or `"` first): what `nextKeyToken` and `consumeColon` would read
    /// there, since such a name's string ends at the quote after it. Nil, with the cursor where it
    /// was, for anything else, including a line that ends within the pattern's last word.
    @inline(__always)
    mutating func predictedKey(_ pattern: UnsafePointer<UInt64>, length: Int) -> JSONStringToken? {
        guard mode == .strict, offset < count else { return nil }
        let quoteAt: Int
        if atContainerStart {
            quoteAt = offset
        } else {
            guard bytes[offset] == ASCII.comma else { return nil }
            quoteAt = offset &+ 1
        }
        guard let key = keyMatching(pattern, length: length, quoteAt: quoteAt) else { return nil }
        atContainerStart = false
        offset = quoteAt &+ 1 &+ length
        return key
    }

    /// The key at `quoteAt` (its opening quote) when the bytes after the quote are exactly
    /// `pattern`'s `length` bytes (see `predictedKey`); the cursor does not move.
    @inline(__always)
    func keyMatching(_ pattern: UnsafePointer<UInt64>, length: Int, quoteAt: Int) -> JSONStringToken? {
        // `quoteAt` is at most `count`, and `length` small: no sum below can wrap. The pattern's
        // words must end within the buffer, so `quoteAt` is inside it when it is read.
        guard length > 2, length <= 256 else { return nil }
        let start = quoteAt &+ 1
        let words = (length &+ 7) &>> 3
        guard start &+ words &* 8 <= count, bytes[quoteAt] == ASCII.quote else { return nil }
        var at = start
        var word = pattern
        let lastWord = pattern + (words &- 1)
        while word < lastWord {
            guard bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self) == word.pointee else { return nil }
            at &+= 8
            word += 1
        }
        // The last word's bytes past the pattern are the value's: shifted out (little-endian).
        let last = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        let shift = UInt64(truncatingIfNeeded: (words &* 8 &- length) &* 8)
        guard (last ^ UInt64(littleEndian: word.pointee)) &<< shift == 0 else { return nil }
        return JSONStringToken(content: start..<(start &+ length &- 2), hasEscapes: false, isQuoted: true)
    }

    /// `scanString` for every string: escapes, UTF-8, controls, the end of the buffer, JSON5.
    @inline(never)
    mutating func scanStringInGeneral() throws(JSONError) -> JSONStringToken {
        let quote = bytes[offset]
        let mask: UInt8 = quote == ASCII.quote ? 0b01 : 0b10
        let start = offset + 1
        var index = start
        var hasEscapes = false
        let table = stringClasses
        while true {
            if mask == 0b01 && index &+ 8 <= count {
                // Eight bytes at a time, landing exactly on the first byte that needs attention.
                repeat {
                    let flags = Self.attentionMask(
                        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                    if flags != 0 {
                        index &+= flags.trailingZeroBitCount &>> 3
                        break
                    }
                    index &+= 8
                } while index &+ 8 <= count
            }
            while index < count && table[Int(bytes[index])] & mask == 0 { index += 1 }
            guard index < count else {
                throw JSONRules.unterminatedString(at: count, start: start - 1)
            }
            let current = bytes[index]
            if current == quote {
                offset = index + 1
                return JSONStringToken(content: start..<index, hasEscapes: hasEscapes, isQuoted: true)
            }
            if current == ASCII.backslash {
                hasEscapes = true
                index = try scanEscape(at: index)
            } else if current >= 0x80 {
                index = try scanUTF8Sequence(at: index)
            } else {
                if let utf16 = Self.utf16Error(in: bytes) { throw utf16 }
                throw JSONRules.controlCharacterInString(current, at: index)
            }
        }
    }

    /// Validates the escape whose backslash is at `index`; returns the index after it.
    private func scanEscape(at index: Int) throws(JSONError) -> Int {
        guard index + 1 < count else {
            throw JSONRules.endInsideEscape(at: count)
        }
        switch bytes[index + 1] {
        case ASCII.quote, ASCII.backslash, ASCII.slash, ASCII.lowerB, ASCII.lowerF, ASCII.lowerN,
            ASCII.lowerR, ASCII.lowerT:
            return index + 2
        case ASCII.apostrophe where mode == .json5:
            return index + 2
        case ASCII.lowerU:
            let unit = try hexQuad(at: index)
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate must be followed at once by an escaped low surrogate.
                let next = index + 6
                guard next + 1 < count, bytes[next] == ASCII.backslash, bytes[next + 1] == ASCII.lowerU
                else {
                    throw JSONRules.unpairedHighSurrogate(unit, at: index)
                }
                let low = try hexQuad(at: next)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONRules.highSurrogateWithoutLow(unit, next: low, at: index)
                }
                return next + 6
            case 0xDC00...0xDFFF:
                throw JSONRules.loneLowSurrogate(unit, at: index)
            default:
                return index + 6
            }
        default:
            throw JSONRules.invalidEscape(bytes[index + 1], at: index)
        }
    }

    /// Reads the four hex digits of the `\u` escape whose backslash is at `index`.
    private func hexQuad(at index: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for position in (index + 2)..<(index + 6) {
            guard position < count else {
                throw JSONRules.endInsideUnicodeEscape(at: count)
            }
            guard let digit = Self.hexValue(bytes[position]) else {
                throw JSONRules.invalidUnicodeEscape(bytes[position], at: index)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case ASCII.zero...ASCII.nine: byte - ASCII.zero
        case ASCII.lowerA...ASCII.lowerF: byte - ASCII.lowerA + 10
        case ASCII.upperA...ASCII.upperF: byte - ASCII.upperA + 10
        default: nil
        }
    }

    /// Validates the multi-byte UTF-8 sequence whose lead byte is at `index`; returns the index
    /// after it.
    @inline(__always)
    private func scanUTF8Sequence(at index: Int) throws(JSONError) -> Int {
        let length = UTF8Validation.sequenceLength(bytes, at: index, end: count)
        guard length > 0 else {
            if let utf16 = Self.utf16Error(in: bytes) { throw utf16 }
            throw JSONRules.invalidUTF8(UTF8Validation.problem(bytes, at: index, end: count), at: index)
        }
        return index + length
    }
}

/// Well-formed UTF-8 per the Unicode Standard, Table 3-7: no overlong forms, no encoded
/// surrogates, nothing above U+10FFFF. Shared by the cursor and by `LineIndex`'s snippet text.
enum UTF8Validation {
    /// Length (1…4) of the well-formed sequence starting at `index`, or 0 if it is ill-formed.
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int, end: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        @inline(__always) func continuation(_ position: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            position < end && range.contains(bytes[position])
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(index + 1) ? 2 : 0
        case 0xE0:
            return continuation(index + 1, 0xA0...0xBF) && continuation(index + 2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(index + 1) && continuation(index + 2) ? 3 : 0
        case 0xED:
            return continuation(index + 1, 0x80...0x9F) && continuation(index + 2) ? 3 : 0
        case 0xF0:
            return continuation(index + 1, 0x90...0xBF) && continuation(index + 2) && continuation(index + 3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(index + 1) && continuation(index + 2) && continuation(index + 3) ? 4 : 0
        case 0xF4:
            return continuation(index + 1, 0x80...0x8F) && continuation(index + 2) && continuation(index + 3) ? 4 : 0
        default:
            return 0
        }
    }

    /// Why a sequence is ill-formed, with its lead byte where that tells it.
    enum Problem: Sendable, Equatable {
        /// A continuation byte (80–BF) where a sequence should start.
        case unexpectedContinuation(UInt8)
        /// A lead byte, or a lead and second byte, that can only start an overlong form.
        case overlong(UInt8)
        /// F5–FF: never part of UTF-8.
        case neverInUTF8(UInt8)
        /// The input ends inside the sequence.
        case truncated(UInt8)
        /// A byte that is no continuation byte inside the sequence.
        case cutShort(UInt8)
        case surrogate
        case aboveMaximum
    }

    /// Says why the sequence at `index` is ill-formed; `JSONRules.invalidUTF8` words it.
    static func problem(_ bytes: UnsafeRawBufferPointer, at index: Int, end: Int) -> Problem {
        let lead = bytes[index]
        switch lead {
        case 0x80...0xBF: return .unexpectedContinuation(lead)
        case 0xC0, 0xC1: return .overlong(lead)
        case 0xF5...0xFF: return .neverInUTF8(lead)
        default: break
        }
        let expected = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        // Find the first byte that is not a continuation byte at all.
        for position in (index + 1)..<(index + expected) {
            guard position < end else { return .truncated(lead) }
            guard (0x80...0xBF).contains(bytes[position]) else { return .cutShort(lead) }
        }
        let second = bytes[index + 1]
        switch lead {
        case 0xE0 where second < 0xA0, 0xF0 where second < 0x90: return .overlong(lead)
        case 0xED where second >= 0xA0: return .surrogate
        default: return .aboveMaximum
        }
    }
}
