/// The one definition of the characters no output of eventlint writes raw: every report format,
/// the messages on standard error, the generated SQL and the generated Swift escape them, each in
/// its own spelling (`\u{202e}`, `\u202e`, `&#…;` is not one: a reader would decode it back).
///
/// They are the characters that change how text is read without showing themselves: controls
/// (C0, DEL, C1: line breaks, terminal escapes), format characters (General_Category Cf: the bidi
/// controls and isolates U+202A–U+202E and U+2066–U+2069, U+200E/U+200F, U+061C, the zero-width
/// U+200B–U+200D and U+2060, U+FEFF, the tag characters U+E0001–U+E007F, the soft hyphen), the line
/// and paragraph separators U+2028 and U+2029, and the other default-ignorable code points that
/// print as nothing (fillers such as U+3164, variation selectors). A value holding one could start
/// a line of its own, end a comment or literal, reorder what a reviewer sees, or look equal to a
/// different value.
public enum EscapedScalars {
    @inline(__always)
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Printable ASCII and Latin-1 are the common case: no property lookup for them.
        if value < 0xA0 { return value < 0x20 || value >= 0x7F }
        if value == 0xAD { return true }
        if value < 0x300 { return false }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return properties.isDefaultIgnorableCodePoint
        }
    }
}
