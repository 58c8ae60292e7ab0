/// Text from the input (a file name, an argument, a value) as people see it on a terminal, in
/// the text report and in the messages on standard error: C0 and C1 controls other than tab
/// (`\n`, `\r`, `\u{1b}`), bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069), which could reorder what is shown, and the line and paragraph separators
/// U+2028 and U+2029 are shown as escapes. So no data starts a line of its own (a GitHub
/// workflow command such as `::error` is read from any line a step prints, standard error too),
/// moves the cursor or recolours the terminal.
public enum VisibleText {
    public static func of(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: mustEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default:
                if mustEscape(scalar) {
                    result += escaped(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `\u{1b}`: the escape `of` and the people-facing reporters show.
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16) + "}"
    }

    public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
