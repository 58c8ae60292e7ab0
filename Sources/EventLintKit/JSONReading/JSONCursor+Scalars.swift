/// Scalars: strings, numbers (their grammar checked), booleans and null.
extension JSONCursor {
    /// Reads a string value, fully validated; the token is a byte range, decoded only on demand.
    public mutating func readString() throws(JSONError) -> JSONStringToken {
        let current = try valueStart()
        guard current == ASCII.quote || (current == ASCII.apostrophe && mode == .json5) else {
            throw unexpected(at: offset, expecting: "a string")
        }
        return try scanString()
    }

    /// Reads a number and returns its lexeme's byte range. The value is never converted, so
    /// `1e400` or a 30-digit integer is kept exactly; range checks belong to the schema.
    public mutating func readNumber() throws(JSONError) -> Range<Int> {
        let current = try valueStart()
        guard current == ASCII.minus || ASCII.isDigit(current) else {
            if current == ASCII.plus || current == ASCII.period { throw invalidValueStart(current) }
            throw unexpected(at: offset, expecting: "a number")
        }
        return try scanNumber()
    }

    /// Longest number lexeme accepted, in bytes (Jackson's default). Far beyond any real value
    /// (a double needs at most 24 characters, a 64-bit integer 20), so a longer run of digits is
    /// junk or an attack on whoever converts it; rejecting it keeps every later conversion cheap.
    public static let maxNumberLength = 1000

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func scanNumber() throws(JSONError) -> Range<Int> {
        let start = offset
        var index = offset
        if bytes[index] == ASCII.minus { index += 1 }
        guard index < count else {
            throw JSONRules.endBeforeDigit(after: "'-'", at: count)
        }
        let first = bytes[index]
        if ASCII.isIdentifierStart(first) && index > start {
            // `-Infinity`, `-NaN`: name the word, not just the letter after the sign.
            throw invalidValueStart(first, at: start)
        }
        if first == ASCII.zero {
            index += 1
            if index < count && ASCII.isDigit(bytes[index]) {
                throw JSONRules.leadingZero(at: index - 1)
            }
        } else if first >= ASCII.one && first <= ASCII.nine {
            index += 1
            while index < count && ASCII.isDigit(bytes[index]) { index += 1 }
        } else {
            throw JSONRules.notADigit(first, after: "'-'", at: index)
        }
        if index < count && bytes[index] == ASCII.period {
            index += 1
            index = try requireDigits(from: index, after: "'.'")
        }
        if index < count && (bytes[index] | 0x20) == ASCII.lowerE {
            index += 1
            if index < count && (bytes[index] == ASCII.plus || bytes[index] == ASCII.minus) { index += 1 }
            index = try requireDigits(from: index, after: "the exponent marker")
        }
        guard index - start <= Self.maxNumberLength else {
            throw JSONRules.numberTooLong(length: index - start, limit: Self.maxNumberLength, at: start)
        }
        offset = index
        return start..<index
    }

    @inline(__always)
    func requireDigits(from start: Int, after what: String) throws(JSONError) -> Int {
        guard start < count else {
            throw JSONRules.endBeforeDigit(after: what, at: count)
        }
        guard ASCII.isDigit(bytes[start]) else {
            throw JSONRules.notADigit(bytes[start], after: what, at: start)
        }
        var index = start + 1
        while index < count && ASCII.isDigit(bytes[index]) { index += 1 }
        return index
    }

    /// Reads `true` or `false`.
    public mutating func readBool() throws(JSONError) -> Bool {
        let current = try valueStart()
        if current == ASCII.lowerT {
            try expectLiteral("true")
            return true
        }
        if current == ASCII.lowerF {
            try expectLiteral("false")
            return false
        }
        throw unexpected(at: offset, expecting: "true or false")
    }

    /// Reads `null`.
    public mutating func readNull() throws(JSONError) {
        guard try valueStart() == ASCII.lowerN else { throw unexpected(at: offset, expecting: "null") }
        try expectLiteral("null")
    }

    /// Consumes the literal at `offset`, which already matched its first byte.
    mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
        let length = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected -> Bool in
            guard offset + length <= count else { return false }
            for index in 1..<length where bytes[offset + index] != expected[index] { return false }
            return true
        }
        guard matches else {
            var end = offset
            while end < count && end < offset + length && bytes[end] == literal.utf8Start[end - offset] { end += 1 }
            if end >= count {
                throw JSONRules.endInsideLiteral(literal, at: count)
            }
            throw invalidValueStart(bytes[offset])
        }
        offset += length
    }
}
