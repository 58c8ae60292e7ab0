/// The one way text from the plan (names, values, descriptions, file names) reaches generated
/// Swift: as a string literal, an identifier or comment text. Nothing the plan says can end a
/// literal or a comment early, so a description holding `"""`, `*/`, `\(` or a newline stays
/// text and never becomes code.
public enum SwiftSource {
    /// A Swift string literal, quotes included: `"`, `\` and every character of `EscapedScalars`
    /// are escaped (`\u{…}`), so `\(` is never an interpolation and a value cannot open a new
    /// line or reorder what a reviewer sees.
    public static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Text for a `//` or `///` comment line: every line break (and the other characters a
    /// literal would escape) becomes a space or a visible `\u{…}`, so the text stays on its line.
    public static func commentText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": result += " "
            default:
                if needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `///` lines of a description: one comment line per line of the text, indented.
    public static func docComment(_ text: String?, indent: String) -> String {
        guard let text, !text.isEmpty else { return "" }
        let lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        return lines.map { line in
            var body = commentText(String(line))
            while body.last == " " { body.removeLast() }
            return body.isEmpty ? "\(indent)///\n" : "\(indent)/// \(body)\n"
        }.joined()
    }

    /// The characters of `EscapedScalars`: controls, format characters (bidi controls, zero-width
    /// characters), line and paragraph separators, which could make code read differently from
    /// how it compiles.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { EscapedScalars.contains(scalar) }

    // MARK: - Identifiers

    /// Words that must be written in backticks to be an identifier.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "async", "await", "false", "is",
        "nil", "super", "throws", "true", "try", "some", "any", "each", "macro", "consume", "copy", "discard",
    ]

    /// Names that backticks do not make usable everywhere (`self`, `Type`, `_`), or that the
    /// generated code itself uses inside a type; they are taken as if already declared.
    static let unusable: Set<String> = [
        "self", "Self", "Type", "Protocol", "_", "rawValue", "allCases", "hashValue",
        "description", "init",
    ]

    /// The words of a plan name: runs of ASCII letters and digits; `camelCase` humps and
    /// other characters separate words (`screen_time` → screen, time; `pickBuilding` → pick,
    /// Building; `5-9` → 5, 9).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            guard character.isASCII, character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(String(current)) }
                current = []
                continue
            }
            if let last = current.last {
                let nextIsLower =
                    index + 1 < characters.count && characters[index + 1].isASCII
                    && characters[index + 1].isLowercase
                // a hump (aB), or the last capital of an acronym before a word (URLScheme → URL, Scheme)
                let hump = (last.isLowercase || last.isNumber) && character.isUppercase
                let acronymEnd = last.isUppercase && character.isUppercase && nextIsLower
                if hump || acronymEnd {
                    words.append(String(current))
                    current = []
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `screen_time` → `screenTime`; `5-9` → `_5_9`; empty or symbol-only text → `fallback`.
    public static func lowerCamel(_ text: String, fallback: String = "value") -> String {
        joined(words(text), upperFirst: false, fallback: fallback)
    }

    /// `checkout_sheet` → `CheckoutSheet`.
    public static func upperCamel(_ text: String, fallback: String = "Value") -> String {
        joined(words(text), upperFirst: true, fallback: fallback)
    }

    static func joined(_ words: [String], upperFirst: Bool, fallback: String) -> String {
        guard !words.isEmpty else { return fallback }
        var result = ""
        for (index, word) in words.enumerated() {
            let piece: String
            if index == 0 && !upperFirst {
                piece = word.lowercased() == word || word.uppercased() != word ? lowerFirst(word) : word.lowercased()
            } else {
                piece = word.prefix(1).uppercased() + word.dropFirst()
            }
            // Two numbers in a row keep a separator: `5-9` is not `59`.
            if let last = result.last, last.isNumber, piece.first?.isNumber == true { result += "_" }
            result += piece
        }
        if result.first?.isNumber == true { result = "_" + result }
        return result
    }

    static func lowerFirst(_ word: String) -> String { word.prefix(1).lowercased() + word.dropFirst() }

    /// An identifier as written in code: in backticks when it is a keyword.
    public static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A parameter's label in a declaration (`init(default: …)`): a keyword needs no backticks
    /// there, and Swift warns about them, but for the three a parameter list reads itself.
    static func parameterLabel(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }

    /// An argument's label in a call (`Event(default: …)`): only `inout` needs backticks there.
    static func argumentLabel(_ name: String) -> String { name == "inout" ? "`inout`" : name }
}

/// Hands out identifiers within one Swift scope (a type's members, an enum's cases, a
/// method's arguments): a name already taken gets `2`, `3`, … appended, in declaration order,
/// so two plan names that spell the same identifier (`app_count`, `appCount`) stay apart and
/// the output is the same on every run.
struct SwiftNameScope {
    private var taken: Set<String>

    init(reserved: Set<String> = []) { taken = reserved.union(SwiftSource.unusable) }

    mutating func claim(_ base: String) -> String {
        var name = base
        var suffix = 2
        while taken.contains(name) {
            name = base + String(suffix)
            suffix += 1
        }
        taken.insert(name)
        return name
    }
}
