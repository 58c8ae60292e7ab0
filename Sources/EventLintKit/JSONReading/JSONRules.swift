/// The rules of the JSON reader stage, listed in `RuleCatalog`. One rule per `JSONErrorKind`; the
/// ids are spelled out here (never derived from the enum case names) so renaming a case cannot
/// silently change an id that users filter on.
///
/// Each rule is followed by the factories of its messages. They return a `JSONError`, not a
/// `Finding`: the reader throws it as it is, and whoever reads the text (the lint pass, the plan
/// loader) makes the finding from its rule, offset and message, so wording stays next to the rule.
/// They run only when an error is made.
public enum JSONRules {
    public static let emptyInput = Rule(
        id: "json/empty-input", stage: .json, severity: .error,
        summary: "the input holds no JSON value",
        documentation: """
            Rejects a file or line that contains only whitespace (or only a byte order mark) where \
            a JSON text is expected.

            RFC 8259 §2 requires a JSON text to be exactly one value; an empty document is not one. \
            Plan files must contain a JSON object. For exports, blank lines are counted separately \
            and do not reach the JSON reader.

            Fix: remove the empty file from the input, or write the missing value.

            No example: an empty export line is a blank line (`export/blank-line`); this rule fires on an empty plan file.
            """)

    /// Nothing but whitespace where the top-level value should start.
    static func emptyInput(at offset: Int) -> JSONError {
        JSONError(.emptyInput, at: offset, "expected a JSON value, found end of input")
    }

    public static let unexpectedEnd = Rule(
        id: "json/unexpected-end", stage: .json, severity: .error,
        summary: "the input ends inside a value, string, comment or container",
        documentation: """
            Rejects text that stops before the value is complete: an unclosed string, array, \
            object or block comment, or a number or literal cut short.

            This usually means a truncated file or an export line split by a tool that wrapped \
            long lines. The error points at the end of the input.

            Fix: regenerate the export, or close the open construct.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#))

    /// The input ends where `expectation` (`a value`, `an object key`, …) should come.
    static func endOfInput(at offset: Int, expecting expectation: String) -> JSONError {
        JSONError(.unexpectedEnd, at: offset, "expected \(expectation), found end of input")
    }

    static func unterminatedObject(at offset: Int) -> JSONError {
        JSONError(.unexpectedEnd, at: offset, "unterminated object: expected '}' or a member")
    }

    static func unterminatedArray(at offset: Int) -> JSONError {
        JSONError(.unexpectedEnd, at: offset, "unterminated array: expected ']' or a value")
    }

    /// The input ends inside a number, after `what` (`'-'`, `'.'`, `the exponent marker`).
    static func endBeforeDigit(after what: String, at offset: Int) -> JSONError {
        JSONError(.unexpectedEnd, at: offset, "expected a digit after \(what), found end of input")
    }

    static func endInsideLiteral(_ literal: StaticString, at offset: Int) -> JSONError {
        JSONError(.unexpectedEnd, at: offset, "unexpected end of input inside literal '\(literal)'")
    }

    /// A string still open at the end; `start` is its opening quote.
    static func unterminatedString(at offset: Int, start: Int) -> JSONError {
        JSONError(.unexpectedEnd, at: offset, "unterminated string", related: ("starting at", start))
    }

    static func endInsideEscape(at offset: Int) -> JSONError {
        JSONError(.unexpectedEnd, at: offset, "unexpected end of input in escape sequence")
    }

    static func endInsideUnicodeEscape(at offset: Int) -> JSONError {
        JSONError(.unexpectedEnd, at: offset, "unexpected end of input in \\u escape")
    }

    /// JSON5: a `/` that starts no comment before the end.
    static func endAfterSlash(at offset: Int) -> JSONError {
        JSONError(.unexpectedEnd, at: offset, "unexpected end of input after '/'")
    }

    /// JSON5: a block comment still open at the end; `start` is its `/*`.
    static func unterminatedBlockComment(at offset: Int, start: Int) -> JSONError {
        JSONError(.unexpectedEnd, at: offset, "unterminated block comment", related: ("opened at", start))
    }

    /// A multi-line document that opens a top-level array and never closes it.
    static func unterminatedTopLevelArray(at offset: Int) -> JSONError {
        JSONError(.unexpectedEnd, at: offset, "the input ends inside the top-level array (no closing ']')")
    }

    public static let unexpectedCharacter = Rule(
        id: "json/unexpected-character", stage: .json, severity: .error,
        summary: "a character that is not allowed at this point of the JSON grammar",
        documentation: """
            Rejects a byte that cannot appear where it stands: a missing comma or colon, a \
            single-quoted string or unquoted key in strict JSON, a trailing comma, a stray bracket.

            Exports are read as strict RFC 8259 JSON; plan files accept the JSON5 conveniences \
            (comments, trailing commas, unquoted keys, single-quoted strings) but nothing more.

            Fix: look at the quoted character in the message and correct the syntax around it.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"choice":'yes'}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#))

    /// `found` where `expectation` (`a value`, `',' or ']' after array element`, …) should come.
    static func unexpectedCharacter(_ found: UInt8, expecting expectation: String, at offset: Int) -> JSONError {
        JSONError(.unexpectedCharacter, at: offset, "expected \(expectation), found \(JSONError.describe(byte: found))")
    }

    /// Strict JSON: a comma right before the `closer` (`}` or `]`) of its container.
    static func trailingComma(before closer: Character, at offset: Int) -> JSONError {
        JSONError(.unexpectedCharacter, at: offset, "trailing comma before '\(closer)' is not allowed in strict JSON")
    }

    /// A multi-line document: a `closer` (`}` or `]`) between documents, where nothing is open.
    static func closerWithNothingOpen(_ closer: Character, at offset: Int) -> JSONError {
        JSONError(.unexpectedCharacter, at: offset, "unexpected '\(closer)' with nothing open")
    }

    /// A multi-line document: an element of the top-level array right after another one.
    static func missingArraySeparator(at offset: Int) -> JSONError {
        JSONError(.unexpectedCharacter, at: offset, "expected ',' or ']' after an element of the array")
    }

    public static let invalidLiteral = Rule(
        id: "json/invalid-literal", stage: .json, severity: .error,
        summary: "a bare word other than true, false or null",
        documentation: """
            Rejects words such as `NaN`, `Infinity`, `undefined`, `True` or a misspelt `nul`.

            RFC 8259 §3 allows only the lowercase literals `true`, `false` and `null`; NaN and \
            Infinity have no JSON representation and are read differently by every library.

            Fix: write `null`, a string, or a finite number instead.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"count":NaN}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"count":0}}
                """#))

    /// `NaN`, `Infinity` or `inf`, with or without a sign: what Python writes with `allow_nan`.
    static func nonFiniteLiteral(_ word: String, at offset: Int) -> JSONError {
        JSONError(
            .invalidLiteral, at: offset,
            "invalid literal '\(word)': JSON has no NaN or Infinity (the producer may be Python's "
                + "json.dumps with allow_nan=True); write null or a finite number")
    }

    static func invalidLiteral(_ word: String, at offset: Int) -> JSONError {
        JSONError(.invalidLiteral, at: offset, "invalid literal '\(word)'; JSON allows only true, false and null")
    }

    public static let invalidNumber = Rule(
        id: "json/invalid-number", stage: .json, severity: .error,
        summary: "a number that does not follow the JSON number grammar",
        documentation: """
            Rejects leading zeros (`012`), a bare minus, a decimal point without digits on both \
            sides (`1.`, `.5`), a plus sign, hex numbers and an exponent without digits (`1e`).

            RFC 8259 §6 defines one number grammar; other forms are silently reinterpreted (octal, \
            truncation) by some readers. Numbers that are grammatical but huge (`1e400`) are kept \
            as written and left to the schema checks.

            Fix: write the number in plain decimal form, or quote it if it is an identifier.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"count":05}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"count":5}}
                """#))

    /// A `+` or `.` where a value starts.
    static func invalidNumberStart(_ found: UInt8, at offset: Int) -> JSONError {
        JSONError(.invalidNumber, at: offset, "numbers cannot start with \(JSONError.describe(byte: found))")
    }

    static func leadingZero(at offset: Int) -> JSONError {
        JSONError(.invalidNumber, at: offset, "leading zeros are not allowed in numbers")
    }

    /// `found` inside a number, after `what` (`'-'`, `'.'`, `the exponent marker`).
    static func notADigit(_ found: UInt8, after what: String, at offset: Int) -> JSONError {
        JSONError(
            .invalidNumber, at: offset, "expected a digit after \(what), found \(JSONError.describe(byte: found))")
    }

    public static let numberTooLong = Rule(
        id: "json/number-too-long", stage: .json, severity: .error,
        summary: "a number written with more than 1000 characters",
        documentation: """
            Rejects a number lexeme (digits, sign, point and exponent) longer than 1000 \
            characters, the limit Jackson uses by default.

            A double needs at most 24 characters and a 64-bit integer 20; a thousand digits is \
            corrupt data or an attempt to make a reader spend quadratic time converting it. \
            RFC 8259 §9 lets readers limit the size of numbers.

            Fix: write the value as a string if it is an identifier, or fix the producer.

            No example: it needs a number of more than 1000 characters.
            """)

    static func numberTooLong(length: Int, limit: Int, at offset: Int) -> JSONError {
        JSONError(.numberTooLong, at: offset, "number is \(length) characters long, more than the limit of \(limit)")
    }

    public static let invalidEscape = Rule(
        id: "json/invalid-escape", stage: .json, severity: .error,
        summary: "a backslash escape that JSON does not define",
        documentation: """
            Rejects escapes other than `\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` and \
            `\\uXXXX` with four hex digits (JSON5 plan files also accept `\\'`).

            RFC 8259 §7 lists the escapes; anything else (`\\x41`, `\\a`, `\\u12`) is read \
            differently, or dropped, by other tools.

            Fix: use one of the defined escapes, e.g. `\\u0041` instead of `\\x41`.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"label":"\x41"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"label":"\u0041"}}
                """#))

    /// A backslash followed by `found`, which starts no escape: named in hex when it is not
    /// printable ASCII, else shown as the escape it looks like.
    static func invalidEscape(_ found: UInt8, at offset: Int) -> JSONError {
        if found >= 0x80 || found < 0x20 {
            return JSONError(
                .invalidEscape, at: offset, "invalid escape: backslash followed by \(JSONError.describe(byte: found))")
        }
        return JSONError(.invalidEscape, at: offset, "invalid escape '\\\(Character(Unicode.Scalar(found)))'")
    }

    /// `found` among the four hex digits of a `\u` escape.
    static func invalidUnicodeEscape(_ found: UInt8, at offset: Int) -> JSONError {
        JSONError(
            .invalidEscape, at: offset,
            "invalid \\u escape: expected four hex digits, found \(JSONError.describe(byte: found))")
    }

    public static let controlCharacterInString = Rule(
        id: "json/control-character-in-string", stage: .json, severity: .error,
        summary: "a raw control character (below U+0020) inside a string",
        documentation: """
            Rejects tabs, newlines, NUL and other bytes below 0x20 written directly inside a \
            string.

            RFC 8259 §7 requires them to be escaped. In NDJSON a raw newline would also split the \
            record in two.

            Fix: escape the character (`\\t`, `\\n`, `\\u0000`) in the producer.

            No example: a raw control character is invisible in printed text.
            """)

    /// A raw byte below 0x20 (`found`) inside a string.
    static func controlCharacterInString(_ found: UInt8, at offset: Int) -> JSONError {
        let name = found == ASCII.lineFeed ? "line feed" : "control character"
        return JSONError(
            .controlCharacterInString, at: offset, "raw \(name) \(JSONError.describe(byte: found)) in string; escape it"
        )
    }

    public static let invalidUTF8 = Rule(
        id: "json/invalid-utf8", stage: .json, severity: .error,
        summary: "bytes that are not well-formed UTF-8",
        documentation: """
            Rejects overlong encodings, UTF-8-encoded surrogates, code points above U+10FFFF, \
            truncated sequences, lone continuation bytes and Latin-1 text.

            RFC 8259 §8.1 requires UTF-8. eventlint never repairs bytes to U+FFFD, because a \
            repaired value is no longer what the app sent and GA4 would store something else.

            Fix: make the producer write UTF-8; re-encode Latin-1 exports before linting.

            No example: it needs bytes that are not UTF-8, which printed text cannot hold.
            """)

    /// An ill-formed UTF-8 sequence inside a string, as `UTF8Validation.problem` tells it.
    static func invalidUTF8(_ problem: UTF8Validation.Problem, at offset: Int) -> JSONError {
        let why =
            switch problem {
            case .unexpectedContinuation(let lead): "unexpected continuation byte 0x\(JSONError.hex(lead))"
            case .overlong(let lead): "overlong encoding starting with 0x\(JSONError.hex(lead))"
            case .neverInUTF8(let lead): "byte 0x\(JSONError.hex(lead)) never appears in UTF-8"
            case .truncated(let lead): "truncated sequence starting with 0x\(JSONError.hex(lead))"
            case .cutShort(let lead): "sequence starting with 0x\(JSONError.hex(lead)) is cut short (Latin-1 text?)"
            case .surrogate: "surrogate code point encoded in UTF-8"
            case .aboveMaximum: "code point above U+10FFFF"
            }
        return JSONError(.invalidUTF8, at: offset, "invalid UTF-8: " + why)
    }

    public static let loneSurrogate = Rule(
        id: "json/lone-surrogate", stage: .json, severity: .error,
        summary: "a \\u escape for half of a surrogate pair",
        documentation: """
            Rejects `\\uD800`–`\\uDBFF` not followed by `\\uDC00`–`\\uDFFF`, and a low surrogate \
            on its own.

            I-JSON (RFC 7493 §2.1) forbids them: such a string cannot be represented as Unicode \
            text and readers disagree on what to do with it.

            Fix: emit the complete surrogate pair, or the character itself in UTF-8.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"note":"\ud83d"}}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"note":"\ud83d\ude00"}}
                """#))

    /// A high surrogate `\u` escape (`unit`) with no `\u` escape after it.
    static func unpairedHighSurrogate(_ unit: UInt32, at offset: Int) -> JSONError {
        JSONError(
            .loneSurrogate, at: offset, "lone surrogate \\u\(hex4(unit)) is not followed by a low surrogate")
    }

    /// A high surrogate `\u` escape (`unit`) followed by one that is not a low surrogate (`next`).
    static func highSurrogateWithoutLow(_ unit: UInt32, next: UInt32, at offset: Int) -> JSONError {
        JSONError(
            .loneSurrogate, at: offset,
            "lone surrogate \\u\(hex4(unit)) is followed by \\u\(hex4(next)), not a low surrogate")
    }

    /// A low surrogate `\u` escape (`unit`) with no high surrogate before it.
    static func loneLowSurrogate(_ unit: UInt32, at offset: Int) -> JSONError {
        JSONError(
            .loneSurrogate, at: offset, "lone low surrogate \\u\(hex4(unit)) without a preceding high surrogate")
    }

    /// Four uppercase hex digits of a UTF-16 code unit.
    static func hex4(_ unit: UInt32) -> String {
        JSONError.hex(UInt8(unit >> 8)) + JSONError.hex(UInt8(unit & 0xFF))
    }

    public static let notUTF8 = Rule(
        id: "json/not-utf8", stage: .json, severity: .error,
        summary: "the input looks like UTF-16, not UTF-8",
        documentation: """
            Rejects input that starts with a UTF-16 byte order mark or shows the NUL-byte pattern \
            of UTF-16 text.

            RFC 8259 §8.1 requires JSON exchanged between systems to be UTF-8. Windows tools often \
            save "Unicode" text as UTF-16.

            Fix: convert the file, e.g. `iconv -f UTF-16 -t UTF-8 in.json > out.json`.

            No example: it needs UTF-16 bytes, which printed text cannot hold.
            """)

    /// Text that looks like UTF-16 (a byte order mark, or NUL in every other byte).
    static func notUTF8(at offset: Int) -> JSONError {
        JSONError(.notUTF8, at: offset, "input is not UTF-8 (it looks like UTF-16); convert it to UTF-8")
    }

    /// The same on the first line of an export file: none of its lines can be read.
    static func fileNotUTF8(at offset: Int) -> JSONError {
        JSONError(
            .notUTF8, at: offset,
            "the file is not UTF-8 (it looks like UTF-16), so none of its lines can be read; "
                + "convert it, e.g. `iconv -f UTF-16 -t UTF-8 FILE > FILE.ndjson`")
    }

    public static let duplicateKey = Rule(
        id: "json/duplicate-key", stage: .json, severity: .error,
        summary: "an object names the same key twice",
        documentation: """
            Rejects an object in which two members have the same name after unescaping, so \
            `{"a":1,"\\u0061":2}` is a duplicate too (and, in plan files, `{a:1,"a":2}`).

            RFC 8259 §4 says names SHOULD be unique and I-JSON makes it a MUST: libraries keep the \
            first or the last value (Foundation's two decoders even disagree), so the meaning of \
            the document depends on who reads it.

            Fix: remove or rename one of the members.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","name":"form_sent"}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#))

    /// The key `name` (unescaped) a second time in one object; `first` is where it stood before.
    static func duplicateKey(_ name: String, at offset: Int, first: Int) -> JSONError {
        JSONError(.duplicateKey, at: offset, "duplicate key \(JSONError.quote(name))", related: ("first at", first))
    }

    public static let depthExceeded = Rule(
        id: "json/depth-exceeded", stage: .json, severity: .error,
        summary: "arrays and objects nest deeper than the limit",
        documentation: """
            Rejects a value nested deeper than the maximum depth (512 by default, as Foundation).

            Deep nesting is a classic way to exhaust a reader's stack or memory; GA4 events never \
            nest more than a few levels. The limit is checked before descending, so even 100,000 \
            opening brackets fail quickly.

            Fix: flatten the data, or raise the limit if the document is legitimately deep.

            No example: it needs more than 512 nested brackets.
            """)

    static func depthExceeded(limit: Int, at offset: Int) -> JSONError {
        JSONError(.depthExceeded, at: offset, "nesting deeper than the limit of \(limit) levels")
    }

    public static let trailingContent = Rule(
        id: "json/trailing-content", stage: .json, severity: .error,
        summary: "something other than whitespace follows the JSON value",
        documentation: """
            Rejects a second value or stray characters after a complete JSON text, e.g. `{} {}` or \
            `[1]]`.

            RFC 8259 §2 allows exactly one value per text; NDJSON puts each record on its own line.

            Fix: put one record per line, or remove the extra characters.
            """,
        examples: RuleExamples(
            failing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}} {}
                """#,
            passing: #"""
                {"name":"page_viewed","params":{"choice":"yes"}}
                """#))

    /// `found` after the complete top-level value.
    static func trailingContent(_ found: UInt8, at offset: Int) -> JSONError {
        JSONError(
            .trailingContent, at: offset,
            "unexpected \(JSONError.describe(byte: found)) after the end of the JSON value")
    }

    public static let misplacedBOM = Rule(
        id: "json/misplaced-bom", stage: .json, severity: .error,
        summary: "a byte order mark where it is not allowed",
        documentation: """
            Rejects the UTF-8 byte order mark (EF BB BF) anywhere except at the very first byte of \
            a file, where it is skipped and reported separately.

            RFC 8259 §8.1 says producers MUST NOT add a BOM and readers MAY ignore one at the start; \
            in the middle of a file it is usually two files concatenated.

            Fix: strip the BOM, e.g. when concatenating exports.

            No example: a byte order mark is invisible in printed text.
            """)

    static func misplacedBOM(at offset: Int) -> JSONError {
        JSONError(.misplacedBOM, at: offset, "byte order mark (EF BB BF) is only allowed at the start of the input")
    }

    public static let all: [Rule] = JSONErrorKind.allCases.map(rule(for:))

    /// The rule for each error kind; the switch makes adding a kind without a rule a compile error.
    public static func rule(for kind: JSONErrorKind) -> Rule {
        switch kind {
        case .emptyInput: emptyInput
        case .unexpectedEnd: unexpectedEnd
        case .unexpectedCharacter: unexpectedCharacter
        case .invalidLiteral: invalidLiteral
        case .invalidNumber: invalidNumber
        case .numberTooLong: numberTooLong
        case .invalidEscape: invalidEscape
        case .controlCharacterInString: controlCharacterInString
        case .invalidUTF8: invalidUTF8
        case .loneSurrogate: loneSurrogate
        case .notUTF8: notUTF8
        case .duplicateKey: duplicateKey
        case .depthExceeded: depthExceeded
        case .trailingContent: trailingContent
        case .misplacedBOM: misplacedBOM
        }
    }
}
