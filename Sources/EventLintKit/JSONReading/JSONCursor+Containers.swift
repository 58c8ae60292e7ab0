/// Containers: what the next value is, entering and leaving objects and arrays, their keys
/// (each registered against duplicates) and elements.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
extension JSONCursor {

    /// Skips whitespace and tells what the next value is, without consuming it.
    ///
    /// Inline, the common case only: the value starts at `offset` (no whitespace before it, as
    /// in compact JSON) with a byte that tells its kind in every mode, looked up in one table.
    @inline(__always)
    public mutating func peekKind() throws(JSONError) -> JSONValueKind {
        if offset < count, let kind = valueKinds[Int(bytes[offset])] { return kind }
        return try peekKindInGeneral()
    }

    /// `peekKind` for whitespace, JSON5 comments and quotes, the end of the input and bytes that
    /// start no value.
    @inline(never)
    mutating func peekKindInGeneral() throws(JSONError) -> JSONValueKind {
        let current = try valueStart()
        switch current {
        case ASCII.openBrace: return .object
        case ASCII.openBracket: return .array
        case ASCII.quote: return .string
        case ASCII.minus, ASCII.zero...ASCII.nine: return .number
        case ASCII.lowerT, ASCII.lowerF: return .bool
        case ASCII.lowerN: return .null
        case ASCII.apostrophe where mode == .json5: return .string
        default: throw invalidValueStart(current)
        }
    }

    /// The error for a byte that cannot start a value: words get `invalidLiteral` (`NaN`,
    /// `Infinity`, `True`), everything else `unexpectedCharacter`.
    func invalidValueStart(_ current: UInt8, at position: Int? = nil) -> JSONError {
        let start = position ?? offset
        if ASCII.isIdentifierStart(current) && Self.utf16Error(in: bytes) == nil {
            var end = start
            if end < count && bytes[end] == ASCII.minus { end += 1 }
            while end < count && ASCII.isIdentifierContinue(bytes[end]) && end - start < 32 { end += 1 }
            let word = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) ?? ""
            let bare = word.hasPrefix("-") ? String(word.dropFirst()).lowercased() : word.lowercased()
            if ["nan", "infinity", "inf"].contains(bare) {
                return JSONRules.nonFiniteLiteral(word, at: start)
            }
            return JSONRules.invalidLiteral(word, at: start)
        }
        if current == ASCII.plus || current == ASCII.period {
            return JSONRules.invalidNumberStart(current, at: offset)
        }
        return unexpected(at: offset, expecting: "a value")
    }

    /// Consumes `{`. The depth limit is checked before descending, so hostile nesting fails at
    /// the first bracket too many instead of exhausting memory.
    public mutating func enterObject() throws(JSONError) {
        guard try valueStart() == ASCII.openBrace else { throw unexpected(at: offset, expecting: "'{'") }
        try descend(isObject: true)
    }

    /// Consumes `[`, with the same depth check as `enterObject`.
    public mutating func enterArray() throws(JSONError) {
        guard try valueStart() == ASCII.openBracket else { throw unexpected(at: offset, expecting: "'['") }
        try descend(isObject: false)
    }

    @inline(__always)
    mutating func descend(isObject: Bool) throws(JSONError) {
        guard depth < maxDepth else {
            throw JSONRules.depthExceeded(limit: maxDepth, at: offset)
        }
        depth += 1
        offset += 1
        atContainerStart = true
        scratch.pushFrame(isObject: isObject)
    }

    @inline(__always)
    mutating func ascend() {
        depth -= 1
        offset += 1
        scratch.popFrame()
    }

    /// Moves to the next member of the current object: consumes the separating `,`, the key
    /// (checked against the object's earlier keys) and the `:`, leaving the cursor at the value.
    /// Returns `nil` after consuming the closing `}`.
    @inline(__always)
    public mutating func nextKey() throws(JSONError) -> JSONStringToken? {
        guard let key = try nextKeyToken() else { return nil }
        try registerKey(key)
        try consumeColon()
        return key
    }

    /// The first step of `nextKey`: consumes the separating `,` and the key, and returns it
    /// (`nil` after consuming the closing `}`), leaving the cursor before the `:`. The caller
    /// checks the key against the object's earlier keys, with `registerKey` or
    /// `registerKnownKey`, then calls `consumeColon`: an object whose keys are matched against
    /// a fixed set anyway checks those keys with one bit each instead of a compare.
    @inline(__always)
    mutating func nextKeyToken() throws(JSONError) -> JSONStringToken? {
        // The common case of compact strict JSON: `,"key":` (or `"key":` first), no whitespace.
        if mode == .strict && offset < count {
            let first = bytes[offset]
            let quoteAt: Int
            if first == ASCII.comma && !atContainerStart && offset + 1 < count && bytes[offset + 1] == ASCII.quote {
                quoteAt = offset + 1
            } else if first == ASCII.quote && atContainerStart {
                quoteAt = offset
            } else if first == ASCII.closeBrace {
                // The object's end, after a member or at its start (`{}`): valid in strict JSON.
                atContainerStart = false
                ascend()
                return nil
            } else {
                return try nextKeyTokenInGeneral()
            }
            atContainerStart = false
            offset = quoteAt
            return try scanString()
        }
        return try nextKeyTokenInGeneral()
    }

    /// Ends the object when the next byte of compact strict JSON is its `}` (what
    /// `nextKeyToken` does there, without the call); false, with the cursor where it was,
    /// for anything else.
    @inline(__always)
    mutating func endsObject() -> Bool {
        guard mode == .strict, offset < count, bytes[offset] == ASCII.closeBrace else { return false }
        atContainerStart = false
        ascend()
        return true
    }

    /// The last step of `nextKey`: consumes the `:` after the key.
    @inline(__always)
    mutating func consumeColon() throws(JSONError) {
        if offset < count && bytes[offset] == ASCII.colon {
            offset += 1
        } else {
            try expectColon()
        }
    }

    /// Records a key from `nextKeyToken` that the caller matched to `ordinal` (below 64) of its
    /// own fixed set of names, instead of `registerKey`: a second key of the same ordinal in the
    /// object is a duplicate. `seen` holds a bit per ordinal seen in this object (0 at its
    /// start), `firstAt` the source offset of each one's first key. Keys the caller does not
    /// know still go to `registerKey`; since equal unescaped names match the same ordinal, no
    /// duplicate falls between the two.
    @inline(__always)
    func registerKnownKey(
        _ key: JSONStringToken, ordinal: Int, seen: inout UInt64, firstAt: UnsafeMutablePointer<Int>
    ) throws(JSONError) {
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: ordinal & 63)
        if seen & bit != 0 { throw Self.duplicateKeyError(key, first: firstAt[ordinal & 63], in: bytes) }
        seen |= bit
        firstAt[ordinal & 63] = key.sourceStart
    }

    /// Records a key (from `nextKeyToken`) in the innermost object; a key seen before in it is
    /// an error.
    @inline(__always)
    func registerKey(_ key: JSONStringToken) throws(JSONError) {
        if let duplicate = scratch.registerKey(key, in: bytes) {
            throw Self.duplicateKeyError(key, first: duplicate, in: bytes)
        }
    }

    @inline(never)
    static func duplicateKeyError(
        _ key: JSONStringToken, first: Int, in bytes: UnsafeRawBufferPointer
    ) -> JSONError {
        JSONRules.duplicateKey(key.decodedString(in: bytes), at: key.sourceStart, first: first)
    }

    /// Consumes the `:` after a key, with whitespace around it.
    mutating func expectColon() throws(JSONError) {
        guard try peekNonWhitespace() == ASCII.colon else {
            throw unexpected(at: offset, expecting: "':' after object key")
        }
        offset += 1
    }

    /// `nextKeyToken` for everything but compact strict JSON: whitespace, comments, trailing commas.
    mutating func nextKeyTokenInGeneral() throws(JSONError) -> JSONStringToken? {
        guard var current = try peekNonWhitespace() else {
            throw JSONRules.unterminatedObject(at: count)
        }
        if atContainerStart {
            atContainerStart = false
            if current == ASCII.closeBrace {
                ascend()
                return nil
            }
        } else {
            if current == ASCII.closeBrace {
                ascend()
                return nil
            }
            guard current == ASCII.comma else {
                throw unexpected(at: offset, expecting: "',' or '}' after object member")
            }
            let commaOffset = offset
            offset += 1
            guard let afterComma = try peekNonWhitespace() else {
                throw JSONRules.endOfInput(at: count, expecting: "an object key")
            }
            if afterComma == ASCII.closeBrace {
                guard mode == .json5 else {
                    throw JSONRules.trailingComma(before: "}", at: commaOffset)
                }
                ascend()
                return nil
            }
            current = afterComma
        }
        return try readKey(startingWith: current)
    }

    /// Reads an object key: a string, or in JSON5 an identifier.
    @inline(__always)
    mutating func readKey(startingWith current: UInt8) throws(JSONError) -> JSONStringToken {
        if current == ASCII.quote || (current == ASCII.apostrophe && mode == .json5) {
            return try scanString()
        }
        if mode == .json5 && ASCII.isIdentifierStart(current) {
            let start = offset
            offset += 1
            while offset < count && ASCII.isIdentifierContinue(bytes[offset]) { offset += 1 }
            return JSONStringToken(content: start..<offset, hasEscapes: false, isQuoted: false)
        }
        if current == ASCII.closeBrace {
            throw unexpected(at: offset, expecting: "an object key")
        }
        throw unexpected(
            at: offset,
            expecting: mode == .json5 ? "an object key (string or identifier)" : "a double-quoted object key")
    }

    /// Moves to the next element of the current array: consumes the separating `,` and leaves
    /// the cursor at the element. Returns `false` after consuming the closing `]`.
    public mutating func nextElement() throws(JSONError) -> Bool {
        guard let current = try peekNonWhitespace() else {
            throw JSONRules.unterminatedArray(at: count)
        }
        if current == ASCII.closeBracket {
            atContainerStart = false
            ascend()
            return false
        }
        if atContainerStart {
            atContainerStart = false
            return true
        }
        guard current == ASCII.comma else {
            throw unexpected(at: offset, expecting: "',' or ']' after array element")
        }
        let commaOffset = offset
        offset += 1
        if try peekNonWhitespace() == ASCII.closeBracket {
            guard mode == .json5 else {
                throw JSONRules.trailingComma(before: "]", at: commaOffset)
            }
            ascend()
            return false
        }
        return true
    }
}
