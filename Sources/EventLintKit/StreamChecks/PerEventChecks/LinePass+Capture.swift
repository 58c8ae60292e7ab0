/// What a capture remembers from line to line: the reader's open entry, the one device's user,
/// the user properties the plan reads as set so far, and the last time read. Everything here is
/// bounded whatever the input: one user at a time, the plan's user properties only.
struct CaptureState {
    var reader = CaptureReader()
    /// A line of a capture was read (an SDK line or a log line), or a capture format is forced:
    /// from then on lines without a log prefix are the app's output, "not analytics".
    var recognised = false
    /// Where the first capture line is, for the one finding of a capture without events.
    var firstLine: (number: Int, byteOffset: Int64)?
    /// Event entries read (checked or not).
    var events = 0
    /// Lines without a log prefix read before anything told JSON from capture: they are
    /// decided by the next line that does (or as JSON past `maxPendingBytes` or at the end), as
    /// a file's first 64 KiB decide, so standard input and a file give the same report.
    var pending: [PendingLine] = []
    var pendingBytes = 0
    /// Rejects records of lines read while others wait (and of the waiting lines themselves,
    /// while they are resolved), written in line order once the wait ends.
    var heldRejects: [(line: Int, rejected: RejectedLine)] = []
    var holdsRejects = false
    static let maxPendingBytes = 64 << 10
    /// The device's app instance (a new one after `Resetting analytics data`).
    var device = 0
    /// The user id the app set (`_id`), which stands for the user while set.
    var userID: [UInt8]?
    /// The plan's user properties as set so far, in the order first set (at most one per plan
    /// user property, so writing them on every event costs what the plan holds, not what the
    /// capture set).
    var userProperties: [(name: String, value: CaptureValue)] = []
    /// The `_sid` user property: GA4 adds it to every event as `ga_session_id`.
    var sessionID: CaptureValue?
    /// The last time read: the device's clock, for entries that have none (any user).
    var lastTimestamp: Int64?
    /// Entries so far: the tie-break after equal times, so the file order holds.
    var ordinal: Int64 = 0
    var entries: [CaptureEntry] = []
    /// The input starts with a UTF-8 BOM: the reader counts line 1's columns from after it, the
    /// findings from the file's first byte (`LinePass.captureColumn`).
    var leadingBOM = false
}

/// A line kept until the input's kind is known (`CaptureState.pending`).
struct PendingLine {
    var bytes: [UInt8]
    var number: Int
    var byteOffset: Int64
    var length: Int64
    var flags: LineFlags
}

/// Maps offsets of an entry's JSON form back to the capture: a finding is at the line where the
/// entry starts, at the piece's own column when the piece is on that line.
struct CaptureLocator {
    var segments: [(offset: Int, position: CapturePosition)]
    var start: CapturePosition
    var name: CapturePosition
    /// The input starts with a UTF-8 BOM, which line 1's columns count.
    var leadingBOM = false

    func location(_ offset: Int, file: String) -> SourceLocation {
        var chosen = name
        for segment in segments where segment.offset <= offset { chosen = segment.position }
        if chosen.line != start.line { chosen = name }
        let column = chosen.column + (leadingBOM && chosen.line == 1 ? 3 : 0)
        return SourceLocation(file: file, line: chosen.line, column: column, byteOffset: chosen.byteOffset)
    }
}

/// Debug console captures in the line pass: each entry becomes a flat event in JSON, read by the
/// one scanner and checked by the same code as every export line, with its findings mapped back.
extension LinePass {
    /// A line that is certainly JSON (`{"` or `{}` first) while no capture entry is open, no
    /// line waits for its kind and no format is forced: for the JSON path, without calling
    /// `processCaptureLine`. Tested inline on every line.
    @inline(__always)
    func isPlainJSONLine(_ line: FramedLine) -> Bool {
        line.bytes.count > 1 && line.bytes[0] == 0x7B && (line.bytes[1] == 0x22 || line.bytes[1] == 0x7D)
            && settings.inputFormat == nil && capture.pending.isEmpty && !capture.reader.hasOpenEntry
    }

    /// Reads a line as part of a capture; false when it is for the JSON path. Each line is
    /// classified once by the reader (`CaptureReader.LineKind`): a JSON line is always a JSON
    /// line, even inside a capture or an open entry; SDK lines and log lines are the capture's;
    /// a line without a log prefix is the app's output once the input is known to be a capture,
    /// a JSON error once it is known to be JSON, and waits for the next line that tells which
    /// until then.
    func processCaptureLine(_ line: FramedLine) -> Bool {
        let forced = settings.inputFormat
        if let forced, !forced.isCapture { return false }
        if forced == nil, CaptureReader.isJSONLine(line.bytes) {
            // The JSON path's hot case: decide on the first bytes, without copying the line.
            if capture.reader.hasOpenEntry {
                var completed: [CaptureEntry] = []
                capture.reader.cut(into: &completed)
                capture.entries += completed
                handleCaptureEntries()
            }
            resolvePending(asCapture: false)
            return false
        }
        if forced != nil, !capture.recognised { markCapture(line) }
        capture.reader.forced = forced
        var completed: [CaptureEntry] = []
        let kind = capture.reader.feed(
            Array(line.bytes), number: line.number, byteOffset: line.contentByteOffset, into: &completed)
        capture.entries += completed
        switch kind {
        case .json:
            handleCaptureEntries()
            resolvePending(asCapture: false)
            return false
        case .entry:
            markCapture(line)
            counters.validLines += 1
        case .sdk, .log:
            markCapture(line)
            counters.notAnalyticsLines += 1
        case .unrecognised:
            if !capture.recognised {
                handleCaptureEntries()
                holdPending(line)
                return true
            }
            counters.notAnalyticsLines += 1
        }
        handleCaptureEntries()
        return true
    }

    /// A capture header held for the line after it ends where a line the reader is not given
    /// comes (blank, too long): read alone, as an entry that cannot be read.
    func endHeldCaptureHeader() {
        guard capture.reader.wrappedHeader != nil else { return }
        var completed: [CaptureEntry] = []
        capture.reader.endHeldHeader(into: &completed)
        capture.entries += completed
        handleCaptureEntries()
    }

    /// The input is a capture from this line on; lines waiting for their kind are its output.
    func markCapture(_ line: FramedLine) {
        if capture.firstLine == nil { capture.firstLine = (line.number, line.contentByteOffset) }
        guard !capture.recognised else { return }
        capture.recognised = true
        resolvePending(asCapture: true)
    }

    /// Keeps a line without a log prefix until the input's kind is known.
    func holdPending(_ line: FramedLine) {
        capture.pending.append(
            PendingLine(
                bytes: Array(line.bytes), number: line.number, byteOffset: line.byteOffset, length: line.length,
                flags: line.flags))
        capture.pendingBytes += line.bytes.count
        if capture.pendingBytes > CaptureState.maxPendingBytes { resolvePending(asCapture: false) }
    }

    /// Accounts for the lines that waited: as the app's output of a capture, or as JSON lines.
    func resolvePending(asCapture: Bool) {
        guard !capture.pending.isEmpty else { return }
        let pending = capture.pending
        capture.pending = []
        capture.pendingBytes = 0
        capture.holdsRejects = true
        defer {
            capture.holdsRejects = false
            let held = capture.heldRejects.enumerated().sorted {
                ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
            }
            capture.heldRejects = []
            for record in held { writeReject(record.element.rejected) }
        }
        for held in pending {
            held.bytes.withUnsafeBytes { bytes in
                let line = FramedLine(
                    number: held.number, byteOffset: held.byteOffset, bytes: bytes, length: held.length,
                    flags: held.flags)
                if !asCapture, rejectAsNotUTF8(line) { return }
                if line.flags.contains(.missingFinalNewline) {
                    findings.append(ExportRules.missingFinalNewline(line, file: file))
                }
                if asCapture {
                    counters.notAnalyticsLines += 1
                } else {
                    processJSON(line)
                }
            }
        }
    }

    /// The end of the input: an entry still open is parsed once more or reported as cut, lines
    /// still waiting for their kind are JSON lines, and a capture without any event says so.
    func finishCapture() {
        var completed: [CaptureEntry] = []
        capture.reader.finish(into: &completed)
        capture.entries += completed
        handleCaptureEntries()
        resolvePending(asCapture: false)
        if capture.recognised, capture.events == 0, counters.eventsChecked == 0, let first = capture.firstLine {
            findings.append(
                ExportRules.captureWithoutEvents(
                    at: SourceLocation(
                        file: file, line: first.number, column: captureColumn(1, onLine: first.number),
                        byteOffset: first.byteOffset)))
        }
    }

    /// A column the capture reader counted, as findings count it: line 1 from the file's first
    /// byte, a leading BOM included (the reader is given the line after it).
    func captureColumn(_ column: Int, onLine line: Int) -> Int {
        capture.leadingBOM && line == 1 ? column + 3 : column
    }

    func captureColumn(_ position: CapturePosition) -> Int {
        captureColumn(position.column, onLine: position.line)
    }

    func handleCaptureEntries() {
        guard !capture.entries.isEmpty else { return }
        let entries = capture.entries
        capture.entries.removeAll()
        for entry in entries { handle(entry) }
    }

    func handle(_ entry: CaptureEntry) {
        // A copy of a line already read (`CaptureEntry.isEcho`): its lines are the capture's, the
        // entry was handled as printed the first time.
        guard !entry.isEcho else { return }
        capture.ordinal += 1
        if let timestamp = entry.timestamp { capture.lastTimestamp = timestamp }
        if entry.timeOutOfRange {
            findings.append(
                Finding(
                    rule: StreamRules.invalidTimestamp,
                    message: StreamRules.yearlessTimeOutOfRangeMessage(),
                    at: SourceLocation(
                        file: file, line: entry.start.line, column: captureColumn(1, onLine: entry.start.line),
                        byteOffset: entry.start.byteOffset)))
        }
        if entry.unreadable {
            if entry.kind == .event || entry.kind == .confirmation { capture.events += 1 }
            reportUnreadableEntry(entry)
            return
        }
        switch entry.kind {
        case .confirmation:
            return
        case .deviceReset:
            capture.device += 1
            capture.userID = nil
            capture.userProperties.removeAll()
            capture.sessionID = nil
        case .userProperty:
            guard
                case .name(let name) = CaptureNames.exportName(
                    long: entry.printedName, short: entry.shortName,
                    kind: .userProperty)
            else { return }
            if name == "user_id" {
                capture.userID = entry.value?.text
                return
            }
            if name == "ga_session_id" { capture.sessionID = entry.value }
            guard let value = entry.value else {
                if plan.userPropertyIndex[name] != nil { capture.userProperties.removeAll { $0.name == name } }
                return
            }
            // A report of the request before it is the same change: checked once, at the request.
            if !entry.reportsRequest { checkCapturedUserProperty(name, value, entry) }
            // Only the plan's user properties matter on events (the others are checked here,
            // where they are set): at most the plan's count, so this stays bounded.
            guard plan.userPropertyIndex[name] != nil else { return }
            if let index = capture.userProperties.firstIndex(where: { $0.name == name }) {
                capture.userProperties[index].value = value
            } else {
                capture.userProperties.append((name, value))
            }
        case .event:
            capture.events += 1
            checkCapturedEvent(entry)
        }
    }

    /// An SDK line that names an entry that cannot be read.
    func reportUnreadableEntry(_ entry: CaptureEntry) {
        findings.append(
            ExportRules.captureEntryUnreadable(
                entry.kind, name: entry.printedName,
                at: SourceLocation(
                    file: file, line: entry.start.line, column: captureColumn(entry.namePosition),
                    byteOffset: entry.namePosition.byteOffset)))
    }

    /// The user a capture's events belong to: the user id the app set, else the device.
    var captureUser: String {
        if let userID = capture.userID { return CaptureReader.string(userID[...]) }
        return capture.device == 0 ? "device of \(file)" : "device of \(file) (reset \(capture.device))"
    }

    /// A user property is checked once, where it is set (not again on every event it applies to).
    func checkCapturedUserProperty(_ name: String, _ value: CaptureValue, _ entry: CaptureEntry) {
        var json = CaptureJSON()
        json.raw("{\"name\":\"\",\"user_properties\":{")
        json.key(name, at: entry.namePosition)
        json.value(value)
        json.raw("}}")
        withCaptureJSON(json, entry) { scan, synthetic in
            guard let event = scan.events.first, let name = event.name else { return }
            checkUserProperties(event, scan: scan, line: synthetic, eventName: nil, nameToken: name)
        }
    }

    func checkCapturedEvent(_ entry: CaptureEntry) {
        guard
            case .name(let name) = CaptureNames.exportName(
                long: entry.printedName, short: entry.shortName, kind: .event)
        else {
            counters.eventsChecked += 1
            counters.automaticEvents += 1
            counters.countFormat(entry.format)
            return
        }
        if entry.truncated {
            reportTruncatedEntry(entry, name: name)
            return
        }
        let user = captureUser
        let timestamp = entry.timestamp ?? capture.lastTimestamp
        var json = CaptureJSON()
        json.raw("{\"name\":")
        json.segment(entry.namePosition)
        json.string(Array(name.utf8))
        json.raw(",\"params\":{")
        if let items = appendCapturedParams(entry, name: name, to: &json) {
            Self.appendCapturedItems(items, to: &json)
        }
        appendCapturedUser(user, timestamp: timestamp, entry, to: &json)
        checkCapturedJSON(json, entry)
    }

    /// A step of `checkCapturedEvent`: reports an entry that ends before its params do.
    func reportTruncatedEntry(_ entry: CaptureEntry, name: String) {
        findings.append(
            ExportRules.captureEntryTruncated(
                event: name,
                at: SourceLocation(
                    file: file, line: entry.start.line, column: captureColumn(entry.namePosition),
                    byteOffset: entry.namePosition.byteOffset)))
    }

    /// A step of `checkCapturedEvent`: writes the params (a duplicate is reported) and returns `items`.
    func appendCapturedParams(_ entry: CaptureEntry, name: String, to json: inout CaptureJSON) -> CaptureValue? {
        var seen: Set<String> = []
        var items: CaptureValue?
        for field in entry.params {
            guard
                case .name(let paramName) = CaptureNames.exportName(
                    long: field.printedName, short: field.shortName,
                    kind: .param)
            else { continue }
            if paramName == "items", field.value.kind == .list {
                items = field.value
                continue
            }
            guard seen.insert(paramName).inserted else {
                findings.append(
                    Finding(
                        rule: StreamRules.duplicateParam,
                        message: StreamRules.duplicateParamMessage(param: paramName, event: name),
                        at: SourceLocation(
                            file: file, line: entry.start.line, column: captureColumn(entry.namePosition),
                            byteOffset: entry.namePosition.byteOffset), event: name, param: paramName))
                continue
            }
            json.key(paramName, at: field.position)
            json.value(field.value)
        }
        // GA4 adds the session id from the `_sid` user property to every event of the session.
        if !seen.contains("ga_session_id"),
            let session = capture.sessionID
        {
            json.key("ga_session_id", at: entry.namePosition)
            json.value(session)
        }
        json.raw("}")
        return items
    }

    /// A step of `checkCapturedEvent`: writes the `items` array.
    static func appendCapturedItems(_ items: CaptureValue, to json: inout CaptureJSON) {
        json.raw(",\"items\":[")
        for (index, item) in items.items.enumerated() {
            json.raw(index == 0 ? "{" : ",{")
            for field in item {
                guard
                    case .name(let paramName) = CaptureNames.exportName(
                        long: field.printedName, short: field.shortName,
                        kind: .param)
                else { continue }
                json.key(paramName, at: field.position)
                json.value(field.value)
            }
            json.raw("}")
        }
        json.raw("]")
    }

    /// A step of `checkCapturedEvent`: writes the user properties, user, time and order; closes the event.
    func appendCapturedUser(_ user: String, timestamp: Int64?, _ entry: CaptureEntry, to json: inout CaptureJSON) {
        json.raw(",\"user_properties\":{")
        for property in capture.userProperties {
            json.key(property.name, at: entry.namePosition)
            json.value(property.value)
        }
        json.raw("},\"user_pseudo_id\":")
        json.string(Array(user.utf8))
        if let timestamp { json.raw(",\"timestamp_micros\":\(timestamp)") }
        json.raw(",\"event_bundle_sequence_id\":\(capture.ordinal)}")
    }

    /// The last step of `checkCapturedEvent`: checks the JSON form as an export line, less user properties.
    func checkCapturedJSON(_ json: CaptureJSON, _ entry: CaptureEntry) {
        withCaptureJSON(json, entry) { scan, synthetic in
            guard !scan.events.isEmpty else { return }
            let event = scan.events.address(of: 0)
            event.pointee.format = entry.format
            // User properties were checked where they were set.
            findings.dropping = [
                StreamRules.unknownUserProperty.id, StreamRules.userPropertyWrongType.id,
                StreamRules.userPropertyValueNotAllowed.id, StreamRules.userPropertyValueTooLong.id,
            ]
            check(event, scan: scan, line: synthetic)
            findings.dropping = []
        }
    }

    /// Scans an entry's JSON form, gives its values the types the console told, and runs `body`
    /// with findings mapped back to the capture.
    func withCaptureJSON(_ json: CaptureJSON, _ entry: CaptureEntry, _ body: (LineScan, FramedLine) -> Void) {
        json.bytes.withUnsafeBytes { raw in
            let synthetic = FramedLine(
                number: entry.start.line, byteOffset: entry.start.byteOffset, bytes: raw,
                length: Int64(raw.count), flags: [])
            do throws(JSONError) {
                try scanner.scanLine(raw)
            } catch {
                // Only the capture's own bytes can break the JSON form: text that is not UTF-8. The
                // entry's lines stay counted as analytics lines; the entry is reported, not checked.
                let finding = Finding(
                    rule: error.rule, message: error.message,
                    at: SourceLocation(
                        file: file, line: entry.start.line, column: captureColumn(entry.namePosition),
                        byteOffset: entry.namePosition.byteOffset))
                findings.append(finding)
                return
            }
            let scan = scanner.scan
            for index in scan.params.indices {
                if let slot = json.slots[scan.params[index].value.offset] { scan.params[index].value.slot = slot }
            }
            for index in scan.userProperties.indices {
                if let slot = json.slots[scan.userProperties[index].value.offset] {
                    scan.userProperties[index].value.slot = slot
                }
            }
            captureLocator = CaptureLocator(
                segments: json.segments, start: entry.start, name: entry.namePosition, leadingBOM: capture.leadingBOM)
            defer { captureLocator = nil }
            body(scan, synthetic)
        }
    }
}

/// The JSON form of one capture entry, with where each piece came from and the type each value
/// was printed with.
struct CaptureJSON {
    var bytes: [UInt8] = []
    var segments: [(offset: Int, position: CapturePosition)] = []
    /// Value offset → the slot that tells its type.
    var slots: [Int: ValueSlot] = [:]

    mutating func raw(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }

    mutating func segment(_ position: CapturePosition) { segments.append((bytes.count, position)) }

    mutating func key(_ name: String, at position: CapturePosition) {
        if bytes.last != 0x7B { bytes.append(0x2C) }
        segment(position)
        string(Array(name.utf8))
        bytes.append(0x3A)
    }

    mutating func value(_ value: CaptureValue) {
        segment(value.position)
        switch value.kind {
        case .null: raw("null")
        case .compound: raw("{}")
        case .list: raw("[]")
        case .printed, .string, .int, .double:
            slots[bytes.count] =
                switch value.kind {
                case .string: .stringValue
                case .int: .intValue
                case .double: .doubleValue
                default: .printed
                }
            string(value.text)
        }
    }

    /// A JSON string of `text`: quotes, backslashes and control bytes escaped; other bytes as
    /// they are (text that is not UTF-8 is then reported by the scanner).
    mutating func string(_ text: [UInt8]) {
        bytes.append(0x22)
        for byte in text {
            switch byte {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }
}
