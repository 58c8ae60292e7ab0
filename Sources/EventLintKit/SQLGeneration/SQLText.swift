/// Spelling plan data as BigQuery Standard SQL text: literals, lists and identifiers. Every name
/// and value of the plan reaches the SQL through here, quoted, never as raw text.
enum SQLText {
    /// A string literal: `'…'`, with `\` and `'` escaped and control characters written as
    /// escapes, so any plan text is safe inside it. The only way plan text enters SQL, comments
    /// included: line breaks of any kind (LF, CR, U+0085, U+2028, U+2029) and every other
    /// character of `EscapedScalars` are escaped, so a literal in a `--` comment cannot end the
    /// comment nor a bidi control reorder the query a reviewer reads.
    static func string(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                } else if EscapedScalars.contains(scalar) {
                    // `\u` takes four hex digits, `\U` eight (the tag characters past U+FFFF).
                    let hex = String(scalar.value, radix: 16)
                    let (escape, width) = scalar.value > 0xFFFF ? ("\\U", 8) : ("\\u", 4)
                    result += escape + String(repeating: "0", count: width - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "'"
    }

    /// `('a', 'b')` for `IN`; callers never pass an empty list (`IN ()` is not SQL).
    static func stringList(_ texts: [String]) -> String {
        "(" + texts.map(string).joined(separator: ", ") + ")"
    }

    /// A numeric literal: whole numbers without a fraction, others as Swift prints a double
    /// (`1e+20` is a BigQuery literal too). The plan loader admits only finite numbers; were
    /// one to slip through, it becomes `CAST('inf' AS FLOAT64)`, never a bare `inf`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "CAST(\(string(NumberText.format(value))) AS FLOAT64)" }
        return NumberText.format(value)
    }

    /// A FLOAT64 literal (so `IN` lists compare doubles with doubles).

    /// A column-name fragment from a plan name: ASCII letters, digits and `_` kept, anything else
    /// turned into `_`. Callers prefix an index, so two names never collide.
    static func identifierFragment(_ name: String) -> String {
        String(
            name.unicodeScalars.map { scalar -> Character in
                let character = Character(scalar)
                return character.isASCII && (character.isLetter || character.isNumber) ? character : "_"
            })
    }

    /// Indents every line of a block by `spaces`.
    static func indent(_ text: String, _ spaces: Int) -> String {
        let pad = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
    }

    /// `a AND b AND …`, `TRUE` for none.
    static func all(_ terms: [String]) -> String {
        terms.isEmpty ? "TRUE" : terms.map { terms.count > 1 ? "(\($0))" : $0 }.joined(separator: " AND ")
    }

    /// `a OR b OR …`, `FALSE` for none.
    static func any(_ terms: [String]) -> String {
        terms.isEmpty ? "FALSE" : terms.map { terms.count > 1 ? "(\($0))" : $0 }.joined(separator: " OR ")
    }
}
