/// A validated string (or JSON5 identifier key) as a byte range into the cursor's buffer. No
/// `String` is made until someone asks: comparing a key against the plan's names works on the
/// bytes, and only keys or values that end up in a finding or the tree are decoded.
public struct JSONStringToken: Sendable, Hashable {
    /// Byte range of the content, without the quotes, escapes still encoded.
    public let content: Range<Int>
    /// True when the content holds at least one backslash escape. Without escapes the raw bytes
    /// are the value, which is the fast path for nearly every GA4 key and value.
    public let hasEscapes: Bool
    /// False only for JSON5 unquoted keys.
    public let isQuoted: Bool

    public init(content: Range<Int>, hasEscapes: Bool, isQuoted: Bool) {
        self.content = content
        self.hasEscapes = hasEscapes
        self.isQuoted = isQuoted
    }

    /// Offset of the token's first source byte: the opening quote, or the identifier's first letter.
    public var sourceStart: Int { isQuoted ? content.lowerBound - 1 : content.lowerBound }

    /// Compares the unescaped content with `literal`'s bytes. Allocation-free: without escapes it
    /// is a length check and a byte compare; with escapes it decodes on the fly.
    public func equals(_ literal: some Collection<UInt8>, in buffer: UnsafeRawBufferPointer) -> Bool {
        if !hasEscapes {
            guard content.count == literal.count else { return false }
            var index = content.lowerBound
            for expected in literal {
                if buffer[index] != expected { return false }
                index += 1
            }
            return true
        }
        var iterator = literal.makeIterator()
        var matches = true
        JSONStringToken.decode(content, in: buffer) { decoded in
            if matches, iterator.next() != decoded { matches = false }
        }
        return matches && iterator.next() == nil
    }

    /// Compares the unescaped content with a static string, e.g. `token.equals("event_name", in: buffer)`.
    public func equals(_ literal: StaticString, in buffer: UnsafeRawBufferPointer) -> Bool {
        literal.withUTF8Buffer { equals($0, in: buffer) }
    }

    /// The unescaped content as UTF-8 bytes.
    public func decodedBytes(in buffer: UnsafeRawBufferPointer) -> [UInt8] {
        if !hasEscapes { return Array(buffer[content]) }
        var result: [UInt8] = []
        result.reserveCapacity(content.count)
        JSONStringToken.decode(content, in: buffer) { result.append($0) }
        return result
    }

    /// The unescaped content as a `String`. The cursor has validated the bytes, so the validating
    /// initialiser cannot fail here; the escaped fallback only guards against a caller passing a
    /// different buffer than the one the token came from.
    public func decodedString(in buffer: UnsafeRawBufferPointer) -> String {
        if !hasEscapes {
            let raw = UnsafeRawBufferPointer(rebasing: buffer[content])
            return String(validating: raw, as: UTF8.self) ?? LineIndex.escapedRendering(raw)
        }
        let bytes = decodedBytes(in: buffer)
        return bytes.withUnsafeBytes { raw in
            String(validating: raw, as: UTF8.self) ?? LineIndex.escapedRendering(raw)
        }
    }

    /// Feeds the unescaped bytes of already validated string content to `body`, one at a time.
    /// Escapes are assumed well-formed (the cursor checked them); surrogate pairs become one
    /// four-byte UTF-8 sequence.
    @inline(__always)
    static func decode(_ content: Range<Int>, in buffer: UnsafeRawBufferPointer, _ body: (UInt8) -> Void) {
        var index = content.lowerBound
        let end = content.upperBound
        while index < end {
            let current = buffer[index]
            guard current == ASCII.backslash, index + 1 < end else {
                body(current)
                index += 1
                continue
            }
            let escaped = buffer[index + 1]
            index += 2
            switch escaped {
            case ASCII.lowerB: body(0x08)
            case ASCII.lowerF: body(0x0C)
            case ASCII.lowerN: body(ASCII.lineFeed)
            case ASCII.lowerR: body(ASCII.carriageReturn)
            case ASCII.lowerT: body(ASCII.tab)
            case ASCII.lowerU:
                var scalar = hexQuad(buffer, at: index, end: end)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 6 <= end, buffer[index] == ASCII.backslash {
                    let low = hexQuad(buffer, at: index + 2, end: end)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                encodeUTF8(scalar, body)
            default: body(escaped)  // `"`, `\`, `/` and JSON5 `'` stand for themselves.
            }
        }
    }

    private static func hexQuad(_ buffer: UnsafeRawBufferPointer, at index: Int, end: Int) -> UInt32 {
        var value: UInt32 = 0
        for position in index..<min(index + 4, end) {
            value = value << 4 | UInt32(JSONCursor.hexValue(buffer[position]) ?? 0)
        }
        return value
    }

    @inline(__always)
    private static func encodeUTF8(_ scalar: UInt32, _ body: (UInt8) -> Void) {
        switch scalar {
        case 0..<0x80:
            body(UInt8(scalar))
        case 0x80..<0x800:
            body(UInt8(0xC0 | scalar >> 6))
            body(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            body(UInt8(0xE0 | scalar >> 12))
            body(UInt8(0x80 | scalar >> 6 & 0x3F))
            body(UInt8(0x80 | scalar & 0x3F))
        default:
            body(UInt8(0xF0 | scalar >> 18))
            body(UInt8(0x80 | scalar >> 12 & 0x3F))
            body(UInt8(0x80 | scalar >> 6 & 0x3F))
            body(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
