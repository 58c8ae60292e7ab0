/// Text from the input (a file name, an argument, a value) as people see it on a terminal, in
/// the text report and in the messages on standard error: the characters of `EscapedScalars`
/// other than tab (`\n`, `\r`, `\u{1b}`, bidi controls, zero-width characters) are shown as
/// escapes. So no data starts a line of its own (a GitHub
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

    /// `EscapedScalars`, but a tab, which a terminal shows as white space.
    public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\t" && EscapedScalars.contains(scalar)
    }
}
