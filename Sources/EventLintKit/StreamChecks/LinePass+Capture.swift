/// What a capture remembers from line to line: the one device's user, its user properties as
/// set so far, and the last time read.
struct CaptureState {
    var reader = CaptureReader()
    /// The input is a capture as a whole (sniffed, or forced): every line that is not an analytics
    /// entry is "not analytics", JSON included.
    var wholeFile = false
    /// A capture entry was seen: from then on unrecognised lines are "not analytics".
    var seen = false
    /// The device's app instance (a new one after `Resetting analytics data`).
    var device = 0
    /// The user id the app set (`_id`), which stands for the user while set.
    var userID: [UInt8]?
    /// User properties in the order they were first set.
    var userProperties: [(name: String, value: CaptureValue)] = []
    /// Last time read per user, for entries that have none.
    var lastTimestamp: [String: Int64] = [:]
    /// Entries so far: the tie-break after equal times, so the file order holds.
    var ordinal: Int64 = 0
    var entries: [CaptureEntry] = []
}

/// Maps offsets of an entry's JSON form back to the capture: a finding is at the line where the
/// entry starts, at the piece's own column when the piece is on that line.
struct CaptureLocator {
    var segments: [(offset: Int, position: CapturePosition)]
    var start: CapturePosition
    var name: CapturePosition

    func location(_ offset: Int, file: String) -> SourceLocation {
        var chosen = name
        for segment in segments where segment.offset <= offset { chosen = segment.position }
        if chosen.line != start.line { chosen = name }
        return SourceLocation(file: file, line: chosen.line, column: chosen.column, byteOffset: chosen.byteOffset)
    }
}

/// Debug console captures in the line pass: each entry becomes a flat event in JSON, read by the
/// one scanner and checked by the same code as every export line, with its findings mapped back.
extension LinePass {
    /// Marks the input as a capture as a whole (the runner sniffed its start).
    func treatAsCapture() {
        capture.wholeFile = true
        capture.seen = true
    }

    /// Reads a line as part of a capture; false when it is for the JSON path.
    /// A line that starts with `{` while no capture is being read and no format is forced:
    /// JSON, for which `processCaptureLine` returns false. Tested inline on every line, before
    /// the call.
    @inline(__always)
    func isPlainJSONLine(_ line: FramedLine) -> Bool {
        line.bytes.count > 0 && line.bytes[0] == 0x7B && settings.inputFormat == nil && !capture.wholeFile
            && !capture.reader.hasOpenEntry
    }

    func processCaptureLine(_ line: FramedLine) -> Bool {
        let forced = settings.inputFormat
        if let forced, !forced.isCapture { return false }
        if forced == nil, !capture.wholeFile, !capture.reader.hasOpenEntry {
            // The JSON path's hot case: decide on the first bytes, without copying the line.
            let raw = line.bytes
            var index = 0
            while index < raw.count, raw[index] == 0x20 || raw[index] == 0x09 { index += 1 }
            if index < raw.count, raw[index] == 0x7B { return false }
            if index < raw.count, raw[index] == 0x5B,
                !Self.startsCaptureBracket(Array(raw[index..<min(raw.count, index + 9)]), 0)
            {
                return false
            }
        }
        capture.reader.forced = forced
        let bytes = Array(line.bytes)
        var completed: [CaptureEntry] = []
        let kind = capture.reader.feed(bytes, number: line.number, byteOffset: line.contentByteOffset, into: &completed)
        capture.entries += completed
        switch kind {
        case .entry:
            capture.seen = true
            counters.validLines += 1
        case .notAnalytics:
            counters.notAnalyticsLines += 1
        case .unrecognised:
            guard forced != nil || capture.wholeFile || capture.seen else {
                handleCaptureEntries()
                return false
            }
            counters.notAnalyticsLines += 1
        }
        handleCaptureEntries()
        return true
    }

    /// `[FirebaseAnalytics]…`, `[Firebase/Analytics]…` or a `logcat -v long` header: a capture
    /// line that starts like a JSON array.
    static func startsCaptureBracket(_ bytes: [UInt8], _ index: Int) -> Bool {
        CaptureReader.hasPrefix(bytes, at: index, "[Firebase") || CaptureReader.hasPrefix(bytes, at: index, "[ ")
    }

    /// The end of the input: an entry still open is reported as cut.
    func finishCapture() {
        var completed: [CaptureEntry] = []
        capture.reader.finish(into: &completed)
        capture.entries += completed
        handleCaptureEntries()
    }

    func handleCaptureEntries() {
        guard !capture.entries.isEmpty else { return }
        let entries = capture.entries
        capture.entries.removeAll()
        for entry in entries { handle(entry) }
    }

    func handle(_ entry: CaptureEntry) {
        capture.ordinal += 1
        switch entry.kind {
        case .confirmation:
            return
        case .deviceReset:
            capture.device += 1
            capture.userID = nil
            capture.userProperties.removeAll()
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
            capture.userProperties.removeAll { $0.name == name }
            if let value = entry.value {
                capture.userProperties.append((name, value))
                checkCapturedUserProperty(name, value, entry)
            }
        case .event:
            checkCapturedEvent(entry)
        }
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
        var timestamp = entry.timestamp
        if let timestamp { capture.lastTimestamp[user] = timestamp } else { timestamp = capture.lastTimestamp[user] }
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
            Finding(
                rule: ExportRules.captureEntryTruncated,
                message:
                    "the entry of event \"\(name)\" ends before its params do (cut, or the capture ended); it is not checked",
                at: SourceLocation(
                    file: file, line: entry.start.line, column: entry.namePosition.column,
                    byteOffset: entry.namePosition.byteOffset), event: name))
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
                        message: "param \"\(paramName)\" appears twice on \"\(name)\"",
                        at: SourceLocation(
                            file: file, line: entry.start.line, column: entry.namePosition.column,
                            byteOffset: entry.namePosition.byteOffset), event: name, param: paramName))
                continue
            }
            json.key(paramName, at: field.position)
            json.value(field.value)
        }
        // GA4 adds the session id from the `_sid` user property to every event of the session.
        if !seen.contains("ga_session_id"),
            let session = capture.userProperties.first(where: { $0.name == "ga_session_id" })
        {
            json.key("ga_session_id", at: entry.namePosition)
            json.value(session.value)
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
                        file: file, line: entry.start.line, column: entry.namePosition.column,
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
            captureLocator = CaptureLocator(segments: json.segments, start: entry.start, name: entry.namePosition)
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
