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
        /// a terminal wrapped is joined as it was, and one wrapped at the space after a comma
        /// with that space put back.
        var isIOS: Bool
        /// iOS: bracket depth and quote state of the block so far, followed line by line.
        var depth = 0
        var inQuote = false
        var escaped = false
        var closed = false
        /// Android: the text's length when it was last parsed in vain (0: never).
        var triedAt = 0
        /// Android: a byte that follows the bundle's `}]` at the end (`Event recorded: Event{…}`).
        var closer: UInt8?
        /// The entry's first line was quoted (`> `): so are its continuation lines.
        var quoted = false
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

        /// Adds a continuation line (in place: the caller took the entry out of the reader), from
        /// `start` on (past a quote's `> `).
        mutating func append(_ line: [UInt8], from start: Int = 0, at position: CapturePosition) {
            if isIOS {
                text.append(0x0A)
            } else if text.last == 0x2C, let key = CaptureReader.readKey(line, from: start), key.end < line.count,
                line[key.end] == 0x3D
            {
                // A bundle wrapped at the space after a param's comma (a mail client wraps at
                // spaces, and the space is gone): the space goes back between the params.
                text.append(0x20)
            }
            let offset = text.count
            text.append(contentsOf: line[start...])
            var position = position
            position.column += start
            position.byteOffset += Int64(start)
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
            guard Self.endsBundle(text, closer: closer), text.count >= 2 * triedAt else { return nil }
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
            parser.closer = closer
            return isIOS ? parser.dictionary() : parser.bundle(topLevel: true)
        }

        /// Android: a bundle can only end where a line ends in `}]` (or in `}]` and a tag, or
        /// `}]` and its `closer`).
        static func endsBundle(_ text: [UInt8], closer: UInt8? = nil) -> Bool {
            var trimmed = text.count
            while trimmed > 0, text[trimmed - 1] == 0x20 || text[trimmed - 1] == 0x0D || text[trimmed - 1] == 0x09 {
                trimmed -= 1
            }
            var end = trimmed
            if let closer, end > 0, text[end - 1] == closer { end -= 1 }
            if end >= 2, text[end - 1] == 0x5D, text[end - 2] == 0x7D { return true }
            return CaptureReader.find(" (FA", in: text, from: max(0, trimmed - 16)) != nil
        }
    }

    // MARK: - iOS

    /// The iOS messages that log an event or report one, by their fixed text (without the space
    /// after its colon, which a paste may have dropped): the event, its `Event logged.` report
    /// (the event when none is awaited), the real-time marking the SDK prints when it uploads
    /// the event (`Event is not subject to real-time event count daily limit. Marking an event
    /// as real-time.`, after `Event logged.` and `Starting data upload`), and the other notices
    /// that end in `Event name, parameters:` (debug mode, printed as the event is logged). The
    /// first form a line holds is its form.
    struct IOSEventForm: Sendable {
        var text: String
        var kind: CaptureEntry.Kind
        var stage: Int
        var lastReport = false
        var notice = false
        var hasOrigin = false
    }
    static let iosEventForms = [
        IOSEventForm(text: "Logging event: origin, name, params:", kind: .event, stage: 0, hasOrigin: true),
        IOSEventForm(text: "Event logged. Event name, event params:", kind: .confirmation, stage: 2),
        IOSEventForm(
            text: "Marking an event as real-time. Event name, parameters:", kind: .confirmation, stage: 3,
            lastReport: true, notice: true),
        IOSEventForm(text: "Event name, parameters:", kind: .confirmation, stage: 1, notice: true),
    ]
    /// The same messages as a line may end inside their fixed text (a paste or a terminal
    /// wrapped it there): the whole text, the least of it that tells the message, and its form.
    static let iosCutForms: [(text: String, lead: String, form: Int)] = [
        ("Logging event: origin, name, params:", "Logging event: origin", 0),
        ("Event logged. Event name, event params:", "Event logged. Event", 1),
        (
            "Debug mode is enabled. Marking event as debug and real-time. Event name, parameters:",
            "Debug mode is enabled. Marking event", 3
        ),
        (
            "Event is not subject to real-time event count daily limit. Marking an event as real-time. "
                + "Event name, parameters:", "Event is not subject to real-time", 2
        ),
    ]
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
    /// confirmation and the notices); nil when the line holds neither. A header that ends before
    /// its params block (inside its fixed text, after it, after the origin, inside or after the
    /// name) is held for the line after it (`holdHeader`); read alone, it is an entry that cannot
    /// be read, or, ended by its name, an event without params.
    mutating func startIOSEvent(
        _ line: [UInt8], from start: Int, stamp: Stamp, position: CapturePosition,
        entries: inout [CaptureEntry]
    ) -> LineKind? {
        guard let (form, formEnd) = Self.iosEventForm(line, from: start) else {
            guard let cut = Self.iosCutForm(line, from: start) else { return nil }
            let form = Self.iosEventForms[cut.form]
            var new = Self.newEntry(form.kind, .iosConsole, at: cut.at, stamp: stamp, position: position)
            (new.reportStage, new.lastReport, new.notice) = (form.stage, form.lastReport, form.notice)
            place(&new, at: cut.at, of: position)
            if holdHeader(line, .fixedText(rests: cut.rests)) { return .entry }
            // Cut before its lead words, only the next line could have told it: alone, it is
            // another SDK line (`Event not logged. …` begins as `Event logged.` does).
            return cut.sure ? unreadable(new, &entries) : nil
        }
        var cursor = Self.skipSpace(line, from: formEnd)
        var new = Self.newEntry(form.kind, .iosConsole, at: cursor, stamp: stamp, position: position)
        (new.reportStage, new.lastReport, new.notice) = (form.stage, form.lastReport, form.notice)
        place(&new, at: min(cursor, formEnd), of: position)
        if cursor == line.count { return holdHeader(line, .beforeName) ? .entry : unreadable(new, &entries) }
        let end = Self.trimmedEnd(line, from: cursor)
        if form.hasOrigin {
            // The origin (`app`, `auto`, `fcm`, `app+gtm`) runs to its comma.
            guard let comma = line[cursor...].firstIndex(of: 0x2C) else {
                let wrapped = !line[cursor..<end].contains { $0 == 0x20 || $0 == 0x09 }
                return wrapped && holdHeader(line, .insideOrigin) ? .entry : unreadable(new, &entries)
            }
            new.origin = Self.string(line[cursor..<comma])
            cursor = Self.skipSpace(line, from: comma + 1)
            if cursor == line.count { return holdHeader(line, .beforeName) ? .entry : unreadable(new, &entries) }
        }
        // The entry is found on the line that has its name.
        place(&new, at: cursor, of: position)
        guard let name = Self.readName(line, from: cursor, ios: true) else {
            // Cut inside the name's short form (`screen_view (`, then `_vs), {`)?
            let open = line[cursor..<end].lastIndex(of: 0x28)
            let cut = open.map { !line[$0..<end].contains { $0 == 0x29 || $0 == 0x2C } } ?? false
            return cut && holdHeader(line, .insideName) ? .entry : unreadable(new, &entries)
        }
        new.printedName = name.long
        new.shortName = name.short
        let rest = Self.skipSpace(line, from: name.end)
        if rest == line.count {
            // The line ends on the name: wrapped inside it (or after it); alone, an event
            // without params.
            if holdHeader(line, .insideName) { return .entry }
            entries.append(classify(new))
            return .entry
        }
        guard line[rest] == 0x2C else { return unreadable(new, &entries) }
        let block = Self.skipSpace(line, from: rest + 1)
        if block == line.count { return holdHeader(line, .beforeBlock) ? .entry : unreadable(new, &entries) }
        guard line[block] == 0x7B else { return unreadable(new, &entries) }
        var current = OpenEntry(entry: new, line: line, position: position, bodyStart: block, isIOS: true)
        current.lineStarts += joins
        current.entry.lineCount += joins.count
        openOrComplete(current, &entries)
        return .entry
    }

    /// The iOS event form in the line, and where its fixed text ends (past the space after it).
    static func iosEventForm(_ line: [UInt8], from start: Int) -> (IOSEventForm, Int)? {
        for form in iosEventForms {
            guard let at = find(form.text, in: line, from: start) else { continue }
            var end = at + form.text.utf8.count
            if end < line.count, line[end] == 0x20 { end += 1 }
            return (form, end)
        }
        return nil
    }

    /// An iOS event form the line ends inside of: its index in `iosEventForms`, where it starts,
    /// the rest of its fixed text (of each form it may be, when more than one begins as it
    /// does), and whether the line is surely that form's (cut after its lead words) or only
    /// may be (cut right after the SDK's tag, before them). Only the last bytes of the line
    /// are searched.
    static func iosCutForm(
        _ line: [UInt8], from start: Int
    ) -> (form: Int, at: Int, rests: [[UInt8]], sure: Bool)? {
        let end = trimmedEnd(line, from: start)
        for cut in iosCutForms {
            let text = Array(cut.text.utf8)
            guard let at = find(cut.lead, in: line, from: max(start, end - text.count)) else { continue }
            let tail = line[at..<end]
            guard tail.count < text.count, text.starts(with: tail) else { continue }
            return (cut.form, at, [Array(text[tail.count...])], true)
        }
        // Right after the SDK's tag the least of a fixed text tells it (`[I-ACS023051] Logging`,
        // `<FIRAnalytics/DEBUG> Event`): the next line says which form it is.
        guard let marker = iosMarker(line), marker >= start, marker < end else { return nil }
        let tail = line[marker..<end]
        let forms = iosCutForms.filter { $0.text.utf8.count > tail.count && $0.text.utf8.starts(with: tail) }
        guard let first = forms.first else { return nil }
        return (first.form, marker, forms.map { Array($0.text.utf8.dropFirst(tail.count)) }, false)
    }

    /// Holds the header for the line after it (`wrappedHeader`), unless a held header is being
    /// read alone, has taken all the lines it may, or is too long; false when it is not held.
    mutating func holdHeader(_ line: [UInt8], _ wrap: HeaderWrap) -> Bool {
        guard mayHoldHeader, line.count < Self.maxEntryBytes else { return false }
        headerWraps = wrap
        return true
    }

    /// Where a name that starts at `cursor` of the line at `position` stands, on the line joined
    /// to a wrapped header when it is there.
    func namePosition(at cursor: Int, of position: CapturePosition) -> CapturePosition {
        guard let join = joins.last(where: { $0.offset <= cursor }) else {
            return Self.namePosition(at: cursor, of: position)
        }
        let delta = cursor - join.offset
        return CapturePosition(
            line: join.position.line, column: join.position.column + delta,
            byteOffset: join.position.byteOffset + Int64(delta))
    }

    /// Places an entry at `cursor` of its (possibly joined) header: its name there, and its
    /// start at the beginning of that line.
    func place(_ entry: inout CaptureEntry, at cursor: Int, of position: CapturePosition) {
        entry.namePosition = namePosition(at: cursor, of: position)
        entry.start = lineStart(at: cursor, of: position)
    }

    /// The start of the line that holds `cursor` of a (possibly joined) header.
    func lineStart(at cursor: Int, of position: CapturePosition) -> CapturePosition {
        guard let join = joins.last(where: { $0.offset <= cursor }) else { return position }
        return CapturePosition(
            line: join.position.line, column: 1,
            byteOffset: join.position.byteOffset - Int64(join.position.column - 1))
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
            place(&new, at: cursor, of: position)
            // Wrapped after `value:` or after the name's comma: the next line holds the rest.
            let end = Self.trimmedEnd(line, from: cursor)
            if end == cursor || (line[end - 1] == 0x2C && (Self.find(", ", in: line, from: cursor) ?? end) >= end - 1),
                holdHeader(line, .beforeName)
            {
                return .entry
            }
            guard let name = Self.readName(line, from: cursor, ios: true) else { return unreadable(new, &entries) }
            // Wrapped inside or after the name (before its short form or its comma).
            if name.end >= end, holdHeader(line, .insideName) { return .entry }
            guard Self.hasPrefix(line, at: name.end, ", ") else { return unreadable(new, &entries) }
            new.printedName = name.long
            new.shortName = name.short
            let valueStart = name.end + 2
            var value = Self.scalar(
                Array(line[valueStart..<Self.trimmedEnd(line, from: valueStart)]), quoted: false,
                position: namePosition(at: valueStart, of: position))
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
            place(&new, at: cursor, of: position)
            if Self.trimmedEnd(line, from: cursor) == cursor, holdHeader(line, .beforeName) { return .entry }
            guard let name = Self.readName(line, from: cursor, ios: true) else { return unreadable(new, &entries) }
            new.printedName = name.long
            new.shortName = name.short
            entries.append(new)
            return .entry
        }
        // Cut inside its fixed text at a space (a mail client's wrap): held for the line after it;
        // alone, it is another line.
        if let rests = Self.cutTexts(line, from: start, among: Self.iosSetPrefixes + Self.iosRemovePrefixes),
            holdHeader(line, .fixedText(rests: rests))
        {
            return .entry
        }
        return nil
    }

    /// The rests of the fixed texts (`texts`, each ending in a space) that the line ends inside
    /// of, cut at one of their spaces from their first two words on, or right after the whole
    /// text; nil when it ends inside none.
    static func cutTexts(_ line: [UInt8], from start: Int, among texts: [String]) -> [[UInt8]]? {
        let end = trimmedEnd(line, from: start)
        var rests: [[UInt8]] = []
        for full in texts {
            let text = Array(full.utf8.dropLast())
            let words = text.split(separator: 0x20, maxSplits: 2)
            let lead = words.count > 1 ? words[0].count + 1 + words[1].count : text.count
            var cut = text.count
            while cut >= lead {
                if cut == text.count || text[cut] == 0x20, end - start >= cut,
                    line[(end - cut)..<end].elementsEqual(text[0..<cut])
                {
                    rests.append(Array(text[cut...]) + [0x20])
                    break
                }
                cut -= 1
            }
        }
        return rests.isEmpty ? nil : rests
    }

    // MARK: - Android

    static let androidEventPrefix = "Logging event (FE): "
    /// The copy of an event passed to a registered event handler (Tag Manager) instead of being
    /// logged (`Passing event to registered event handler (FE): `): the handler logs it again,
    /// so the `(FE)` line after it is its report; alone, it is the event.
    static let androidHandlerPrefix = "Passing event to registered event handler (FE): "
    static let androidServicePrefix = "Logging event: origin="
    static let androidRecordPrefix = "Event recorded: "
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
        if let kind = startAndroidRecord(line, stamp: stamp, position: position, entries: &entries) { return kind }
        return nil
    }

    /// The service's last report of an event: `Event recorded: Event{appId='…', name='NAME',
    /// params=Bundle[{…}]}` (the name and params with or without their long forms); nil when the
    /// line holds none.
    mutating func startAndroidRecord(
        _ line: [UInt8], stamp: Stamp, position: CapturePosition, entries: inout [CaptureEntry]
    ) -> LineKind? {
        guard let at = Self.find(Self.androidRecordPrefix, in: line, from: 0) else { return nil }
        let fields = at + Self.androidRecordPrefix.utf8.count
        var new = Self.newEntry(.confirmation, .androidLogcat, at: fields, stamp: stamp, position: position)
        place(&new, at: fields, of: position)
        (new.reportStage, new.lastReport) = (3, true)
        guard let nameAt = Self.find(", name='", in: line, from: at) else {
            if Self.endsAtRecordField(line, after: fields), holdHeader(line, .beforeName) { return .entry }
            return unreadable(new, &entries)
        }
        let cursor = nameAt + 8
        place(&new, at: cursor, of: position)
        guard let quote = line[cursor...].firstIndex(of: 0x27),
            let name = Self.readName(Array(line[cursor..<quote]), from: 0, ios: false), name.end == quote - cursor
        else { return unreadable(new, &entries) }
        new.printedName = name.long
        new.shortName = name.short
        guard Self.hasPrefix(line, at: quote, "', params=Bundle[{") else {
            if Self.endsAtRecordField(line, after: quote + 2), holdHeader(line, .beforeName) { return .entry }
            return unreadable(new, &entries)
        }
        var current = OpenEntry(entry: new, line: line, position: position, bodyStart: quote + 10, isIOS: false)
        current.lineStarts += joins
        current.entry.lineCount += joins.count
        current.closer = 0x7D
        openOrComplete(current, &entries)
        return .entry
    }

    /// An Android event (`Logging event (FE): `) or the handler's copy of one; nil when the line
    /// holds neither. A header that a mail client or a terminal wrapped at one of its spaces
    /// (inside its fixed text, after it, or after the name's comma, with `Bundle[{` on the next
    /// line) is held for the line after it (`holdHeader`); read alone, it is an entry that
    /// cannot be read.
    mutating func startAndroidEvent(
        _ line: [UInt8], stamp: Stamp, position: CapturePosition, entries: inout [CaptureEntry]
    ) -> LineKind? {
        for (prefix, kind) in Self.androidEventForms {
            guard let at = Self.find(prefix, in: line, from: 0) else { continue }
            let cursor = Self.skipSpace(line, from: at + prefix.utf8.count - 1)
            var new = Self.newEntry(kind, .androidLogcat, at: cursor, stamp: stamp, position: position)
            new.reportStage = kind == .confirmation ? 0 : 1
            place(&new, at: min(cursor, at + prefix.utf8.count), of: position)
            if cursor == line.count { return holdHeader(line, .beforeName) ? .entry : unreadable(new, &entries) }
            guard let name = Self.readName(line, from: cursor, ios: false) else { return unreadable(new, &entries) }
            new.printedName = name.long
            new.shortName = name.short
            let rest = Self.skipSpace(line, from: name.end)
            if rest == line.count {
                entries.append(classify(new))
                return .entry
            }
            if line[rest] == 0x2C, Self.skipSpace(line, from: rest + 1) == line.count {
                return holdHeader(line, .beforeBundle) ? .entry : unreadable(new, &entries)
            }
            guard Self.hasPrefix(line, at: name.end, ", Bundle[{") else { return unreadable(new, &entries) }
            var current = OpenEntry(entry: new, line: line, position: position, bodyStart: name.end + 2, isIOS: false)
            current.lineStarts += joins
            current.entry.lineCount += joins.count
            openOrComplete(current, &entries)
            return .entry
        }
        if let (cut, rest, sure, at) = Self.androidCutForm(line) {
            var new = Self.newEntry(cut, .androidLogcat, at: at, stamp: stamp, position: position)
            place(&new, at: at, of: position)
            new.reportStage = cut == .confirmation ? 0 : 1
            if holdHeader(line, .fixedText(rests: [rest])) { return .entry }
            // Without the `FA` tag, only the next line could have told it: alone, it is a line
            // of the app's own.
            return sure ? unreadable(new, &entries) : nil
        }
        return nil
    }

    /// The Android messages that log an event, by their fixed text, and what each is.
    static let androidEventForms: [(String, CaptureEntry.Kind)] = [
        (androidEventPrefix, .event), (androidHandlerPrefix, .confirmation),
    ]

    /// The fixed texts of the Android messages of an event as a line may end inside them, cut
    /// at a space, and what follows each: the `(FE)` line, the handler's copy, the service's
    /// report (`Logging event:` then `origin=…`) and its record (`Event recorded:` then
    /// `Event{…`).
    static let androidCutTexts: [(text: String, rest: String, kind: CaptureEntry.Kind)] = [
        ("Logging event (FE):", " ", .event),
        ("Passing event to registered event handler (FE):", " ", .confirmation),
        ("Logging event:", " origin=", .confirmation),
        ("Event recorded:", " Event{", .confirmation),
    ]

    /// An Android event form the line ends with, or (on an `FA` tag) ends inside of, cut at one
    /// of its spaces from its first two words on (`Logging event`, `Passing event`): what it is,
    /// the rest of its fixed text, whether the tag is there, and where the text starts.
    static func androidCutForm(_ line: [UInt8]) -> (CaptureEntry.Kind, [UInt8], sure: Bool, at: Int)? {
        let end = trimmedEnd(line, from: 0)
        for form in androidCutTexts {
            let text = Array(form.text.utf8)
            // The first two words and the space between them.
            let words = text.split(separator: 0x20, maxSplits: 2)
            let lead = words.count > 1 ? words[0].count + 1 + words[1].count : text.count
            var cut = text.count
            while cut >= lead {
                let atSpace = cut == text.count || text[cut] == 0x20
                if atSpace, end >= cut, line[(end - cut)..<end].elementsEqual(text[0..<cut]) {
                    // A whole fixed text may tell the message without the `FA` tag (Android
                    // Studio may have wrapped the tag's column onto the line before); a part of
                    // one needs it.
                    let tagged = hasAndroidTag(Array(line[0..<(end - cut)]))
                    guard cut == text.count || tagged else { return nil }
                    return (form.kind, Array(text[cut...]) + Array(form.rest.utf8), tagged, end - cut)
                }
                cut -= 1
            }
        }
        return nil
    }

    /// Whether the line ends (but for blanks) right after `at`, or after `'…',` (an `Event{…}`
    /// field and its comma): a record a mail client wrapped at a space before its name or its
    /// params, which the next line goes on with.
    static func endsAtRecordField(_ line: [UInt8], after at: Int) -> Bool {
        let end = trimmedEnd(line, from: 0)
        if end <= at { return true }
        return end >= 2 && line[end - 1] == 0x2C && line[end - 2] == 0x27
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
        place(&new, at: cursor, of: position)
        new.reportStage = 2
        new.origin = Self.string(line[originStart..<comma])
        guard let name = Self.readName(line, from: cursor, ios: false) else { return unreadable(new, &entries) }
        new.printedName = name.long
        new.shortName = name.short
        if Self.skipSpace(line, from: name.end) == line.count {
            entries.append(classify(new))
            return .entry
        }
        guard Self.hasPrefix(line, at: name.end, ",params=Bundle[{") else { return unreadable(new, &entries) }
        var current = OpenEntry(entry: new, line: line, position: position, bodyStart: name.end + 8, isIOS: false)
        current.lineStarts += joins
        current.entry.lineCount += joins.count
        openOrComplete(current, &entries)
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
        current.quoted = lineQuoted
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
                // `, ` or a comma that ends the line (the rest wrapped onto the next).
                if byte == 0x2C,
                    index + 1 == line.count || line[index + 1] == 0x20 || line[index + 1] == 0x09
                        || line[index + 1] == 0x0D
                {
                    break
                }
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

    /// The end of `line` less trailing spaces, tabs and CRs, not before `start`.
    static func trimmedEnd(_ line: [UInt8], from start: Int) -> Int {
        var end = line.count
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x0D || line[end - 1] == 0x09 { end -= 1 }
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
