extension CaptureReader {
    /// An entry whose block or bundle is not closed yet: the only thing the reader keeps of the
    /// lines before the current one.
    struct OpenEntry: Sendable {
        var entry: CaptureEntry
        var text: [UInt8]
        /// Where each line's bytes start in `text`, and the line's own position.
        var lineStarts: [(offset: Int, position: CapturePosition)]
        /// Where the block or bundle starts in `text`.
        var bodyStart: Int
        /// iOS joins lines with a newline and follows brackets and quotes; an Android bundle that
        /// a terminal wrapped is joined as it was.
        var isIOS: Bool
        /// iOS: bracket depth and quote state of the block so far, followed line by line.
        var depth = 0
        var inQuote = false
        var escaped = false
        var closed = false
        /// Android: the text's length when it was last parsed in vain (0: never).
        var triedAt = 0
        /// Bytes parsed so far, for `CaptureReader.parsedBytes`.
        var parsedBytes = 0

        init(entry: CaptureEntry, line: [UInt8], position: CapturePosition, bodyStart: Int, isIOS: Bool) {
            self.entry = entry
            text = line
            lineStarts = [(0, position)]
            self.bodyStart = bodyStart
            self.isIOS = isIOS
            if isIOS { follow(from: bodyStart) }
        }

        /// Adds a continuation line (in place: the caller took the entry out of the reader).
        mutating func append(_ line: [UInt8], at position: CapturePosition) {
            if isIOS { text.append(0x0A) }
            let offset = text.count
            text.append(contentsOf: line)
            lineStarts.append((offset, position))
            entry.lineCount += 1
            if isIOS { follow(from: offset) }
        }

        /// Follows the brackets and quotes of `text[start...]`.
        mutating func follow(from start: Int) {
            var index = start
            while index < text.count, !closed {
                let byte = text[index]
                index += 1
                if inQuote {
                    if escaped {
                        escaped = false
                    } else if byte == 0x5C {
                        escaped = true
                    } else if byte == 0x22 {
                        inQuote = false
                    }
                    continue
                }
                switch byte {
                case 0x22: inQuote = true
                case 0x7B, 0x28, 0x5B: depth += 1
                case 0x7D, 0x29, 0x5D:
                    depth -= 1
                    if depth <= 0 { closed = true }
                default: break
                }
            }
        }

        /// The entry, when the text so far completes it; nil while it stays open. An iOS block is
        /// parsed once, when its brackets close (and is unreadable if it does not parse then); an
        /// Android bundle can only end where a line ends in `}]`, and its values are not quoted,
        /// so it is parsed there, but again only once the text has doubled since the last try.
        mutating func step() -> CaptureEntry? {
            if isIOS {
                guard closed else { return nil }
                guard let fields = parse() else {
                    var entry = entry
                    entry.unreadable = true
                    return entry
                }
                var entry = entry
                entry.params = fields
                return entry
            }
            guard Self.endsBundle(text), text.count >= 2 * triedAt else { return nil }
            guard let fields = parse() else {
                triedAt = max(text.count, 1)
                return nil
            }
            var entry = entry
            entry.params = fields
            return entry
        }

        /// The entry as it is where it must end (a new log line, a JSON line, the bound, the
        /// end): parsed once more, truncated if that fails.
        mutating func cut() -> CaptureEntry {
            var entry = entry
            if triedAt != text.count, let fields = parse() {
                entry.params = fields
            } else {
                entry.truncated = true
            }
            return entry
        }

        mutating func parse() -> [CaptureField]? {
            parsedBytes += text.count - bodyStart
            var parser = BodyParser(text: text, lineStarts: lineStarts)
            parser.index = bodyStart
            return isIOS ? parser.dictionary() : parser.bundle(topLevel: true)
        }

        /// Android: a bundle can only end where a line ends in `}]` (or in `}]` and a tag).
        static func endsBundle(_ text: [UInt8]) -> Bool {
            var end = text.count
            while end > 0, text[end - 1] == 0x20 || text[end - 1] == 0x0D { end -= 1 }
            if end >= 2, text[end - 1] == 0x5D, text[end - 2] == 0x7D { return true }
            return CaptureReader.find(" (FA", in: text, from: max(0, end - 16)) != nil
        }
    }

    // MARK: - iOS

    static let iosEventPrefix = "Logging event: origin, name, params: "
    /// Reports of an event already logged: `Event logged.` (the event when none is awaited), and
    /// the notices that end in `Event name, parameters: ` (debug mode, real-time marking).
    static let iosConfirmationPrefix = "Event logged. Event name, event params: "
    static let iosNoticeInfix = "Event name, parameters: "
    /// The request, then its report (`noteProperty`).
    static let iosSetPrefixes = ["Setting user property. Name, value: ", "User property set. Name, value: "]
    static let iosRemovePrefixes = ["Removing user property. Name: ", "User property removed. Name: "]

    /// An iOS console entry anywhere in the line, with or without the console's prefix and the
    /// `[FirebaseAnalytics][I-ACS…]` tag; nil when the line holds none.
    mutating func startIOS(
        _ line: [UInt8], from start: Int, stamp: Stamp, position: CapturePosition,
        entries: inout [CaptureEntry]
    ) -> LineKind? {
        if let kind = startIOSEvent(line, from: start, stamp: stamp, position: position, entries: &entries) {
            return kind
        }
        return startIOSUserProperty(line, from: start, stamp: stamp, position: position, entries: &entries)
    }

    /// A new entry of a capture whose name starts at `cursor` of its line, at the line's time.
    static func newEntry(
        _ kind: CaptureEntry.Kind, _ format: InputFormat, at cursor: Int, stamp: Stamp, position: CapturePosition
    ) -> CaptureEntry {
        var entry = CaptureEntry(kind: kind, format: format, start: position)
        entry.timestamp = stamp.micros
        entry.timeOutOfRange = stamp.outOfRange
        entry.isEcho = stamp.echo
        entry.namePosition = namePosition(at: cursor, of: position)
        return entry
    }

    /// Where a name that starts at `cursor` of the line at `position` stands.
    static func namePosition(at cursor: Int, of position: CapturePosition) -> CapturePosition {
        CapturePosition(line: position.line, column: cursor + 1, byteOffset: position.byteOffset + Int64(cursor))
    }

    /// An iOS event (`Logging event: origin, name, params: `) or a report of one logged (the
    /// confirmation and the debug notices); nil when the line holds neither.
    mutating func startIOSEvent(
        _ line: [UInt8], from start: Int, stamp: Stamp, position: CapturePosition,
        entries: inout [CaptureEntry]
    ) -> LineKind? {
        var form: (cursor: Int, kind: CaptureEntry.Kind, notice: Bool)?
        if let at = Self.find(Self.iosEventPrefix, in: line, from: start) {
            form = (at + Self.iosEventPrefix.utf8.count, .event, false)
        } else if let at = Self.find(Self.iosConfirmationPrefix, in: line, from: start) {
            form = (at + Self.iosConfirmationPrefix.utf8.count, .confirmation, false)
        } else if let at = Self.find(Self.iosNoticeInfix, in: line, from: start) {
            form = (at + Self.iosNoticeInfix.utf8.count, .confirmation, true)
        }
        guard let form else { return nil }
        var cursor = form.cursor
        var new = Self.newEntry(form.kind, .iosConsole, at: cursor, stamp: stamp, position: position)
        new.debugNotice = form.notice
        if form.kind == .event {
            guard let comma = Self.find(", ", in: line, from: cursor) else {
                if wrapsBeforeName(line, from: cursor, originRead: false) { return .entry }
                return unreadable(new, &entries)
            }
            new.origin = Self.string(line[cursor..<comma])
            cursor = comma + 2
            if wrapsBeforeName(line, from: cursor, originRead: true) { return .entry }
            new.namePosition = namePosition(at: cursor, of: position)
            if let joined = joinedAt, cursor >= joined.offset {
                // The name is on the line that continued the header: the entry is found there.
                new.start = CapturePosition(
                    line: joined.position.line, column: 1, byteOffset: joined.position.byteOffset)
            }
        }
        guard let name = Self.readName(line, from: cursor, ios: true) else { return unreadable(new, &entries) }
        new.printedName = name.long
        new.shortName = name.short
        let rest = Self.skipSpace(line, from: name.end)
        if rest == line.count {
            // No params block printed: an event without params.
            entries.append(classify(new))
            return .entry
        }
        guard Self.hasPrefix(line, at: name.end, ", "), Self.skipSpace(line, from: name.end + 2) < line.count,
            line[Self.skipSpace(line, from: name.end + 2)] == 0x7B
        else { return unreadable(new, &entries) }
        var current = OpenEntry(
            entry: new, line: line, position: position, bodyStart: Self.skipSpace(line, from: name.end + 2),
            isIOS: true)
        if let joined = joinedAt, joined.offset < line.count {
            current.lineStarts.append(joined)
            current.entry.lineCount = 2
        }
        openOrComplete(current, &entries)
        return .entry
    }

    /// Whether an iOS event header ends at `cursor` before its event's name (`… params: app,` or
    /// `… params: `, the rest wrapped onto the next line): it is then held (`wrappedHeader`) for
    /// the line after it, unless it is being read again already.
    mutating func wrapsBeforeName(_ line: [UInt8], from cursor: Int, originRead: Bool) -> Bool {
        guard !rereadingHeader, line.count < Self.maxEntryBytes else { return false }
        var end = line.count
        while end > cursor, line[end - 1] == 0x20 || line[end - 1] == 0x0D || line[end - 1] == 0x09 { end -= 1 }
        var rest = Self.skipSpace(line, from: cursor)
        // Nothing left, or (before the origin is read) an origin and its comma.
        if !originRead, rest < end, line[end - 1] == 0x2C {
            while rest < end - 1, line[rest] != 0x2C, line[rest] != 0x20 { rest += 1 }
            guard rest == end - 1 else { return false }
        } else if rest < end {
            return false
        }
        headerWraps = true
        return true
    }

    /// Where a name that starts at `cursor` of the line at `position` stands, on the line joined
    /// to a wrapped header when it is there.
    func namePosition(at cursor: Int, of position: CapturePosition) -> CapturePosition {
        guard let joined = joinedAt, cursor >= joined.offset else { return Self.namePosition(at: cursor, of: position) }
        return Self.namePosition(at: cursor - joined.offset, of: joined.position)
    }

    /// An iOS user property set or removed; nil when the line holds neither.
    mutating func startIOSUserProperty(
        _ line: [UInt8], from start: Int, stamp: Stamp, position: CapturePosition,
        entries: inout [CaptureEntry]
    ) -> LineKind? {
        for (form, prefix) in Self.iosSetPrefixes.enumerated() {
            guard let at = Self.find(prefix, in: line, from: start) else { continue }
            let cursor = at + prefix.utf8.count
            var new = Self.newEntry(.userProperty, .iosConsole, at: cursor, stamp: stamp, position: position)
            guard let name = Self.readName(line, from: cursor, ios: true), Self.hasPrefix(line, at: name.end, ", ")
            else { return unreadable(new, &entries) }
            new.printedName = name.long
            new.shortName = name.short
            let valueStart = name.end + 2
            var value = Self.scalar(
                Array(line[valueStart..<Self.trimmedEnd(line, from: valueStart)]), quoted: false,
                position: CapturePosition(
                    line: position.line, column: valueStart + 1,
                    byteOffset: position.byteOffset + Int64(valueStart)))
            if value.text.count >= 2, value.text.first == 0x22, value.text.last == 0x22 {
                value.text = Self.unquote(Array(value.text.dropFirst().dropLast()))
                value.kind = .string
            }
            new.value = value
            noteProperty(&new, request: form == 0)
            entries.append(new)
            return .entry
        }
        for prefix in Self.iosRemovePrefixes {
            guard let at = Self.find(prefix, in: line, from: start) else { continue }
            let cursor = at + prefix.utf8.count
            var new = Self.newEntry(.userProperty, .iosConsole, at: cursor, stamp: stamp, position: position)
            guard let name = Self.readName(line, from: cursor, ios: true) else { return unreadable(new, &entries) }
            new.printedName = name.long
            new.shortName = name.short
            entries.append(new)
            return .entry
        }
        return nil
    }

    // MARK: - Android

    static let androidEventPrefix = "Logging event (FE): "
    /// The handler's copy of an event (`Passing event to registered event handler (FE): `): a
    /// report of the event, or the event when none is awaited.
    static let androidHandlerPrefix = "Passing event to registered event handler (FE): "
    static let androidServicePrefix = "Logging event: origin="
    /// The app's request, then the service's report of it (`noteProperty`).
    static let androidSetPrefixes = ["Setting user property (FE): ", "Setting user property: "]

    /// An Android logcat entry anywhere in the line (every `-v` format and Android Studio's put
    /// the message last); nil when the line holds none.
    mutating func startAndroid(
        _ line: [UInt8], stamp: Stamp, position: CapturePosition,
        entries: inout [CaptureEntry]
    ) -> LineKind? {
        if let kind = startAndroidEvent(line, stamp: stamp, position: position, entries: &entries) { return kind }
        if let kind = startAndroidServiceReport(line, stamp: stamp, position: position, entries: &entries) {
            return kind
        }
        if let kind = startAndroidUserProperty(line, stamp: stamp, position: position, entries: &entries) {
            return kind
        }
        if Self.find("Resetting analytics data", in: line, from: 0) != nil {
            entries.append(Self.newEntry(.deviceReset, .androidLogcat, at: 0, stamp: stamp, position: position))
            return .entry
        }
        if Self.find("Event recorded: ", in: line, from: 0) != nil { return .entry }
        return nil
    }

    /// An Android event (`Logging event (FE): `) or the handler's copy of one; nil when the line
    /// holds neither.
    mutating func startAndroidEvent(
        _ line: [UInt8], stamp: Stamp, position: CapturePosition, entries: inout [CaptureEntry]
    ) -> LineKind? {
        for (prefix, kind) in [
            (Self.androidEventPrefix, CaptureEntry.Kind.event), (Self.androidHandlerPrefix, .confirmation),
        ] {
            guard let at = Self.find(prefix, in: line, from: 0) else { continue }
            let cursor = at + prefix.utf8.count
            var new = Self.newEntry(kind, .androidLogcat, at: cursor, stamp: stamp, position: position)
            guard let name = Self.readName(line, from: cursor, ios: false) else { return unreadable(new, &entries) }
            new.printedName = name.long
            new.shortName = name.short
            if Self.skipSpace(line, from: name.end) == line.count {
                entries.append(classify(new))
                return .entry
            }
            guard Self.hasPrefix(line, at: name.end, ", Bundle[{") else { return unreadable(new, &entries) }
            openOrComplete(
                OpenEntry(entry: new, line: line, position: position, bodyStart: name.end + 2, isIOS: false),
                &entries)
            return .entry
        }
        return nil
    }

    /// The measurement service's report: `origin=app,name=NAME,params=Bundle[{…}]`; nil when the
    /// line holds none.
    mutating func startAndroidServiceReport(
        _ line: [UInt8], stamp: Stamp, position: CapturePosition, entries: inout [CaptureEntry]
    ) -> LineKind? {
        guard let at = Self.find(Self.androidServicePrefix, in: line, from: 0) else { return nil }
        let originStart = at + Self.androidServicePrefix.utf8.count
        var new = Self.newEntry(.confirmation, .androidLogcat, at: originStart, stamp: stamp, position: position)
        guard let comma = Self.find(",name=", in: line, from: originStart) else {
            return unreadable(new, &entries)
        }
        let cursor = comma + 6
        new = Self.newEntry(.confirmation, .androidLogcat, at: cursor, stamp: stamp, position: position)
        new.origin = Self.string(line[originStart..<comma])
        guard let name = Self.readName(line, from: cursor, ios: false) else { return unreadable(new, &entries) }
        new.printedName = name.long
        new.shortName = name.short
        if Self.skipSpace(line, from: name.end) == line.count {
            entries.append(classify(new))
            return .entry
        }
        guard Self.hasPrefix(line, at: name.end, ",params=Bundle[{") else { return unreadable(new, &entries) }
        openOrComplete(
            OpenEntry(entry: new, line: line, position: position, bodyStart: name.end + 8, isIOS: false),
            &entries)
        return .entry
    }

    /// An Android user property set; nil when the line holds none.
    mutating func startAndroidUserProperty(
        _ line: [UInt8], stamp: Stamp, position: CapturePosition, entries: inout [CaptureEntry]
    ) -> LineKind? {
        for (form, prefix) in Self.androidSetPrefixes.enumerated() {
            guard let at = Self.find(prefix, in: line, from: 0) else { continue }
            let cursor = at + prefix.utf8.count
            var new = Self.newEntry(.userProperty, .androidLogcat, at: cursor, stamp: stamp, position: position)
            guard let name = Self.readName(line, from: cursor, ios: false), Self.hasPrefix(line, at: name.end, ", ")
            else { return unreadable(new, &entries) }
            new.printedName = name.long
            new.shortName = name.short
            let valueStart = name.end + 2
            let value = Self.bundleScalar(
                Array(line[valueStart..<Self.trimmedEnd(line, from: valueStart)]),
                position: CapturePosition(
                    line: position.line, column: valueStart + 1,
                    byteOffset: position.byteOffset + Int64(valueStart)))
            new.value = value.kind == .null ? nil : value
            noteProperty(&new, request: form == 0)
            entries.append(new)
            return .entry
        }
        return nil
    }

    // MARK: - Entries

    mutating func openOrComplete(_ current: OpenEntry, _ entries: inout [CaptureEntry]) {
        var current = current
        if let complete = current.step() {
            parsedBytes += current.parsedBytes
            entries.append(classify(complete))
        } else {
            open = current
        }
    }

    /// An SDK line that names an entry but cannot be read: reported at its line, never dropped.
    func unreadable(_ entry: CaptureEntry, _ entries: inout [CaptureEntry]) -> LineKind {
        var entry = entry
        entry.unreadable = true
        entries.append(entry)
        return .entry
    }

    // MARK: - Names and values

    /// An entry's name, kept whole up to the SDK's delimiter, and its short form: `name`,
    /// `name (_abbr)` then `, ` on iOS; `name`, `name(_abbr)` then `,` on Android. nil when the
    /// name is empty or its short form is not closed.
    static func readName(_ line: [UInt8], from start: Int, ios: Bool) -> (long: String, short: String?, end: Int)? {
        var index = start
        while index < line.count {
            let byte = line[index]
            if ios {
                if byte == 0x2C, index + 1 < line.count, line[index + 1] == 0x20 { break }
                if byte == 0x20, index + 1 < line.count, line[index + 1] == 0x28 { break }
            } else if byte == 0x28 || byte == 0x2C {
                break
            }
            if byte == 0x0D || byte == 0x0A { break }
            index += 1
        }
        var end = index
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        guard end > start else { return nil }
        let long = string(line[start..<end])
        var open = index
        if ios, open < line.count, line[open] == 0x20 { open += 1 }
        guard open < line.count, line[open] == 0x28 else { return (long, nil, index) }
        var close = open + 1
        while close < line.count, line[close] != 0x29, line[close] != 0x20, line[close] != 0x2C { close += 1 }
        guard close < line.count, line[close] == 0x29, close > open + 1 else { return nil }
        return (long, string(line[(open + 1)..<close]), close + 1)
    }

    /// A bundle key: letters, digits, `_`, `-` and any byte of a multi-byte character (a key the
    /// app got wrong is read whole, for the name rules to report).
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte == 0x2D || byte >= 0x80
    }

    /// `key` or `key(_abbr)` of a bundle.
    static func readKey(_ line: [UInt8], from start: Int) -> (long: String, short: String?, end: Int)? {
        var index = start
        while index < line.count, isNameByte(line[index]) { index += 1 }
        guard index > start else { return nil }
        let long = string(line[start..<index])
        if index < line.count, line[index] == 0x28 {
            var close = index + 1
            while close < line.count, isNameByte(line[close]) { close += 1 }
            if close < line.count, line[close] == 0x29, close > index + 1 {
                return (long, string(line[(index + 1)..<close]), close + 1)
            }
        }
        return (long, nil, index)
    }

    static func skipSpace(_ line: [UInt8], from start: Int) -> Int {
        var index = start
        while index < line.count, line[index] == 0x20 || line[index] == 0x09 || line[index] == 0x0D { index += 1 }
        return index
    }

    /// The end of `line` less trailing spaces and CRs, not before `start`.
    static func trimmedEnd(_ line: [UInt8], from start: Int) -> Int {
        var end = line.count
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x0D { end -= 1 }
        return max(end, start)
    }

    /// A bare iOS value, or a user property value.
    static func scalar(_ text: [UInt8], quoted: Bool, position: CapturePosition) -> CaptureValue {
        if !quoted, text == Array("(null)".utf8) || text == Array("<null>".utf8) {
            return CaptureValue(kind: .null, text: [], position: position)
        }
        return CaptureValue(kind: quoted ? .string : .printed, text: text, position: position)
    }

    /// An Android bundle value: `String(x)`, `Long(5)`, `Double(1.5)` say their type; `null` is
    /// no value; the rest is printed text.
    static func bundleScalar(_ text: [UInt8], position: CapturePosition) -> CaptureValue {
        if text == Array("null".utf8) { return CaptureValue(kind: .null, text: [], position: position) }
        for (wrapper, kind) in [
            ("String(", CaptureValue.Kind.string), ("Long(", .int), ("Integer(", .int), ("Double(", .double),
        ]
        where hasPrefix(text, at: 0, wrapper) && text.last == 0x29 {
            return CaptureValue(
                kind: kind, text: Array(text[wrapper.utf8.count..<(text.count - 1)]), position: position)
        }
        return CaptureValue(kind: .printed, text: text, position: position)
    }

    /// The content of an old-style property-list string: `\"`, `\\`, `\n`, `\t` and `\Uxxxx`.
    static func unquote(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard byte == 0x5C, index + 1 < text.count else {
                result.append(byte)
                index += 1
                continue
            }
            let next = text[index + 1]
            switch next {
            case 0x6E: result.append(0x0A)
            case 0x74: result.append(0x09)
            case 0x72: result.append(0x0D)
            case 0x55, 0x75:
                if index + 6 <= text.count, let scalar = UInt32(string(text[(index + 2)..<(index + 6)]), radix: 16),
                    let unicode = Unicode.Scalar(scalar)
                {
                    result.append(contentsOf: Array(String(Character(unicode)).utf8))
                    index += 6
                    continue
                }
                result.append(next)
            default: result.append(next)
            }
            index += 2
        }
        return result
    }
}
