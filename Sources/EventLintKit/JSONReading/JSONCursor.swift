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
    static let backtick: UInt8 = 0x60
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let tilde: UInt8 = 0x7E
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
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
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
    public internal(set) var depth: Int = 0
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
    mutating func skipComment() throws(JSONError) {
        let start = offset
        guard offset + 1 < count else {
            throw JSONRules.endAfterSlash(at: count)
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
            throw JSONRules.unterminatedBlockComment(at: count, start: start)
        default:
            throw unexpected(at: offset, expecting: "a value")
        }
    }

    /// The byte that starts the next value; the end of input is `emptyInput` at the top level
    /// and `unexpectedEnd` inside a container.
    @inline(__always)
    mutating func valueStart() throws(JSONError) -> UInt8 {
        guard let current = try peekNonWhitespace() else {
            if depth == 0 {
                throw JSONRules.emptyInput(at: count)
            }
            throw JSONRules.endOfInput(at: count, expecting: "a value")
        }
        return current
    }

    // MARK: - Errors

    /// Builds the error for a byte that does not fit. Runs only on the error path, so it may look
    /// around: a UTF-16 text or a stray BOM gets its own, more helpful, kind.
    func unexpected(at position: Int, expecting expectation: String) -> JSONError {
        if let utf16 = Self.utf16Error(in: bytes) { return utf16 }
        guard position < count else {
            return JSONRules.endOfInput(at: count, expecting: expectation)
        }
        let found = bytes[position]
        if position < count, ASCII.startsWithByteOrderMark(UnsafeRawBufferPointer(rebasing: bytes[position...])) {
            return JSONRules.misplacedBOM(at: position)
        }
        return JSONRules.unexpectedCharacter(found, expecting: expectation, at: position)
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
        return JSONRules.notUTF8(at: 0)
    }
}
