extension Finding {
    /// The message followed by one `note: …` line per note, with the note's location in
    /// parentheses when it has one: how formats with no place of their own for notes (GitHub
    /// annotations, Markdown cells, JUnit failures) show them. Raw: each reporter escapes it.
    public var messageWithNotes: String {
        var text = message
        for note in notes {
            text += "\nnote: " + note.message
            if let location = note.location { text += " (\(location))" }
        }
        return text
    }
}
