/// What went wrong while reading JSON. Each kind is one stable rule (`json/<kebab-kind>`), so a
/// report can group, count and document JSON problems without parsing messages.
public enum JSONErrorKind: String, Sendable, Hashable, CaseIterable {
    /// Nothing but whitespace (or a lone BOM) where a JSON text was expected.
    case emptyInput
    /// The input stopped inside a value, string, comment or container.
    case unexpectedEnd
    /// A byte that cannot start or continue the construct being read.
    case unexpectedCharacter
    /// A bare word that is not `true`, `false` or `null` (`NaN`, `Infinity`, `tru`…).
    case invalidLiteral
    /// A number outside the RFC 8259 grammar (leading zeros, `1.`, `-`, `1e`…).
    case invalidNumber
    /// A number lexeme longer than `JSONCursor.maxNumberLength` characters.
    case numberTooLong
    /// A backslash escape that JSON does not define, or a malformed `\u` escape.
    case invalidEscape
    /// A raw byte below 0x20 inside a string; JSON requires it to be escaped.
    case controlCharacterInString
    /// Bytes inside a string that are not well-formed UTF-8.
    case invalidUTF8
    /// A `\u` escape for half of a surrogate pair without its other half.
    case loneSurrogate
    /// The input looks like UTF-16 (byte order mark or NUL-byte pattern) rather than UTF-8.
    case notUTF8
    /// An object names the same key twice (compared after unescaping).
    case duplicateKey
    /// Containers nest deeper than the configured limit.
    case depthExceeded
    /// Something other than whitespace follows the complete JSON text.
    case trailingContent
    /// A UTF-8 byte order mark anywhere but at byte 0 of the input, or at byte 0 when not allowed.
    case misplacedBOM
}

/// A JSON problem that stops reading the current text: what (kind), where (0-based byte offset,
/// always within `0...input.count`) and a human message. Line and column are computed only when a
/// report needs them (`LineIndex`), so building an error stays cheap on the hot path.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    public var kind: JSONErrorKind
    /// 0-based byte offset of the offending byte, or the input length when the input ended early.
    public var offset: Int
    /// Lowercase start, no trailing period, offending key or character quoted.
    public var message: String
    /// A second place the message refers to (where the first of two equal keys stands, where an
    /// unterminated string starts): words and a 0-based byte offset, which `message(position:)`
    /// spells as `line:column` the way the finding's location does.
    public var related: (words: String, offset: Int)?

    public init(_ kind: JSONErrorKind, at offset: Int, _ message: String, related: (words: String, offset: Int)? = nil)
    {
        self.kind = kind
        self.offset = offset
        self.message = message
        self.related = related
    }

    /// The message with the related place, if any, spelled by `position` (offset → `line:column`).
    public func message(position: (Int) -> String) -> String {
        guard let related else { return message }
        return "\(message) (\(related.words) \(position(related.offset)))"
    }

    public static func == (lhs: JSONError, rhs: JSONError) -> Bool {
        lhs.kind == rhs.kind && lhs.offset == rhs.offset && lhs.message == rhs.message
            && lhs.related?.words == rhs.related?.words && lhs.related?.offset == rhs.related?.offset
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(offset)
        hasher.combine(message)
    }

    /// The rule this error reports under (`json/<kebab-kind>`).
    public var rule: Rule { JSONRules.rule(for: kind) }

    public var description: String { "\(rule.id) at byte \(offset): \(message { "byte \($0)" })" }
}

extension JSONError {
    /// How a byte is named in messages: printable ASCII quoted (`'x'`), anything else in hex, so a
    /// message never carries raw control or invalid bytes into a terminal.
    static func describe(byte: UInt8) -> String {
        switch byte {
        case 0x27: "\"'\""
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: "' '"
        default: "byte 0x\(hex(byte))"
        }
    }

    /// Two uppercase hex digits.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    /// Renders key text for a message: quoted, with quotes, backslashes and non-printable
    /// characters escaped so the message stays on one line.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u00" + hex(UInt8(scalar.value))
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
