/// The lines of the Firebase iOS SDKs as one family. Analytics and every other SDK an app links
/// (Core, Auth, Installations, Crashlytics, Messaging, …, and the GoogleUtilities they share)
/// print through one logger, in the same shapes. A capture posted because events do not arrive
/// may hold only the other SDKs' lines: they are capture lines all the same, never JSON.
///
/// Why by shape: a family line is told by a tag right where the console's prefixes end, never by a
/// tag anywhere in the line, so text that only mentions one (a JSON string, a sentence, a
/// pretty-printed field) stays what it is.
extension CaptureReader {
    /// The debugger's prompt, which Xcode and `flutter run` leave glued to the next line the app
    /// prints (`(lldb) 2020-10-24 14:42:42.128394+0100 Runner[3795:926278] …`).
    static let debuggerPrompt = "(lldb) "

    /// Where a line's text starts at or after `start` (its quote's end): past spaces and tabs, and
    /// past the debugger's prompt and the blanks after it.
    static func contentStart(_ line: [UInt8], from start: Int) -> Int {
        func blanksEnd(_ from: Int) -> Int {
            var index = from
            while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
            return index
        }
        let index = blanksEnd(start)
        guard hasPrefix(line, at: index, debuggerPrompt) else { return index }
        return blanksEnd(index + debuggerPrompt.utf8.count)
    }

    /// Whether a line is a Firebase iOS SDK's: from `start` (`contentStart`), the console's
    /// prefixes, each optional, in order — a time and the process (`App[pid:tid] `, ASL's
    /// `App[pid] `), an ASL level (`<Error>: `), the SDK version and its dash (`11.3.0 - `, or
    /// ` - ` when the version is empty) — and then a Firebase tag (`firebaseTagEnd`).
    static func isFirebaseIOSLine(_ line: [UInt8], from start: Int) -> Bool {
        var index = start
        if let time = parseTime(line, from: start) {
            guard let end = processEnd(line, from: time.end) else { return false }
            index = end
        }
        index = skipSpace(line, from: index)
        if let end = aslLevelEnd(line, at: index) { index = skipSpace(line, from: end) }
        return firebaseTagEnd(line, at: versionEnd(line, at: index)) != nil
    }

    /// The same for a whole line: past its quote, blanks and debugger prompt.
    static func isFirebaseIOSLine(_ line: [UInt8]) -> Bool {
        isFirebaseIOSLine(line, from: contentStart(line, from: quoteEnd(line)))
    }

    /// Past the process after a time: a name of up to 256 bytes (spaces allowed, or none), then
    /// `[pid]` or `[pid:tid]`; nil when none follows.
    static func processEnd(_ line: [UInt8], from start: Int) -> Int? {
        let nameStart = skipSpace(line, from: start)
        let limit = min(line.count, nameStart + 256)
        guard let open = line[nameStart..<limit].firstIndex(of: 0x5B) else { return nil }
        func digitsEnd(_ from: Int) -> Int {
            var index = from
            while index < line.count, index - from < 20, (0x30...0x39).contains(line[index]) { index += 1 }
            return index
        }
        var index = digitsEnd(open + 1)
        guard index > open + 1 else { return nil }
        if index < line.count, line[index] == 0x3A {
            let thread = index + 1
            index = digitsEnd(thread)
            guard index > thread else { return nil }
        }
        guard index < line.count, line[index] == 0x5D else { return nil }
        return index + 1
    }

    /// The levels ASL prints as `<Level>`, with or without a colon after them.
    static let aslLevels = ["Emergency", "Alert", "Critical", "Error", "Warning", "Notice", "Info", "Debug"]

    /// Past an ASL level at `index` (`<Error>:`, `<Notice>`), when a blank or the end follows it.
    static func aslLevelEnd(_ line: [UInt8], at index: Int) -> Int? {
        guard index < line.count, line[index] == 0x3C else { return nil }
        for level in aslLevels where hasPrefix(line, at: index + 1, level) {
            var end = index + 1 + level.utf8.count
            guard end < line.count, line[end] == 0x3E else { continue }
            end += 1
            if end < line.count, line[end] == 0x3A { end += 1 }
            if end == line.count || line[end] == 0x20 || line[end] == 0x09 { return end }
        }
        return nil
    }

    /// Past the SDK version and its dash at `index` (`11.3.0 - `, `- `), or `index` without them.
    static func versionEnd(_ line: [UInt8], at index: Int) -> Int {
        var cursor = index
        while cursor < line.count, (0x30...0x39).contains(line[cursor]) || line[cursor] == 0x2E { cursor += 1 }
        cursor = skipSpace(line, from: cursor)
        guard hasPrefix(line, at: cursor, "- ") else { return index }
        return skipSpace(line, from: cursor + 2)
    }

    /// Past a Firebase tag at `index`: `[Firebase<Component>]` or `[Firebase/<Component>]` (SDK 4
    /// to 6, and Crashlytics to this day) or `[GoogleUtilities/<Component>]`, each with its
    /// message code (`[I-AUT000012]`, or `[]`), the slash forms also without one before a space
    /// (`[Firebase/Crashlytics] Version 4.1.1`); `<FIR<Component>/LEVEL>` (SDK 3); or
    /// `<AppMeasurement>` with its code. Nil when there is none.
    static func firebaseTagEnd(_ line: [UInt8], at index: Int) -> Int? {
        func isUpper(_ at: Int) -> Bool { at < line.count && (0x41...0x5A).contains(line[at]) }
        func isAlphanumeric(_ at: Int) -> Bool {
            at < line.count && (isUpper(at) || (0x61...0x7A).contains(line[at]) || (0x30...0x39).contains(line[at]))
        }
        for (tag, slash) in [("[Firebase", false), ("[Firebase/", true), ("[GoogleUtilities/", true)]
        where hasPrefix(line, at: index, tag) {
            var end = index + tag.utf8.count
            guard isUpper(end) else { continue }
            while isAlphanumeric(end) { end += 1 }
            guard end < line.count, line[end] == 0x5D else { continue }
            end += 1
            if let code = messageCodeEnd(line, at: end) { return code }
            if slash, end < line.count, line[end] == 0x20 { return end }
        }
        if hasPrefix(line, at: index, "<FIR"), isUpper(index + 4) {
            var end = index + 4
            while isAlphanumeric(end) { end += 1 }
            guard end < line.count, line[end] == 0x2F, isUpper(end + 1) else { return nil }
            end += 1
            while isUpper(end) { end += 1 }
            guard end < line.count, line[end] == 0x3E else { return nil }
            return end + 1
        }
        if hasPrefix(line, at: index, "<AppMeasurement>") {
            return messageCodeEnd(line, at: index + "<AppMeasurement>".utf8.count)
        }
        return nil
    }

    /// Past a message code at `index`: `[`, up to 24 letters, digits and dashes (`I-COR000005`,
    /// or none), `]`.
    static func messageCodeEnd(_ line: [UInt8], at index: Int) -> Int? {
        guard index < line.count, line[index] == 0x5B else { return nil }
        var end = index + 1
        while end < line.count, end - index <= 24,
            (0x41...0x5A).contains(line[end]) || (0x30...0x39).contains(line[end]) || line[end] == 0x2D
        {
            end += 1
        }
        guard end < line.count, line[end] == 0x5D else { return nil }
        return end + 1
    }
}
