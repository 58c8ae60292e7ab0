/// Reads a Firebase debug console capture, line by line: the iOS console (Xcode, `log stream`,
/// `idevicesyslog`) and Android logcat (every `-v` format). An iOS params block spans lines, so
/// the reader keeps the entry open until its closing brace; an Android bundle that a terminal
/// wrapped onto following lines is joined the same way. What the reader does not recognise is
/// "not analytics" for the caller to count. Captures are small, so clarity beats speed here: lines
/// are copied into arrays, which the JSON path never does.
public struct CaptureReader: Sendable {
    /// Only this capture format, when `--input-format` forces one.
    public var forced: InputFormat?
    /// An entry still open at the end of the last line.
    var open: OpenEntry?
    /// Whether an entry is open: read on every JSON line, so without copying the open entry
    /// (`open == nil` copies it out first).
    var hasOpenEntry: Bool {
        if case .none = open { return false }
        return true
    }
    /// Events logged and not yet confirmed, by export name: the confirmation that follows is no
    /// second event.
    var awaitingConfirmation: [String: Int] = [:]
    /// Year-less timestamps: the year assumed, and the last one read, to roll over at New Year.
    var assumedYear = 2000
    var lastYearless: Int64?
    /// `logcat -v long`: the header line's time and position, for the message line after it.
    var longHeader: (time: ParsedTime?, position: CapturePosition)?

    public init(forced: InputFormat? = nil) { self.forced = forced }

    /// The longest entry read (a params block of a few hundred lines is about 20 KB).
    static let maxEntryBytes = 256 << 10

    /// What one line was.
    public enum LineKind: Sendable, Equatable {
        /// Part of an analytics entry (its lines are accounted for when the entry completes).
        case entry
        /// A capture line that is not an analytics entry.
        case notAnalytics
        /// Not recognised as a capture line at all.
        case unrecognised
    }

    /// An entry whose block is not closed yet.
    struct OpenEntry: Sendable {
        var entry: CaptureEntry
        var text: [UInt8]
        /// Where each line's bytes start in `text`, and the line's own position.
        var lineStarts: [(offset: Int, position: CapturePosition)]
        /// Where the block or bundle starts in `text`.
        var bodyStart: Int
        var joinWithNewline: Bool
        /// iOS: bracket depth and quote state of the block so far, so the block is parsed once,
        /// when it closes, and not again for every line it grows by.
        var depth = 0
        var inQuote = false
        var escaped = false

        /// Follows the brackets of `text[from...]`; true when the block may have closed.
        mutating func follow(from start: Int) -> Bool {
            guard joinWithNewline else { return Self.endsBundle(text) }
            var closed = false
            for index in start..<text.count {
                let byte = text[index]
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
            return closed
        }

        /// Android: a bundle can only end where a line ends in `}]` (or in `}]` and a tag).
        static func endsBundle(_ text: [UInt8]) -> Bool {
            var end = text.count
            while end > 0, text[end - 1] == 0x20 || text[end - 1] == 0x0D { end -= 1 }
            if end >= 2, text[end - 1] == 0x5D, text[end - 2] == 0x7D { return true }
            return CaptureReader.find(" (FA", in: text, from: max(0, end - 16)) != nil
        }
    }

    /// Reads one line; completed entries are appended to `entries`.
    public mutating func feed(
        _ line: [UInt8], number: Int, byteOffset: Int64,
        into entries: inout [CaptureEntry]
    ) -> LineKind {
        let position = CapturePosition(line: number, column: 1, byteOffset: byteOffset)
        if var current = open {
            // An entry that never closes is cut at a bound, so re-reading it stays cheap.
            if !Self.startsNewLogLine(line), current.text.count + line.count <= Self.maxEntryBytes {
                let offset = current.text.count + (current.joinWithNewline ? 1 : 0)
                if current.joinWithNewline { current.text.append(0x0A) }
                current.text.append(contentsOf: line)
                current.lineStarts.append((offset, position))
                current.entry.lineCount += 1
                let mayClose = current.follow(from: offset)
                open = current
                if mayClose, let complete = complete(&current) {
                    open = nil
                    entries.append(complete)
                }
                return .entry
            }
            open = nil
            entries.append(finishTruncated(current))
        }
        if let header = longHeader {
            // `logcat -v long`: the message is the line after its `[ time pid:tid L/TAG ]` header.
            longHeader = nil
            if line.isEmpty { return .notAnalytics }
            return start(line, lineStart: 0, time: header.time, position: position, entries: &entries)
        }
        var index = 0
        while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        if forced != .iosConsole, Self.hasPrefix(line, at: index, "[ "),
            let time = Self.parseTime(line, from: index + 2),
            let close = Self.find("]", in: line, from: time.end),
            line[(close + 1)...].allSatisfy({ $0 == 0x20 || $0 == 0x0D })
        {
            longHeader = (time, position)
            return .notAnalytics
        }
        let time = Self.parseTime(line, from: index)
        return start(line, lineStart: index, time: time, position: position, entries: &entries)
    }

    /// Ends the capture: an entry still open is truncated.
    public mutating func finish(into entries: inout [CaptureEntry]) {
        if let current = open {
            open = nil
            entries.append(finishTruncated(current))
        }
    }

    // MARK: - Entries

    mutating func start(
        _ line: [UInt8], lineStart: Int, time: ParsedTime?, position: CapturePosition,
        entries: inout [CaptureEntry]
    ) -> LineKind {
        let timestamp = time.map { resolve($0) }
        if forced != .androidLogcat, let marker = Self.iosMarker(line) {
            return startIOS(line, messageStart: marker, timestamp: timestamp, position: position, entries: &entries)
        }
        if forced != .iosConsole,
            let kind = startAndroid(line, timestamp: timestamp, position: position, entries: &entries)
        {
            return kind
        }
        return .unrecognised
    }

    static let debugNoticePrefix =
        "Debug mode is enabled. Marking event as debug and real-time. Event name, parameters: "

    /// The start of the message after `[FirebaseAnalytics][I-ACS…] `, `[Firebase/Analytics][…] `
    /// (SDK 4 to 6) or `<FIRAnalytics/DEBUG> ` (SDK 3).
    static func iosMarker(_ line: [UInt8]) -> Int? {
        for marker in ["[FirebaseAnalytics][", "[Firebase/Analytics]["] {
            if let at = find(marker, in: line, from: 0), let close = find("] ", in: line, from: at + marker.utf8.count)
            {
                return close + 2
            }
        }
        if let at = find("<FIRAnalytics/", in: line, from: 0), let close = find("> ", in: line, from: at) {
            return close + 2
        }
        return nil
    }

    mutating func startIOS(
        _ line: [UInt8], messageStart: Int, timestamp: Int64?, position: CapturePosition,
        entries: inout [CaptureEntry]
    ) -> LineKind {
        func entry(_ kind: CaptureEntry.Kind) -> CaptureEntry {
            var entry = CaptureEntry(kind: kind, format: .iosConsole, start: position)
            entry.timestamp = timestamp
            return entry
        }
        let forms: [(String, CaptureEntry.Kind, Bool)] = [
            ("Logging event: origin, name, params: ", .event, true),
            ("Event logged. Event name, event params: ", .confirmation, false),
            (Self.debugNoticePrefix, .confirmation, false),
        ]
        for (prefix, kind, hasOrigin) in forms where Self.hasPrefix(line, at: messageStart, prefix) {
            var cursor = messageStart + prefix.utf8.count
            var new = entry(kind)
            new.debugNotice = prefix == Self.debugNoticePrefix
            if hasOrigin {
                guard let comma = Self.find(", ", in: line, from: cursor) else { return .notAnalytics }
                new.origin = Self.string(line[cursor..<comma])
                cursor = comma + 2
            }
            guard let name = Self.readName(line, from: cursor, abbreviationSpace: true) else { return .notAnalytics }
            new.printedName = name.long
            new.shortName = name.short
            new.namePosition = CapturePosition(
                line: position.line, column: cursor + 1,
                byteOffset: position.byteOffset + Int64(cursor))
            guard Self.hasPrefix(line, at: name.end, ", "), let brace = Self.find("{", in: line, from: name.end) else {
                // No params block printed: an event without params.
                entries.append(classify(new))
                return .entry
            }
            var current = OpenEntry(
                entry: new, text: line, lineStarts: [(0, position)], bodyStart: brace,
                joinWithNewline: true)
            if current.follow(from: brace), let complete = complete(&current) {
                entries.append(complete)
            } else {
                open = current
            }
            return .entry
        }
        let setForms = ["Setting user property. Name, value: ", "User property set. Name, value: "]
        for prefix in setForms where Self.hasPrefix(line, at: messageStart, prefix) {
            let cursor = messageStart + prefix.utf8.count
            guard let name = Self.readName(line, from: cursor, abbreviationSpace: true),
                Self.hasPrefix(line, at: name.end, ", ")
            else { return .notAnalytics }
            var new = entry(.userProperty)
            new.printedName = name.long
            new.shortName = name.short
            new.namePosition = CapturePosition(
                line: position.line, column: cursor + 1,
                byteOffset: position.byteOffset + Int64(cursor))
            let valueStart = name.end + 2
            var end = line.count
            while end > valueStart, line[end - 1] == 0x20 || line[end - 1] == 0x0D { end -= 1 }
            var value = Self.scalar(
                Array(line[valueStart..<end]), quoted: false,
                position: CapturePosition(
                    line: position.line, column: valueStart + 1,
                    byteOffset: position.byteOffset + Int64(valueStart)))
            if value.text.count >= 2, value.text.first == 0x22, value.text.last == 0x22 {
                value.text = Self.unquote(Array(value.text.dropFirst().dropLast()))
                value.kind = .string
            }
            new.value = value
            entries.append(new)
            return .entry
        }
        let removeForms = ["Removing user property. Name: ", "User property removed. Name: "]
        for prefix in removeForms where Self.hasPrefix(line, at: messageStart, prefix) {
            let cursor = messageStart + prefix.utf8.count
            guard let name = Self.readName(line, from: cursor, abbreviationSpace: true) else { return .notAnalytics }
            var new = entry(.userProperty)
            new.printedName = name.long
            new.shortName = name.short
            new.namePosition = CapturePosition(
                line: position.line, column: cursor + 1,
                byteOffset: position.byteOffset + Int64(cursor))
            entries.append(new)
            return .entry
        }
        return .notAnalytics
    }

    mutating func startAndroid(
        _ line: [UInt8], timestamp: Int64?, position: CapturePosition,
        entries: inout [CaptureEntry]
    ) -> LineKind? {
        func entry(_ kind: CaptureEntry.Kind) -> CaptureEntry {
            var entry = CaptureEntry(kind: kind, format: .androidLogcat, start: position)
            entry.timestamp = timestamp
            return entry
        }
        func named(_ kind: CaptureEntry.Kind, at cursor: Int, _ name: (long: String, short: String?, end: Int))
            -> CaptureEntry
        {
            var new = entry(kind)
            new.printedName = name.long
            new.shortName = name.short
            new.namePosition = CapturePosition(
                line: position.line, column: cursor + 1,
                byteOffset: position.byteOffset + Int64(cursor))
            return new
        }
        if let at = Self.find("Logging event (FE): ", in: line, from: 0) {
            let cursor = at + 20
            guard let name = Self.readName(line, from: cursor, abbreviationSpace: false) else { return .notAnalytics }
            let new = named(.event, at: cursor, name)
            guard Self.hasPrefix(line, at: name.end, ", Bundle[{") else {
                entries.append(classify(new))
                return .entry
            }
            return openBundle(new, line: line, bodyStart: name.end + 2, position: position, entries: &entries)
        }
        if let at = Self.find("Logging event: origin=", in: line, from: 0) {
            // The measurement service's report: `origin=app,name=NAME,params=Bundle[{…}]`.
            guard let comma = Self.find(",name=", in: line, from: at + 22) else { return .notAnalytics }
            let cursor = comma + 6
            guard let name = Self.readName(line, from: cursor, abbreviationSpace: false) else { return .notAnalytics }
            var new = named(.confirmation, at: cursor, name)
            new.origin = Self.string(line[(at + 22)..<comma])
            guard Self.hasPrefix(line, at: name.end, ",params=Bundle[{") else {
                entries.append(classify(new))
                return .entry
            }
            return openBundle(new, line: line, bodyStart: name.end + 8, position: position, entries: &entries)
        }
        for prefix in ["Setting user property (FE): ", "Setting user property: "] {
            guard let at = Self.find(prefix, in: line, from: 0) else { continue }
            let cursor = at + prefix.utf8.count
            guard let name = Self.readName(line, from: cursor, abbreviationSpace: false),
                Self.hasPrefix(line, at: name.end, ", ")
            else { return .notAnalytics }
            var new = named(.userProperty, at: cursor, name)
            let valueStart = name.end + 2
            var end = line.count
            while end > valueStart, line[end - 1] == 0x20 || line[end - 1] == 0x0D { end -= 1 }
            let value = Self.bundleScalar(
                Array(line[valueStart..<end]),
                position: CapturePosition(
                    line: position.line, column: valueStart + 1,
                    byteOffset: position.byteOffset + Int64(valueStart)))
            new.value = value.kind == .null ? nil : value
            entries.append(new)
            return .entry
        }
        if Self.find("Resetting analytics data", in: line, from: 0) != nil {
            entries.append(entry(.deviceReset))
            return .entry
        }
        if Self.find("Event recorded: ", in: line, from: 0) != nil { return .entry }
        return nil
    }

    mutating func openBundle(
        _ new: CaptureEntry, line: [UInt8], bodyStart: Int, position: CapturePosition,
        entries: inout [CaptureEntry]
    ) -> LineKind {
        var current = OpenEntry(
            entry: new, text: line, lineStarts: [(0, position)], bodyStart: bodyStart,
            joinWithNewline: false)
        if current.follow(from: bodyStart), let complete = complete(&current) {
            entries.append(complete)
        } else {
            open = current
        }
        return .entry
    }

    /// The entry, once its block or bundle is closed; nil while it is still open.
    mutating func complete(_ current: inout OpenEntry) -> CaptureEntry? {
        var parser = BodyParser(text: current.text, lineStarts: current.lineStarts)
        parser.index = current.bodyStart
        let fields: [CaptureField]?
        switch current.entry.format {
        case .iosConsole: fields = parser.dictionary()
        default:
            fields = parser.bundle(topLevel: true)
        }
        guard let fields else { return nil }
        var entry = current.entry
        entry.params = fields
        return classify(entry)
    }

    mutating func finishTruncated(_ current: OpenEntry) -> CaptureEntry {
        var entry = current.entry
        entry.truncated = true
        return classify(entry)
    }

    /// An event awaits its confirmation; a confirmation without an event before it is the event.
    mutating func classify(_ entry: CaptureEntry) -> CaptureEntry {
        var entry = entry
        let key = entry.shortName ?? entry.printedName
        switch entry.kind {
        case .event:
            awaitingConfirmation[key, default: 0] += 1
        case .confirmation:
            // The debug-mode notice always comes between the two reports of one event.
            if entry.debugNotice { break }
            if let waiting = awaitingConfirmation[key], waiting > 0 {
                awaitingConfirmation[key] = waiting - 1
            } else {
                entry.kind = .event
            }
        default: break
        }
        return entry
    }

    // MARK: - Time

    /// A time read at the start of a line.
    struct ParsedTime: Sendable {
        /// Microseconds since the epoch, or, year-less, since the start of the assumed year's Jan 1.
        var micros: Int64
        var yearless: Bool
        var month = 1, day = 1
        var microsOfDay: Int64 = 0
        var end: Int
    }

    mutating func resolve(_ time: ParsedTime) -> Int64 {
        guard time.yearless else { return time.micros }
        var value = Self.micros(year: assumedYear, month: time.month, day: time.day) + time.microsOfDay
        // Going back by more than a day is taken as the turn of the year (the capture is in order).
        if let last = lastYearless, value < last - 86_400_000_000 {
            assumedYear += 1
            value = Self.micros(year: assumedYear, month: time.month, day: time.day) + time.microsOfDay
        }
        lastYearless = value
        return value
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `YYYY-MM-DD HH:MM:SS(.f)(±HHMM)`, `MM-DD HH:MM:SS.f` (logcat), `Mon DD HH:MM:SS`
    /// (syslog), or `SECONDS.f` (`logcat -v epoch`), at `start`.
    static func parseTime(_ line: [UInt8], from start: Int) -> ParsedTime? {
        var scanner = TimeScanner(line: line, index: start)
        if let match = scanner.dateTime() { return match }
        scanner.index = start
        if let match = scanner.monthDayTime() { return match }
        scanner.index = start
        if let match = scanner.syslogTime() { return match }
        scanner.index = start
        return scanner.epochTime()
    }

    /// Microseconds from 1970-01-01 to the start of a civil day (proleptic Gregorian).
    static func micros(year: Int, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return (Int64(era) * 146_097 + Int64(dayOfEra) - 719_468) * 86_400_000_000
    }

    /// Whether a line begins a new log line (a time, a logcat priority prefix or a console
    /// marker) rather than continuing an open block.
    static func startsNewLogLine(_ line: [UInt8]) -> Bool {
        var index = 0
        while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        if index == line.count { return false }
        if parseTime(line, from: index) != nil { return true }
        if iosMarker(line) != nil { return true }
        if index + 1 < line.count, "VDIWEFA".utf8.contains(line[index]),
            line[index + 1] == 0x2F || line[index + 1] == 0x28
        {
            return true
        }
        return hasPrefix(line, at: index, "[ ") && parseTime(line, from: index + 2) != nil
    }

    // MARK: - Names and values

    /// `name`, `name (_abbr)` (iOS) or `name(_abbr)` (Android).
    static func readName(_ line: [UInt8], from start: Int, abbreviationSpace: Bool)
        -> (long: String, short: String?, end: Int)?
    {
        var index = start
        while index < line.count, isNameByte(line[index]) { index += 1 }
        guard index > start else { return nil }
        let long = string(line[start..<index])
        var probe = index
        if probe < line.count, line[probe] == 0x20 { probe += 1 }
        if probe < line.count, line[probe] == 0x28 {
            var close = probe + 1
            while close < line.count, isNameByte(line[close]) { close += 1 }
            if close < line.count, line[close] == 0x29, close > probe + 1 {
                return (long, string(line[(probe + 1)..<close]), close + 1)
            }
        }
        return (long, nil, index)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
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

    // MARK: - Byte helpers

    static func find(_ needle: String, in line: [UInt8], from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, line.count >= pattern.count, start <= line.count - pattern.count else { return nil }
        var index = start
        let last = line.count - pattern.count
        while index <= last {
            if line[index] == pattern[0] {
                var matched = true
                for offset in 1..<pattern.count where line[index + offset] != pattern[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    static func hasPrefix(_ line: [UInt8], at index: Int, _ prefix: String) -> Bool {
        let pattern = Array(prefix.utf8)
        guard index >= 0, index + pattern.count <= line.count else { return false }
        for offset in 0..<pattern.count where line[index + offset] != pattern[offset] { return false }
        return true
    }

    /// Text of capture bytes, never repaired: bytes that are not UTF-8 are shown escaped
    /// (`\xFF`), so a bad name is reported as it is instead of as U+FFFD.
    static func string(_ bytes: ArraySlice<UInt8>) -> String {
        String(validating: bytes, as: UTF8.self) ?? Array(bytes).withUnsafeBytes { LineIndex.escapedRendering($0) }
    }
}
