/// Which JSON dialect a reader accepts.
public enum JSONMode: Sendable, Hashable {
    /// RFC 8259, as exports must be: no comments, no trailing commas, double-quoted strings only.
    case strict
    /// The JSON5 conveniences that make hand-written plan files pleasant: `//` and `/* */`
    /// comments, trailing commas, unquoted identifier keys and single-quoted strings (with `\'`).
    /// Numbers, literals and whitespace stay as in strict JSON.
    case json5
}

/// The kind of the next value, as told by its first byte.
public enum JSONValueKind: Sendable, Hashable {
    case object, array, string, number, bool, null
}

/// The kind of value each first byte starts in every mode (`{`, `[`, `"`, `-`, digits, `t`, `f`,
/// `n`); nil for every other byte, which `JSONCursor.peekKind` reads the long way (whitespace,
/// JSON5 comments and quotes, errors).
///
/// `nonisolated(unsafe)`: the table is written once at initialisation and only read afterwards.
nonisolated(unsafe) let valueKindsByFirstByte: UnsafePointer<JSONValueKind?> = {
    let table = UnsafeMutablePointer<JSONValueKind?>.allocate(capacity: 256)
    table.initialize(repeating: nil, count: 256)
    table[Int(ASCII.openBrace)] = .object
    table[Int(ASCII.openBracket)] = .array
    table[Int(ASCII.quote)] = .string
    table[Int(ASCII.minus)] = .number
    for digit in ASCII.zero...ASCII.nine { table[Int(digit)] = .number }
    table[Int(ASCII.lowerT)] = .bool
    table[Int(ASCII.lowerF)] = .bool
    table[Int(ASCII.lowerN)] = .null
    return UnsafePointer(table)
}()

/// Named ASCII bytes, so the scanner reads like the grammar.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let dollar: UInt8 = 0x24
    static let apostrophe: UInt8 = 0x27
    static let asterisk: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let one: UInt8 = 0x31
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let upperA: UInt8 = 0x41
    static let upperE: UInt8 = 0x45
    static let upperF: UInt8 = 0x46
    static let upperZ: UInt8 = 0x5A
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let lowerA: UInt8 = 0x61
    static let lowerB: UInt8 = 0x62
    static let lowerD: UInt8 = 0x64
    static let lowerE: UInt8 = 0x65
    static let lowerF: UInt8 = 0x66
    static let lowerI: UInt8 = 0x69
    static let lowerN: UInt8 = 0x6E
    static let lowerR: UInt8 = 0x72
    static let lowerS: UInt8 = 0x73
    static let lowerT: UInt8 = 0x74
    static let lowerU: UInt8 = 0x75
    static let lowerZ: UInt8 = 0x7A
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let bomFirst: UInt8 = 0xEF
    static let bomSecond: UInt8 = 0xBB
    static let bomThird: UInt8 = 0xBF

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

    /// Whether `bytes` start with the UTF-8 byte order mark `EF BB BF`: the one check every
    /// stage uses (framing, the document sniff, the plan reader, the cursor).
    @inline(__always) static func startsWithByteOrderMark(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 3 && bytes[0] == bomFirst && bytes[1] == bomSecond && bytes[2] == bomThird
    }

    static func startsWithByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { startsWithByteOrderMark($0) }
    }

    /// Bytes that may start a JSON5 unquoted key (`[A-Za-z_$]`).
    @inline(__always) static func isIdentifierStart(_ byte: UInt8) -> Bool {
        let folded = byte | 0x20
        return (folded >= lowerA && folded <= lowerZ) || byte == underscore || byte == dollar
    }

    /// Bytes that may continue a JSON5 unquoted key (`[A-Za-z0-9_$]`).
    @inline(__always) static func isIdentifierContinue(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }
}

/// A forward-only, validating JSON reader over raw bytes: the one reader of eventlint.
///
/// The export scanner drives it by hand (`enterObject`, `nextKey`, `readString`, `skipValue`…) to
/// pick out the few members a plan asks about as byte ranges, so a clean line costs no `String`
/// and no heap allocation; `JSONParser` drives the same cursor to build a `JSONNode` tree for
/// plan files. Whatever is skipped is still fully validated (UTF-8, escapes, surrogates, number
/// grammar, duplicate keys, depth), so "skipped" never means "accepted unseen".
///
/// Usage protocol: read one value at the top level, then call `expectEnd()`. Inside an object,
/// call `nextKey()` until it returns `nil`, consuming exactly one value (read or skip) after each
/// key; inside an array, call `nextElement()` until it returns `false`, consuming one value each
/// time it returns `true`. Errors are thrown at the first problem and leave the cursor unusable
/// for that text (the caller moves on to the next line).
///
/// The buffer must stay valid for the cursor's lifetime; the `JSONScratch` must serve only this
/// cursor while it is in use.
public struct JSONCursor {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline let count: Int
    public let mode: JSONMode
    public let maxDepth: Int
    /// Reused duplicate-key and container-kind storage; see `JSONScratch`.
    public let scratch: JSONScratch
    /// 0-based offset of the next unread byte. (Settable within the module only because the
    /// string scanner lives in its own file.)
    public internal(set) var offset: Int
    /// Number of containers entered and not yet closed.
    public private(set) var depth: Int = 0
    /// True right after `enterObject`/`enterArray`, before the first member: that is the only
    /// moment a closing bracket may come without a preceding comma. One flag suffices because a
    /// parent container is never "at start" while one of its children is open.
    /// Set by `enterObject`/`enterArray` until the first member or element is read (cleared by
    /// `predictedKey` too, beside the string scan).
    var atContainerStart = false
    /// `stringByteClasses`, fetched once per cursor so the string loop does not go through the
    /// global's lazy-initialisation check on every string.
    let stringClasses: UnsafePointer<UInt8>
    /// `valueKindsByFirstByte`, fetched once per cursor for the same reason.
    let valueKinds: UnsafePointer<JSONValueKind?>

    /// - Parameters:
    ///   - bytes: the JSON text (one export line, or a whole plan file).
    ///   - mode: `.strict` for exports, `.json5` for plan files.
    ///   - maxDepth: deepest nesting accepted; 512 nested arrays pass, 513 fail.
    ///   - scratch: per-thread reusable storage; it is reset here.
    public init(
        bytes: UnsafeRawBufferPointer, mode: JSONMode = .strict, maxDepth: Int = 512,
        scratch: JSONScratch
    ) {
        self.bytes = bytes
        self.count = bytes.count
        self.mode = mode
        self.maxDepth = maxDepth
        self.scratch = scratch
        self.offset = 0
        self.stringClasses = stringByteClasses
        self.valueKinds = valueKindsByFirstByte
        scratch.reset()
    }

    // MARK: - Byte access

    /// Skips JSON whitespace (and, in JSON5, comments) and returns the next byte without consuming
    /// it, or `nil` at the end of the input.
    @inline(__always)
    mutating func peekNonWhitespace() throws(JSONError) -> UInt8? {
        while offset < count {
            let current = bytes[offset]
            if current > ASCII.space {
                if current == ASCII.slash && mode == .json5 {
                    try skipComment()
                    continue
                }
                return current
            }
            guard
                current == ASCII.space || current == ASCII.lineFeed
                    || current == ASCII.carriageReturn || current == ASCII.tab
            else { return current }
            offset += 1
        }
        return nil
    }

    /// Skips one JSON5 comment starting at `offset` (which holds `/`).
    private mutating func skipComment() throws(JSONError) {
        let start = offset
        guard offset + 1 < count else {
            throw JSONError(.unexpectedEnd, at: count, "unexpected end of input after '/'")
        }
        switch bytes[offset + 1] {
        case ASCII.slash:
            offset += 2
            while offset < count && bytes[offset] != ASCII.lineFeed { offset += 1 }
        case ASCII.asterisk:
            offset += 2
            while offset + 1 < count {
                if bytes[offset] == ASCII.asterisk && bytes[offset + 1] == ASCII.slash {
                    offset += 2
                    return
                }
                offset += 1
            }
            throw JSONError(.unexpectedEnd, at: count, "unterminated block comment", related: ("opened at", start))
        default:
            throw unexpected(at: offset, expecting: "a value")
        }
    }

    /// The byte that starts the next value; the end of input is `emptyInput` at the top level
    /// and `unexpectedEnd` inside a container.
    @inline(__always)
    private mutating func valueStart() throws(JSONError) -> UInt8 {
        guard let current = try peekNonWhitespace() else {
            if depth == 0 {
                throw JSONError(.emptyInput, at: count, "expected a JSON value, found end of input")
            }
            throw JSONError(.unexpectedEnd, at: count, "expected a value, found end of input")
        }
        return current
    }

    // MARK: - Errors

    /// Builds the error for a byte that does not fit. Runs only on the error path, so it may look
    /// around: a UTF-16 text or a stray BOM gets its own, more helpful, kind.
    func unexpected(at position: Int, expecting expectation: String) -> JSONError {
        if let utf16 = Self.utf16Error(in: bytes) { return utf16 }
        guard position < count else {
            return JSONError(.unexpectedEnd, at: count, "expected \(expectation), found end of input")
        }
        let found = bytes[position]
        if position < count, ASCII.startsWithByteOrderMark(UnsafeRawBufferPointer(rebasing: bytes[position...])) {
            return JSONError(
                .misplacedBOM, at: position,
                "byte order mark (EF BB BF) is only allowed at the start of the input")
        }
        return JSONError(
            .unexpectedCharacter, at: position,
            "expected \(expectation), found \(JSONError.describe(byte: found))")
    }

    /// Recognises UTF-16 text: a UTF-16 byte order mark, or ASCII encoded as UTF-16 (NUL in
    /// every other byte of the first four). Only consulted once reading has already failed.
    static func utf16Error(in bytes: UnsafeRawBufferPointer) -> JSONError? {
        guard bytes.count >= 2 else { return nil }
        let hasBOM = (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
        var looksLikeUTF16 = hasBOM
        if !hasBOM && bytes.count >= 4 {
            let zeros = (0..<4).map { bytes[$0] == 0 }
            looksLikeUTF16 = zeros == [false, true, false, true] || zeros == [true, false, true, false]
        }
        guard looksLikeUTF16 else { return nil }
        return JSONError(
            .notUTF8, at: 0,
            "input is not UTF-8 (it looks like UTF-16); convert it to UTF-8")
    }

    // MARK: - Values

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
    private mutating func peekKindInGeneral() throws(JSONError) -> JSONValueKind {
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
    private func invalidValueStart(_ current: UInt8, at position: Int? = nil) -> JSONError {
        let start = position ?? offset
        if ASCII.isIdentifierStart(current) && Self.utf16Error(in: bytes) == nil {
            var end = start
            if end < count && bytes[end] == ASCII.minus { end += 1 }
            while end < count && ASCII.isIdentifierContinue(bytes[end]) && end - start < 32 { end += 1 }
            let word = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) ?? ""
            let bare = word.hasPrefix("-") ? String(word.dropFirst()).lowercased() : word.lowercased()
            if ["nan", "infinity", "inf"].contains(bare) {
                return JSONError(
                    .invalidLiteral, at: start,
                    "invalid literal '\(word)': JSON has no NaN or Infinity (the producer may be Python's "
                        + "json.dumps with allow_nan=True); write null or a finite number")
            }
            return JSONError(
                .invalidLiteral, at: start,
                "invalid literal '\(word)'; JSON allows only true, false and null")
        }
        if current == ASCII.plus || current == ASCII.period {
            return JSONError(
                .invalidNumber, at: offset,
                "numbers cannot start with \(JSONError.describe(byte: current))")
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
    private mutating func descend(isObject: Bool) throws(JSONError) {
        guard depth < maxDepth else {
            throw JSONError(
                .depthExceeded, at: offset, "nesting deeper than the limit of \(maxDepth) levels")
        }
        depth += 1
        offset += 1
        atContainerStart = true
        scratch.pushFrame(isObject: isObject)
    }

    @inline(__always)
    private mutating func ascend() {
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
    private static func duplicateKeyError(
        _ key: JSONStringToken, first: Int, in bytes: UnsafeRawBufferPointer
    ) -> JSONError {
        JSONError(
            .duplicateKey, at: key.sourceStart,
            "duplicate key \(JSONError.quote(key.decodedString(in: bytes)))", related: ("first at", first))
    }

    /// Consumes the `:` after a key, with whitespace around it.
    private mutating func expectColon() throws(JSONError) {
        guard try peekNonWhitespace() == ASCII.colon else {
            throw unexpected(at: offset, expecting: "':' after object key")
        }
        offset += 1
    }

    /// `nextKeyToken` for everything but compact strict JSON: whitespace, comments, trailing commas.
    private mutating func nextKeyTokenInGeneral() throws(JSONError) -> JSONStringToken? {
        guard var current = try peekNonWhitespace() else {
            throw JSONError(.unexpectedEnd, at: count, "unterminated object: expected '}' or a member")
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
                throw JSONError(.unexpectedEnd, at: count, "expected an object key, found end of input")
            }
            if afterComma == ASCII.closeBrace {
                guard mode == .json5 else {
                    throw JSONError(
                        .unexpectedCharacter, at: commaOffset,
                        "trailing comma before '}' is not allowed in strict JSON")
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
    private mutating func readKey(startingWith current: UInt8) throws(JSONError) -> JSONStringToken {
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
            throw JSONError(.unexpectedEnd, at: count, "unterminated array: expected ']' or a value")
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
                throw JSONError(
                    .unexpectedCharacter, at: commaOffset,
                    "trailing comma before ']' is not allowed in strict JSON")
            }
            ascend()
            return false
        }
        return true
    }

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
            throw JSONError(.unexpectedEnd, at: count, "expected a digit after '-', found end of input")
        }
        let first = bytes[index]
        if ASCII.isIdentifierStart(first) && index > start {
            // `-Infinity`, `-NaN`: name the word, not just the letter after the sign.
            throw invalidValueStart(first, at: start)
        }
        if first == ASCII.zero {
            index += 1
            if index < count && ASCII.isDigit(bytes[index]) {
                throw JSONError(.invalidNumber, at: index - 1, "leading zeros are not allowed in numbers")
            }
        } else if first >= ASCII.one && first <= ASCII.nine {
            index += 1
            while index < count && ASCII.isDigit(bytes[index]) { index += 1 }
        } else {
            throw JSONError(
                .invalidNumber, at: index, "expected a digit after '-', found \(JSONError.describe(byte: first))")
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
            throw JSONError(
                .numberTooLong, at: start,
                "number is \(index - start) characters long, more than the limit of \(Self.maxNumberLength)")
        }
        offset = index
        return start..<index
    }

    @inline(__always)
    private func requireDigits(from start: Int, after what: String) throws(JSONError) -> Int {
        guard start < count else {
            throw JSONError(.unexpectedEnd, at: count, "expected a digit after \(what), found end of input")
        }
        guard ASCII.isDigit(bytes[start]) else {
            throw JSONError(
                .invalidNumber, at: start,
                "expected a digit after \(what), found \(JSONError.describe(byte: bytes[start]))")
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
    private mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
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
                throw JSONError(.unexpectedEnd, at: count, "unexpected end of input inside literal '\(literal)'")
            }
            throw invalidValueStart(bytes[offset])
        }
        offset += length
    }

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
    private mutating func skipCompactFlatObject() -> Bool {
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
    private mutating func compactFlatMembers(from position: Int) -> Bool {
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
        throw JSONError(
            .trailingContent, at: offset,
            "unexpected \(JSONError.describe(byte: current)) after the end of the JSON value")
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
