/// Reads a Firebase debug console capture one line at a time: the iOS console (Xcode, `log
/// stream`, `idevicesyslog`, or the bare message as people paste it) and Android logcat (every
/// `-v` format, and Android Studio's window). It is a line state machine: each line is
/// classified once (`LineKind`) and fed to the one entry that may be open, an iOS params block
/// or an Android bundle that spans lines. Nothing else is kept from line to line but the year
/// context of year-less times and the events awaiting their confirmation (both bounded), so
/// the same reader serves a whole file and a live stream fed line by line.
///
/// Why it looks like this:
/// - A JSON line is always a JSON line (`isJSONLine`), even while an entry is open: the entry is
///   cut there, so an unclosed block cannot swallow the export lines after it.
/// - No line costs more than a constant times its length: the open block's bracket and quote
///   state is followed incrementally, the block is parsed once when it closes (or, for an
///   Android bundle whose end cannot be told from its brackets, again only when it has doubled
///   since the last try), and entries are cut at `maxEntryBytes`; every line after a cut entry
///   is read again on its own terms.
public struct CaptureReader: Sendable {
    /// Only this capture format, when `--input-format` forces one.
    public var forced: InputFormat?
    /// An entry still open at the end of the last line.
    var open: OpenEntry?
    /// Whether an entry is open, or a header is held for the line after it: read on every JSON
    /// line, so without copying the open entry (`open == nil` copies it out first). A line the
    /// reader is not given (JSON, blank, too long) then ends it (`cut`).
    var hasOpenEntry: Bool {
        if wrappedHeader != nil { return true }
        if case .none = open { return false }
        return true
    }
    /// Events logged whose later reports may follow, by name (`nameKey`) and by the stage they
    /// are at (`classify`): a report that follows is no second event. Bounded by `maxAwaiting`
    /// names of at most `maxAwaitedBytes` bytes.
    var awaitingConfirmation: [String: ReportStages] = [:]
    /// User properties set and not yet reported, by name and value, with how many times: each
    /// report that follows with that name and value is no second change. Bounded the same way,
    /// values too.
    var awaitingPropertyReport: [PropertySet: Int] = [:]
    struct PropertySet: Hashable, Sendable {
        var name: String
        var value: [UInt8]
    }
    /// The last lines printed in the Xcode form `App[pid:tid] MESSAGE`, as `App[pid` and the
    /// message (of at most `maxEchoedBytes`), oldest first: an ASL line `App[pid] <Level> MESSAGE`
    /// with one of them is its echo, and uses it up. At most `maxRecentLines`.
    var recentLines: [[UInt8]] = []
    static let maxRecentLines = 32
    static let maxEchoedBytes = 1024
    /// The year of year-less times (logcat `MM-DD`, syslog `Mon DD`).
    var year = YearContext()
    /// `logcat -v long`: the header line's time and position, for the message line after it.
    var longHeader: (time: ParsedTime?, position: CapturePosition)?
    /// An iOS event header that ends before its params block (`… params: app,` with `view_item, {`
    /// on the next line, as a paste or a terminal wrapped it; or cut anywhere from inside its
    /// fixed text to the `{`). The next line, when it continues it, is read joined to it.
    var wrappedHeader: HeldHeader?
    struct HeldHeader: Sendable {
        /// The header's text, with the lines joined to it so far.
        var line: [UInt8]
        var messageStart: Int
        var time: ParsedTime?
        /// The time as resolved when the header was first read (and whether it was an echo).
        var stamp: Stamp
        var position: CapturePosition
        /// Where each line joined to the header starts in `line`, and its own position.
        var joins: [(offset: Int, position: CapturePosition)]
        var wrap: HeaderWrap
        /// The header's first line was quoted (`> `): so are the lines that continue it.
        var quoted: Bool
    }
    /// Where a held header ends, which tells the lines that can continue it and how they join.
    enum HeaderWrap: Sendable, Equatable {
        /// Inside the fixed text of its message: the next line goes on with one of `rests` (more
        /// than one when the cut text begins more than one message: `Event` of `Event logged.`
        /// and of `Event is not subject …`).
        case fixedText(rests: [[UInt8]])
        /// After the fixed text, or after the origin's comma: the next line holds what follows.
        case beforeName
        /// Inside the origin (`… params: a`, then `pp, view_item, {`).
        case insideOrigin
        /// On the name or inside its short form: the next line goes on with the rest of it,
        /// its short form or its comma.
        case insideName
        /// After the name's comma: the next line opens the params block.
        case beforeBlock
        /// After an Android name's comma: the next line opens the bundle (`Bundle[{`).
        case beforeBundle

        /// Whether `line` (past any quote; known to be no new log line, JSON or SDK entry of its
        /// own) can go on from here: never a blank one.
        func continues(_ line: [UInt8]) -> Bool {
            let text = line[CaptureReader.skipSpace(line, from: 0)...]
            guard let first = text.first else { return false }
            func firstStop() -> Int? { text.firstIndex { $0 == 0x20 || $0 == 0x2C || $0 == 0x09 } }
            switch self {
            case .fixedText(let rests):
                return rests.contains { rest in
                    let expected = rest[CaptureReader.skipSpace(rest, from: 0)...]
                    return text.starts(with: expected) || expected.starts(with: text)
                }
            case .beforeName: return true
            case .insideOrigin:
                guard let stop = firstStop() else { return false }
                return line[stop] == 0x2C
            case .insideName:
                // The rest of a name, then its short form, its comma or the end of the line.
                if first == 0x2C || first == 0x28 { return true }
                guard let stop = firstStop() else { return true }
                return line[stop] == 0x2C || CaptureReader.hasPrefix(line, at: stop, " (")
            case .beforeBlock: return first == 0x7B
            case .beforeBundle: return text.starts(with: "Bundle[{".utf8)
            }
        }

        /// How the held header (its trailing blanks cut) and the line that continues it join:
        /// the line's indent is dropped, and a space goes between them where the wrap took one
        /// (inside a fixed text at one of its spaces, before the name, before the block, before
        /// a short form); none inside an origin or a name.
        func join(_ line: [UInt8]) -> (separator: [UInt8], skip: Int) {
            let skip = CaptureReader.skipSpace(line, from: 0)
            switch self {
            case .fixedText(let rests): return (rests.first?.first == 0x20 ? [0x20] : [], skip)
            case .beforeName, .beforeBlock, .beforeBundle: return ([0x20], skip)
            case .insideOrigin: return ([], skip)
            case .insideName: return (skip < line.count && line[skip] == 0x28 ? [0x20] : [], skip)
            }
        }
    }
    /// While a held header is read joined to the lines after it: where each of those starts in
    /// the joined text and its own position, so that what is on it is found there.
    var joins: [(offset: Int, position: CapturePosition)] = []
    /// While a held header is read alone (no line continued it): it is not held again.
    var readingAlone = false
    /// A header is held again after a join only while it has taken fewer lines than a header
    /// can be wrapped into (inside its fixed text, after it, after the origin, after the name).
    var mayHoldHeader: Bool { !readingAlone && joins.count < Self.maxHeaderJoins }
    static let maxHeaderJoins = 5
    /// Set by `startIOSEvent` when the line is a header that ends before its params block.
    var headerWraps: HeaderWrap?
    /// The line being read (or the held header it continues) was quoted (`> `): the lines that
    /// continue its entry are read past their quotes, those of an entry that was not, as they are.
    var lineQuoted = false
    /// Bytes of entry text parsed so far, counted as entries complete: the one part of the work
    /// that is not per line, which `FuzzCaptureReader` holds to a constant times the input.
    public internal(set) var parsedBytes = 0

    public init(forced: InputFormat? = nil) { self.forced = forced }

    /// The longest entry read (a params block of a few hundred lines is about 20 KB).
    static let maxEntryBytes = 256 << 10
    /// Distinct event names awaiting a confirmation at once; past this the table starts over (a
    /// confirmation follows its event within a few lines, so only hostile input gets here).
    static let maxAwaiting = 1024

    /// What one line was.
    public enum LineKind: Sendable, Equatable {
        /// An analytics entry or part of one (an SDK event, user property or reset line, or a
        /// continuation line of an open block).
        case entry
        /// Another line of the analytics SDK (start-up, configuration, consent, upload): a capture
        /// line that is not an entry.
        case sdk
        /// A line with the shape of a log line (a time or a logcat priority first, a logcat
        /// header or separator) that is not the SDK's: the app's own output.
        case log
        /// A JSON text (an export row): for the JSON path, never part of the capture.
        case json
        /// Neither: text without a log prefix. The caller decides from the context.
        case unrecognised
    }

    /// Reads one line; completed entries are appended to `entries`.
    public mutating func feed(
        _ line: [UInt8], number: Int, byteOffset: Int64,
        into entries: inout [CaptureEntry]
    ) -> LineKind {
        // A terminal's colours (`logcat -v color`, a coloured console saved to a file) are read
        // as the terminal shows them.
        let line = line.contains(0x1B) ? Self.blankingColours(line) : line
        let position = CapturePosition(line: number, column: 1, byteOffset: byteOffset)
        let json = forced == nil && Self.isJSONLine(line)
        // A capture quoted in a reply (`> ` before each line) is read past the quote.
        let quote = json ? 0 : Self.quoteEnd(line)
        if var header = wrappedHeader.take() {
            let unquote = header.quoted ? quote : 0
            let rest = unquote == 0 ? line : Array(line[unquote...])
            if Self.continuesHeader(line, after: header.wrap), header.wrap.continues(rest),
                header.line.count + line.count < Self.maxEntryBytes
            {
                // The header and the line that continues it, as one line; a space between them
                // when the wrap took it (`app,` then `view_item, {`).
                var (separator, skip) = header.wrap.join(rest)
                skip += unquote
                lineQuoted = header.quoted
                header.joins.append(
                    (
                        header.line.count + separator.count,
                        CapturePosition(line: number, column: 1 + skip, byteOffset: byteOffset + Int64(skip))
                    ))
                header.line += separator + line[skip...]
                joins = header.joins
                defer { joins = [] }
                return message(
                    header.line, messageStart: header.messageStart, time: header.time, stamp: header.stamp,
                    position: header.position, entries: &entries)
            }
            readAlone(header, into: &entries)
        }
        if var current = open.take() {
            if !json, !Self.startsNewLogLine(line), current.text.count + line.count < Self.maxEntryBytes {
                current.append(line, from: current.quoted ? quote : 0, at: position)
                if let complete = current.step() {
                    parsedBytes += current.parsedBytes
                    entries.append(classify(complete))
                } else {
                    open = current
                }
                return .entry
            }
            let cut = current.cut()
            parsedBytes += current.parsedBytes
            entries.append(classify(cut))
        }
        if json {
            longHeader = nil
            return .json
        }
        if let header = longHeader {
            // `logcat -v long`: the message is the line after its `[ time pid:tid L/TAG ]` header.
            longHeader = nil
            if line.isEmpty { return .log }
            return message(line, messageStart: 0, time: header.time, position: position, entries: &entries)
        }
        let index = Self.contentStart(line, from: quote)
        lineQuoted = quote > 0
        if forced != .iosConsole, Self.isLongHeader(line, at: index) {
            longHeader = (Self.parseTime(line, from: index + 2), position)
            return .log
        }
        if Self.hasPrefix(line, at: index, "--------- ") { return .log }
        let time = Self.parseTime(line, from: index)
        return message(line, messageStart: index, time: time, position: position, entries: &entries)
    }

    /// The line without its ANSI control sequences (`ESC [`, parameters, a final byte: colours,
    /// bold, a cleared line), as a terminal shows it: those before its first visible byte or
    /// after its last are turned into as many spaces (a line coloured whole keeps every column),
    /// those in between are taken out (a `grep --color` highlight inside a word or a value).
    static func blankingColours(_ line: [UInt8]) -> [UInt8] {
        var sequences: [Range<Int>] = []
        var index = 0
        while index + 1 < line.count {
            guard line[index] == 0x1B, line[index + 1] == 0x5B else {
                index += 1
                continue
            }
            var end = index + 2
            while end < line.count, (0x20...0x3F).contains(line[end]) { end += 1 }
            guard end < line.count, (0x40...0x7E).contains(line[end]) else {
                index += 1
                continue
            }
            sequences.append(index..<(end + 1))
            index = end + 1
        }
        guard !sequences.isEmpty else { return line }
        // The visible bytes: neither blank nor inside a sequence.
        var firstVisible = line.count
        var lastVisible = -1
        var next = 0
        for (at, byte) in line.enumerated() {
            while next < sequences.count, sequences[next].upperBound <= at { next += 1 }
            let inSequence = next < sequences.count && sequences[next].contains(at)
            if !inSequence, byte != 0x20, byte != 0x09 {
                firstVisible = min(firstVisible, at)
                lastVisible = at
            }
        }
        var shown: [UInt8] = []
        shown.reserveCapacity(line.count)
        var from = 0
        for sequence in sequences {
            shown.append(contentsOf: line[from..<sequence.lowerBound])
            if sequence.upperBound <= firstVisible || sequence.lowerBound > lastVisible {
                shown.append(contentsOf: repeatElement(0x20, count: sequence.count))
            }
            from = sequence.upperBound
        }
        shown.append(contentsOf: line[from...])
        return shown
    }

    /// Ends the capture: an entry still open is parsed once more, and cut if it does not close.
    public mutating func finish(into entries: inout [CaptureEntry]) {
        endHeldHeader(into: &entries)
        guard var current = open.take() else { return }
        let cut = current.cut()
        parsedBytes += current.parsedBytes
        entries.append(classify(cut))
    }

    /// Ends a held header where a line the reader is not given comes (blank, too long): no
    /// line continues it.
    public mutating func endHeldHeader(into entries: inout [CaptureEntry]) {
        if let header = wrappedHeader.take() { readAlone(header, into: &entries) }
    }

    /// A held header that no line continued, read as it is: an entry that cannot be read (or,
    /// ended by its name, an event without params).
    mutating func readAlone(_ header: HeldHeader, into entries: inout [CaptureEntry]) {
        readingAlone = true
        joins = header.joins
        defer { (readingAlone, joins) = (false, []) }
        _ = message(
            header.line, messageStart: header.messageStart, time: header.time, stamp: header.stamp,
            position: header.position, entries: &entries)
    }

    /// Whether `line` can continue a held header: not empty, no JSON, no new log line, and no
    /// SDK entry of its own (a paste without prefixes has entries on lines of their own).
    /// A line that goes on with a cut fixed text holds the rest of it (`HeaderWrap.continues`).
    static func continuesHeader(_ line: [UInt8], after wrap: HeaderWrap) -> Bool {
        guard !line.isEmpty, !isJSONLine(line), !startsNewLogLine(line) else { return false }
        if case .fixedText = wrap { return true }
        let entryTexts = iosEventForms.map(\.text) + iosSetPrefixes + iosRemovePrefixes
        return !entryTexts.contains { find($0, in: line, from: 0) != nil }
    }

    /// Cuts the open entry where a line that belongs to no capture (a JSON line) comes.
    public mutating func cut(into entries: inout [CaptureEntry]) {
        longHeader = nil
        finish(into: &entries)
    }

    // MARK: - Classification

    /// The line from its message on: an SDK entry, another SDK line, or a log line.
    /// A held header read again comes with the `stamp` it was first read with.
    mutating func message(
        _ line: [UInt8], messageStart: Int, time: ParsedTime?, stamp held: Stamp? = nil, position: CapturePosition,
        entries: inout [CaptureEntry]
    ) -> LineKind {
        var stamp = held ?? Stamp()
        if let time, held == nil {
            stamp = year.resolve(time)
            if forced != .androidLogcat { stamp.echo = echoOf(line, after: time.end) }
        }
        if forced != .androidLogcat,
            let kind = startIOS(line, from: messageStart, stamp: stamp, position: position, entries: &entries)
        {
            if let wrap = headerWraps.take() {
                wrappedHeader = HeldHeader(
                    line: Array(line[..<Self.trimmedEnd(line, from: 0)]), messageStart: messageStart, time: time,
                    stamp: stamp, position: position, joins: joins, wrap: wrap, quoted: lineQuoted)
            }
            return kind
        }
        if forced != .iosConsole,
            let kind = startAndroid(line, stamp: stamp, position: position, entries: &entries)
        {
            if let wrap = headerWraps.take() {
                wrappedHeader = HeldHeader(
                    line: Array(line[..<Self.trimmedEnd(line, from: 0)]), messageStart: messageStart, time: time,
                    stamp: stamp, position: position, joins: joins, wrap: wrap, quoted: lineQuoted)
            }
            return kind
        }
        if forced != .androidLogcat, Self.iosMarker(line) != nil || Self.isFirebaseIOSLine(line, from: messageStart) {
            return .sdk
        }
        if forced != .iosConsole, Self.hasAndroidTag(line) { return .sdk }
        if Self.sdkMessages.contains(where: { Self.find($0, in: line, from: 0) != nil }) { return .sdk }
        if time != nil || Self.hasLogcatPriority(line, at: messageStart) { return .log }
        return .unrecognised
    }

    /// A JSON text, or what is meant to be one: `{` and more on the line (an iOS block's nested
    /// dictionary is a `{` alone), or `[` and what is not a letter (`[FirebaseAnalytics]`,
    /// `[INFO]`) unless it starts `true`, `false` or `null` (a `[` alone too), and not a `logcat -v long` header
    /// (`[ 10-18 …`). A whole multi-line document counts its line breaks as spaces.
    static func isJSONLine(_ line: [UInt8]) -> Bool {
        line.withUnsafeBytes { isJSONLine($0) }
    }

    static func isJSONLine(_ line: UnsafeRawBufferPointer) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var index = 0
        while index < line.count, isSpace(line[index]) { index += 1 }
        guard index < line.count else { return false }
        let first = line[index]
        guard first == 0x7B || first == 0x5B else { return false }
        var next = index + 1
        while next < line.count, isSpace(line[next]) { next += 1 }
        guard next < line.count else { return first == 0x5B }
        if first == 0x7B { return true }
        let second = line[next]
        switch second {
        case 0x41...0x5A, 0x61...0x7A:
            for literal in ["true", "false", "null"] {
                let bytes = Array(literal.utf8)
                if next + bytes.count <= line.count, bytes.indices.allSatisfy({ line[next + $0] == bytes[$0] }) {
                    return true
                }
            }
            return false
        case 0x30...0x39:
            // `[ 10-18 10:15:32.123  4321: 4390 V/FA ]`: a logcat header, not an array.
            return !(next > index + 1 && isLongHeader(Array(line[index...]), at: 0))
        default: return true
        }
    }

    /// `[ time pid:tid L/TAG ]` alone on its line (`logcat -v long`).
    static func isLongHeader(_ line: [UInt8], at index: Int) -> Bool {
        guard hasPrefix(line, at: index, "[ "), let time = parseTime(line, from: index + 2) else { return false }
        return find("]", in: line, from: time.end) != nil
    }

    /// `V/`, `D(`… at `index`: a logcat line without a time (`brief`, `process`, `tag`, `thread`).
    static func hasLogcatPriority(_ line: [UInt8], at index: Int) -> Bool {
        index + 1 < line.count && "VDIWEFA".utf8.contains(line[index])
            && (line[index + 1] == 0x2F || line[index + 1] == 0x28)
    }

    /// The Android SDK's logcat tags, `FA` and `FA-SVC`, as each format prints them: `V/FA:`,
    /// `V FA      : `, `  FA-SVC  ` (Android Studio), `(FA)` after the message (`-v process`),
    /// `[INFO]  FA: ` (tools that relay logcat).
    static func hasAndroidTag(_ line: [UInt8]) -> Bool {
        var from = 0
        while let at = find("FA", in: line, from: from) {
            from = at + 2
            guard at == 0 || [0x20, 0x2F, 0x28, 0x09].contains(line[at - 1]) else { continue }
            var end = at + 2
            if hasPrefix(line, at: end, "-SVC") { end += 4 }
            if end == line.count { return at > 0 }
            if [0x3A, 0x20, 0x28, 0x29, 0x09].contains(line[end]) { return true }
        }
        return false
    }

    /// Messages of the Android SDK that `logcat -v raw` prints without any tag.
    static let sdkMessages = [
        "App measurement is starting up", "App measurement initialized", "Debug-level message logging enabled",
        "setprop log.tag.FA", "setprop debug.firebase.analytics.app",
    ]

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

    /// Where a line starts past a Markdown or e-mail quote (`> `, `>> `, `> > ` and the spaces
    /// around it), as a capture quoted in a reply to an issue has on every line; 0 without one.
    static func quoteEnd(_ line: [UInt8]) -> Int {
        var index = 0
        while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        guard index < line.count, line[index] == 0x3E else { return 0 }
        while index < line.count, line[index] == 0x3E || line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        return index
    }

    /// Whether a line begins a new log line (a time, a logcat priority prefix, a console marker,
    /// a line of a Firebase iOS SDK or a logcat separator) rather than continuing an open block.
    static func startsNewLogLine(_ line: [UInt8]) -> Bool {
        let index = contentStart(line, from: quoteEnd(line))
        if index == line.count { return false }
        if parseTime(line, from: index) != nil { return true }
        if iosMarker(line) != nil || isFirebaseIOSLine(line, from: index) { return true }
        if hasLogcatPriority(line, at: index) { return true }
        if hasPrefix(line, at: index, "--------- ") { return true }
        return isLongHeader(line, at: index)
    }

    /// An event awaits its reports; a line follows the most advanced awaited event of its name
    /// whose stage is before its own (`CaptureEntry.reportStage`), which moves on to the line's
    /// stage (and is done at the last): it is a report, not a second event. A line that follows
    /// none is the event itself (the SDK's first line of it, or a capture that starts later, or
    /// a filter that left the earlier lines out), which later lines then follow. A notice may
    /// also follow an event at its own stage (the same notice again, once after the last
    /// notice), or at a stage more than one before its own (the real-time marking before
    /// `Event logged.`), and then changes nothing.
    mutating func classify(_ entry: CaptureEntry) -> CaptureEntry {
        var entry = entry
        guard !entry.unreadable, !entry.isEcho else { return entry }
        guard entry.kind == .event || entry.kind == .confirmation else { return entry }
        guard let key = Self.nameKey(entry) else {
            entry.kind = .event
            return entry
        }
        let stage = entry.reportStage
        var counts = awaitingConfirmation[key] ?? ReportStages()
        if let from = counts.highest(below: stage), entry.notice, from < stage - 1 {
            // A notice that skips a stage (the real-time marking printed before `Event logged.`)
            // reports the event where it is, and moves it on to nothing.
            entry.kind = .confirmation
        } else if let from = counts.highest(below: stage) {
            entry.kind = .confirmation
            counts.counts[from] -= 1
            // A last notice leaves room for its own repeat (an echo not known as one).
            if !entry.lastReport || entry.notice { counts.counts[stage] += 1 }
            awaitingConfirmation[key] = counts.isEmpty ? nil : counts
        } else if entry.notice, counts.counts[stage] > 0 {
            entry.kind = .confirmation
            if entry.lastReport {
                counts.counts[stage] -= 1
                awaitingConfirmation[key] = counts.isEmpty ? nil : counts
            }
        } else {
            entry.kind = .event
            if !entry.lastReport || entry.notice { awaitReports(key, at: stage) }
        }
        return entry
    }

    /// How many events of one name await their next report, by the stage they are at.
    struct ReportStages: Sendable {
        var counts = [0, 0, 0, 0]
        var isEmpty: Bool { counts.allSatisfy { $0 == 0 } }
        /// The highest stage before `stage` with an event at it.
        func highest(below stage: Int) -> Int? {
            (0..<min(stage, counts.count)).last { counts[$0] > 0 }
        }
    }

    /// Whether a user property set is the report of the request before it (`reportsRequest`):
    /// a request (`request`) awaits its report; a report with the value of an awaited request
    /// uses it up. Echoes and unreadable entries change nothing.
    mutating func noteProperty(_ entry: inout CaptureEntry, request: Bool) {
        guard !entry.isEcho, !entry.unreadable, let value = entry.value, value.text.count <= Self.maxAwaitedBytes,
            let key = Self.nameKey(entry)
        else { return }
        let set = PropertySet(name: key, value: value.text)
        if request {
            if awaitingPropertyReport[set] == nil, awaitingPropertyReport.count >= Self.maxAwaiting {
                awaitingPropertyReport.removeAll(keepingCapacity: true)
            }
            awaitingPropertyReport[set, default: 0] += 1
        } else if let waiting = awaitingPropertyReport[set] {
            awaitingPropertyReport[set] = waiting > 1 ? waiting - 1 : nil
            entry.reportsRequest = true
        }
    }

    /// Whether the line, from the end of its time on, is an ASL echo: `App[pid] <Level> MESSAGE`
    /// where the same process printed the same message as `App[pid:tid] MESSAGE` shortly before
    /// (which this notes). Old Xcode consoles print each message both ways, the Xcode form first;
    /// an ASL line without its Xcode twin is read as it is.
    mutating func echoOf(_ line: [UInt8], after end: Int) -> Bool {
        var index = end
        while index < line.count, line[index] == 0x20 { index += 1 }
        let nameStart = index
        // The process name runs to its `[` (it may hold spaces); the pid follows.
        let limit = min(line.count, nameStart + 256)
        while index < limit, line[index] != 0x5B { index += 1 }
        guard index > nameStart, index < limit else { return false }
        var digit = index + 1
        while digit < line.count, digit - index <= 10, (0x30...0x39).contains(line[digit]) { digit += 1 }
        guard digit > index + 1, digit < line.count else { return false }
        let process = line[nameStart..<digit]
        if line[digit] == 0x3A {
            // The Xcode form: `:tid] ` then the message.
            var close = digit + 1
            while close < line.count, close - digit <= 20, (0x30...0x39).contains(line[close]) { close += 1 }
            guard close > digit + 1, Self.hasPrefix(line, at: close, "] ") else { return false }
            let message = line[(close + 2)...]
            guard message.count <= Self.maxEchoedBytes else { return false }
            if recentLines.count >= Self.maxRecentLines { recentLines.removeFirst() }
            recentLines.append(Array(process) + [0] + message)
            return false
        }
        guard Self.hasPrefix(line, at: digit, "] <"), let close = Self.find("> ", in: line, from: digit + 3),
            close > digit + 3, close - digit < 16,
            line[(digit + 3)..<close].allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return false }
        let message = line[(close + 2)...]
        guard !recentLines.isEmpty, message.count <= Self.maxEchoedBytes else { return false }
        let key = Array(process) + [0] + message
        guard let twin = recentLines.lastIndex(of: key) else { return false }
        recentLines.remove(at: twin)
        return true
    }

    /// An entry's name in the tables of what awaits a report: its short form, else its long one;
    /// nil past `maxAwaitedBytes` (no GA4 name is that long: such an entry and its report are
    /// each taken as they come).
    static func nameKey(_ entry: CaptureEntry) -> String? {
        let key = entry.shortName ?? entry.printedName
        return key.utf8.count <= maxAwaitedBytes ? key : nil
    }

    /// The longest name, or user property value, that awaits its report.
    static let maxAwaitedBytes = 256

    mutating func awaitReports(_ key: String, at stage: Int) {
        if awaitingConfirmation[key] == nil, awaitingConfirmation.count >= Self.maxAwaiting {
            awaitingConfirmation.removeAll(keepingCapacity: true)
        }
        awaitingConfirmation[key, default: ReportStages()].counts[stage] += 1
    }

    // MARK: - Time

    /// A time read at the start of a line.
    struct ParsedTime: Sendable {
        /// Microseconds since the epoch (year-less: unused, see `month`, `day`, `microsOfDay`).
        var micros: Int64
        var yearless: Bool
        var month = 1, day = 1
        var microsOfDay: Int64 = 0
        /// The civil year of a dated time, for the year context of year-less times after it.
        var year: Int?
        var end: Int
    }

    /// A line's time as an entry takes it.
    struct Stamp: Sendable {
        var micros: Int64?
        /// The time cannot be held (a year-less time past the last year a timestamp holds).
        var outOfRange = false
        /// The line is an ASL echo of a line the same process printed already (`echoOf`).
        var echo = false
    }

    /// The year of year-less times: the year of the last dated time of the capture (2000 when
    /// there is none), raised by one where the months go from December to January. A time that
    /// goes back to December right after that is late, not a new year, so times that step back
    /// and forth across New Year raise the year once, not every other line.
    struct YearContext: Sendable {
        var year = 2000
        /// The month of the current year context (nil before the first year-less time).
        var month: Int?
        /// The year was just raised (January, December before it): a December now is the old year.
        var turned = false
        /// Seconds-since-something below this (1973) are seconds since boot, not since 1970.
        static let monotonicLimit: Int64 = 100_000_000_000_000
        /// Past this year the time cannot be held (`micros` stays far inside Int64 up to it).
        static let lastYear = 9999

        mutating func resolve(_ time: ParsedTime) -> Stamp {
            guard time.yearless else {
                if let dated = time.year {
                    year = dated
                    month = nil
                    turned = false
                } else if time.micros < Self.monotonicLimit, (0...Self.lastYear).contains(year) {
                    // `logcat -v monotonic`: seconds since boot, placed in the context's year.
                    return Stamp(micros: CaptureReader.micros(year: year, month: 1, day: 1) + time.micros)
                }
                return Stamp(micros: time.micros)
            }
            var lineYear = year
            if let month, month == 12, time.month == 1 {
                year += 1
                lineYear = year
                turned = true
                self.month = 1
            } else if turned, time.month == 12, month == 1 {
                lineYear = year - 1
            } else {
                if time.month != month { turned = false }
                month = time.month
            }
            guard (0...Self.lastYear).contains(lineYear) else {
                year = min(year, Self.lastYear + 1)
                return Stamp(micros: nil, outOfRange: true)
            }
            let day = CaptureReader.micros(year: lineYear, month: time.month, day: time.day)
            return Stamp(micros: day.addingSaturating(time.microsOfDay))
        }
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

    /// Microseconds from 1970-01-01 to the start of a civil day (proleptic Gregorian), for years
    /// 0 to 9999 (the four digits a time has).
    static func micros(year: Int, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return (Int64(era) * 146_097 + Int64(dayOfEra) - 719_468) * 86_400_000_000
    }

    // MARK: - Byte helpers

    /// Where `needle` first occurs in `line` at or after `start`. The needle's UTF-8 is read in
    /// place (`withUTF8` on a literal copies nothing): this runs a few dozen times a line.
    static func find(_ needle: String, in line: [UInt8], from start: Int) -> Int? {
        var needle = needle
        return needle.withUTF8 { pattern in
            guard !pattern.isEmpty, start >= 0, line.count >= pattern.count, start <= line.count - pattern.count
            else { return nil }
            return line.withUnsafeBufferPointer { bytes in
                let first = pattern[0]
                var index = start
                let last = bytes.count - pattern.count
                while index <= last {
                    if bytes[index] == first {
                        var offset = 1
                        while offset < pattern.count, bytes[index + offset] == pattern[offset] { offset += 1 }
                        if offset == pattern.count { return index }
                    }
                    index += 1
                }
                return nil
            }
        }
    }

    static func hasPrefix(_ line: [UInt8], at index: Int, _ prefix: String) -> Bool {
        var prefix = prefix
        return prefix.withUTF8 { pattern in
            guard index >= 0, index + pattern.count <= line.count else { return false }
            for offset in 0..<pattern.count where line[index + offset] != pattern[offset] { return false }
            return true
        }
    }

    /// Text of capture bytes, never repaired: bytes that are not UTF-8 are shown escaped
    /// (`\xFF`), so a bad name is reported as it is instead of as U+FFFD.
    static func string(_ bytes: ArraySlice<UInt8>) -> String {
        String(validating: bytes, as: UTF8.self) ?? Array(bytes).withUnsafeBytes { LineIndex.escapedRendering($0) }
    }
}
