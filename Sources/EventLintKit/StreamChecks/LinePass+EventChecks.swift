/// The per-event checks: the event against the plan, value by value, straight from the bytes.
extension LinePass {
    /// The value's type on the wire, after the BigQuery slot or the JSON kind is read.
    enum Wire {
        case string
        case int(Int64)
        case double(Double)
        case bool(Bool)
        case none, compound
        case malformedNumber(String)

        var kindIndex: Int {
            switch self {
            case .string: 0
            case .int: 1
            case .double: 2
            case .bool: 3
            default: 4
            }
        }

        var name: String {
            switch self {
            case .string: "a string"
            case .int: "an int"
            case .double: "a double"
            case .bool: "a bool"
            case .none: "no value"
            case .compound: "an object or array"
            case .malformedNumber: "a malformed number"
            }
        }
    }

    /// Checks one event of the line, read in place in the line scan's buffer: passed by value
    /// or `inout`, the event (300-odd bytes, on every event) was copied for the steps below.
    /// The one change to it is `checkTimestamp`'s.
    func check(_ slot: UnsafeMutablePointer<ScannedEvent>, scan: LineScan, line: FramedLine) {
        // Findings of this event get its user, time, release and platform; built only when the
        // event has a finding, so a clean line decodes nothing more.
        if spill != nil { checkBudget() }
        let mark = findings.count
        defer {
            if findings.count > mark { findings.setContext(Self.context(of: slot.pointee, line.bytes), from: mark) }
        }
        let bytes = line.bytes
        guard !rejectsShape(slot.pointee, scan: scan, line: line), let nameToken = slot.pointee.name else { return }
        counters.eventsChecked += 1
        counters.countFormat(slot.pointee.format)
        // The name's hash, once: the plan's tables of events and of automatic events share it.
        let (eventIndex, nameHash) = Self.withBytes(nameToken, bytes) { name in
            let hash = plan.eventTable.hash(name)
            return (plan.eventTable.lookup(name, hash: hash), hash)
        }
        checkTimestamp(&slot.pointee, eventIndex: eventIndex, nameToken: nameToken, line: line)
        checkEvent(
            slot.pointee, eventIndex: eventIndex, nameToken: nameToken, nameHash: nameHash, scan: scan, line: line)
    }

    /// The rest of `check`, on the event as it then stays, borrowed by every step.
    func checkEvent(
        _ event: borrowing ScannedEvent, eventIndex: Int32?, nameToken: JSONStringToken, nameHash: UInt64,
        scan: LineScan, line: FramedLine
    ) {
        let bytes = line.bytes
        // Only an event with a record needs its user's id now; any other only raises its user's
        // last timestamp, which matters once the user has records.
        let recorded = eventIndex.map { plan.events[Int($0)].recorded } == true
        let hasUser =
            recorded
            ? deferUser(event.user, bytes, timestamp: event.timestamp)
            : noteUser(event.user, bytes, timestamp: event.timestamp)
        trackedScratch.withUnsafeMutableBufferPointer { $0.update(repeating: .absent) }
        checkUserProperties(event, scan: scan, line: line, eventName: nil, nameToken: nameToken)
        guard let eventIndex else {
            checkNonPlanEvent(event, nameHash: nameHash, nameToken: nameToken, scan: scan, line: line)
            return
        }
        let compiled = plan.events[Int(eventIndex)]
        counters.perEvent[Int(eventIndex)] += 1
        let sessionHash = checkParams(event, compiled: compiled, eventIndex: Int(eventIndex), scan: scan, line: line)
        checkRequired(event, compiled: compiled, eventIndex: Int(eventIndex), bytes: bytes, line: line)
        checkItems(event, compiled: compiled, eventIndex: Int(eventIndex), scan: scan, line: line)
        if compiled.recorded {
            // What rules compare (`whenPlatform`) and what every pair and rule finding shows.
            trackedScratch[plan.platformSlot] = platform(of: event, bytes)
            let appVersion = event.appVersion
            if appVersion.kind == .string || appVersion.kind == .number, !appVersion.range.isEmpty {
                trackedScratch[plan.appVersionSlot] = Self.withValueBytes(appVersion, bytes) {
                    tracked($0, remember: true)
                }
            }
            record(
                event, eventIndex: eventIndex, hasUser: hasUser, session: sessionHash, line: line, bytes: bytes,
                eventName: compiled.name)
        }
    }

    /// The first step of `check`: reports a line of the wrong format or not an event at all.
    @inline(__always)
    func rejectsShape(_ event: borrowing ScannedEvent, scan: LineScan, line: FramedLine) -> Bool {
        if let natural = event.formatMismatch, let forced = settings.inputFormat {
            counters.notEvents += 1
            findings.append(
                Finding(
                    rule: ExportRules.formatMismatch,
                    message: "the line is \(natural.title), not \(forced.title) (--input-format \(forced.rawValue))",
                    at: location(line, event.offset)))
            return true
        }
        if let schema = event.otherSchema {
            // Reported once per input, at its first row (LintRunner.merge).
            counters.notEvents += 1
            let location = location(line, event.offset)
            if let notice = otherSchemaRows[schema] {
                otherSchemaRows[schema] = (notice.first, notice.count + 1)
            } else {
                otherSchemaRows[schema] = (location, 1)
            }
            return true
        }
        if let problem = scan.shapeProblem(of: event) {
            counters.notEvents += 1
            findings.append(
                Finding(
                    rule: StreamRules.notAnEvent, message: problem,
                    at: location(line, event.shapeProblemOffset)))
            return true
        }
        return false
    }

    /// A step of `check`: reports a timestamp outside 2000–2100 and takes it off the event.
    @inline(__always)
    func checkTimestamp(
        _ event: inout ScannedEvent, eventIndex: Int32?, nameToken: JSONStringToken, line: FramedLine
    ) {
        guard let timestamp = event.timestamp, !GA4Facts.plausibleTimestampMicros.contains(timestamp) else { return }
        // Reported on every event, planned or not, and then the event has no time at all: it
        // neither moves the user's last time nor takes part in an order, duration or window.
        let name =
            eventIndex.map { plan.events[Int($0)].name } ?? Self.string(Self.decoded(nameToken, line.bytes))
        findings.append(
            Finding(
                rule: StreamRules.invalidTimestamp,
                message:
                    "event \"\(name)\" has timestamp \(timestamp), not a time between 2000 and 2100 in microseconds; it takes part in no time-based check",
                at: location(line, event.timestampOffset), event: name))
        event.timestamp = nil
        event.timestampImplausible = true
    }

    /// A step of `check`: checks a planned event's params and their count; returns its session id hash or 0.
    @inline(__always)
    func checkParams(
        _ event: borrowing ScannedEvent, compiled: CompiledEvent, eventIndex: Int, scan: LineScan, line: FramedLine
    ) -> UInt64 {
        let bytes = line.bytes
        for index in compiled.uses.indices { seenUses[index] = false }
        var customParams = 0
        var sessionHash: UInt64 = 0
        for fieldIndex in event.params {
            let field = scan.params[fieldIndex]
            let paramIndex = Self.withBytes(field.key, bytes) { plan.paramTable.lookup($0, hash: field.keyHash) }
            if let paramIndex, compiled.useByParam[Int(paramIndex)] >= 0 {
                customParams += 1
                checkPlannedParam(
                    field, paramIndex: Int(paramIndex), compiled: compiled, eventIndex: eventIndex, line: line)
            } else if Self.withBytes(
                field.key, bytes, { plan.isAutomaticParam($0, hash: field.keyHash, on: compiled) })
            {
                if let session = sessionID(field, format: event.format, bytes) { sessionHash = session }
                // A pair or rule may compare it on events that do not list it: read, not checked.
                if let paramIndex, plan.params[Int(paramIndex)].trackedSlot >= 0 {
                    trackedScratch[plan.params[Int(paramIndex)].trackedSlot] = automaticValue(
                        field.value, param: plan.params[Int(paramIndex)], bytes)
                }
            } else {
                customParams += 1
                reportUnplannedParam(field, paramIndex: paramIndex, compiled: compiled, line: line)
            }
        }
        if customParams > GA4Facts.maxParamsPerEvent {
            findings.append(
                Finding(
                    rule: StreamRules.tooManyParams,
                    message:
                        "event \"\(compiled.name)\" has \(customParams) params, over GA4's limit of \(GA4Facts.maxParamsPerEvent)",
                    at: location(line, event.nameOffset), event: compiled.name))
        }
        return sessionHash
    }

    /// A step of `checkParams`: checks a param the event declares (once; again is a duplicate).
    @inline(__always)
    func checkPlannedParam(
        _ field: ScannedField, paramIndex: Int, compiled: CompiledEvent, eventIndex: Int, line: FramedLine
    ) {
        let useIndex = compiled.useByParam[paramIndex]
        if seenUses[useIndex] {
            findings.append(
                Finding(
                    rule: StreamRules.duplicateParam,
                    message: "param \"\(plan.params[paramIndex].name)\" appears twice on \"\(compiled.name)\"",
                    at: location(line, field.key.sourceStart), event: compiled.name,
                    param: plan.params[paramIndex].name))
            return
        }
        seenUses[useIndex] = true
        // The plan's param and use are passed straight from its arrays (`plan` is a `let`), not
        // bound to locals first, which would copy them and retain every reference they hold.
        let tracked = checkValue(
            field, param: plan.params[paramIndex], use: compiled.uses[useIndex], eventIndex: eventIndex,
            eventName: compiled.name, bytes: line.bytes, line: line)
        let trackedSlot = plan.params[paramIndex].trackedSlot
        if trackedSlot >= 0 { trackedScratch[trackedSlot] = tracked }
    }

    /// A step of `checkParams`: the session id of an automatic param that is the session param, or nil.
    @inline(__always)
    func sessionID(_ field: ScannedField, format: InputFormat, _ bytes: UnsafeRawBufferPointer) -> UInt64? {
        if (field.keyHash == plan.sessionParamHash
            && Self.withBytes(
                field.key, bytes,
                { raw in CompiledPlan.sessionParam.withUnsafeBytes { ByteHash.equal(raw, $0) } }))
            || (format == .measurementProtocol && field.keyHash == plan.requestSessionParamHash
                && Self.withBytes(
                    field.key, bytes,
                    { raw in CompiledPlan.requestSessionParam.withUnsafeBytes { ByteHash.equal(raw, $0) } })),
            let value = Self.integer(field.value, bytes)
        {
            return UInt64(bitPattern: value)
        }
        return nil
    }

    /// The value of an automatic param on an event that does not list it, as pairs and rules see
    /// it: a value of the param's type, else invalid (it neither holds nor breaks a condition).
    /// Nothing else is checked and nothing is reported: the event does not declare it.
    func automaticValue(_ value: ValueToken, param: CompiledParam, _ bytes: UnsafeRawBufferPointer) -> TrackedValue {
        let wire = value.slot == .printed ? printedWire(value, bytes, as: param.type) : wire(value, bytes)
        switch (param.type, wire) {
        case (.string, .string):
            return Self.withValueBytes(value, bytes) { tracked($0, remember: true) }
        case (.bucket, .string):
            return Self.withValueBytes(value, bytes) { raw in
                param.allowed.lookup(raw) == nil ? .invalid : tracked(raw, remember: true)
            }
        case (.int, .int(let number)), (.double, .int(let number)): return .number(Double(number))
        case (.double, .double(let number)): return .number(number)
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.bool, .int(let number)) where number == 0 || number == 1: return .bool(number == 1)
        default: return .invalid
        }
    }

    /// A step of `checkParams`: reports a param declared for other events, or not at all.
    @inline(__always)
    func reportUnplannedParam(_ field: ScannedField, paramIndex: Int32?, compiled: CompiledEvent, line: FramedLine) {
        let bytes = line.bytes
        let name = paramIndex.map { plan.params[Int($0)].name } ?? field.key.decodedString(in: bytes)
        findings.append(
            Finding(
                rule: paramIndex == nil ? StreamRules.unknownParam : StreamRules.unexpectedParam,
                message: paramIndex == nil
                    ? "event \"\(compiled.name)\" has param \"\(name)\", which the plan does not declare"
                    : "param \"\(name)\" is declared, but not for event \"\(compiled.name)\"",
                at: location(line, field.key.sourceStart), event: compiled.name, param: name,
                value: Self.shownValue(field.value, bytes)))
    }

    /// Automatic and unknown events: count them; report unknown ones and Firebase's own errors.
    func checkNonPlanEvent(
        _ event: borrowing ScannedEvent, nameHash: UInt64, nameToken: JSONStringToken, scan: LineScan,
        line: FramedLine
    ) {
        if Self.withBytes(nameToken, line.bytes, { self.plan.isAutomaticEvent($0, hash: nameHash) }) {
            counters.automaticEvents += 1
            if Self.withBytes(nameToken, line.bytes, CompiledPlan.isFirebaseErrorEvent) {
                checkFirebaseError(event, scan: scan, line: line)
            }
            return
        }
        counters.unknownEvents += 1
        let name = Self.withBytes(nameToken, line.bytes, Self.string)
        counters.countUnknownName(name)
        findings.append(
            Finding(
                rule: StreamRules.unknownEvent, message: "event \"\(name)\" is not in the plan",
                at: location(line, event.nameOffset), event: name))
    }

    /// An `error` event with `firebase_error`: GA4 rejected something the app sent.
    func checkFirebaseError(_ event: ScannedEvent, scan: LineScan, line: FramedLine) {
        let bytes = line.bytes
        var code: Int64?
        var offending: String?
        var offset = event.nameOffset
        for fieldIndex in event.params {
            let field = scan.params[fieldIndex]
            if Self.decoded(field.key, bytes) == CompiledPlan.firebaseErrorParam {
                code = Self.integer(field.value, bytes)
                offset = field.key.sourceStart
            } else if field.value.kind == .string,
                Self.decoded(field.key, bytes) == CompiledPlan.firebaseErrorValueParam
            {
                offending = Self.text(field.value, bytes)
            }
        }
        guard let code else { return }
        var message =
            "GA4 rejected something the app sent: firebase_error \(code) (\(GA4Facts.firebaseErrorMeaning(code)))"
        if let offending { message += " for \"\(offending)\"" }
        findings.append(
            Finding(
                rule: StreamRules.firebaseError, message: message, at: location(line, offset),
                event: "error", param: offending))
    }

    func checkRequired(
        _ event: ScannedEvent, compiled: CompiledEvent, eventIndex: Int, bytes: UnsafeRawBufferPointer,
        line: FramedLine
    ) {
        var rowVersion: AppVersion??
        for (useIndex, use) in compiled.uses.enumerated() where !seenUses[useIndex] {
            switch use.requirement {
            case .optional: continue
            case .required: break
            case .requiredSince(let since):
                if rowVersion == nil { rowVersion = .some(Self.version(event.appVersion, bytes)) }
                if let known = rowVersion!, known < since { continue }
            }
            let name = plan.params[use.param].name
            counters.missing[eventIndex * plan.params.count + use.param] += 1
            var message = "event \"\(compiled.name)\" is missing required param \"\(name)\""
            if case .requiredSince(let since) = use.requirement { message += " (required since \(since))" }
            findings.append(
                Finding(
                    rule: StreamRules.missingRequiredParam, message: message,
                    at: location(line, event.nameOffset), event: compiled.name, param: name))
        }
    }

    /// What a finding records of its event's line.
    static func context(of event: ScannedEvent, _ bytes: UnsafeRawBufferPointer) -> FindingContext {
        func scalar(_ value: ValueToken) -> String? {
            value.kind == .string || value.kind == .number ? FindingContext.bounded(text(value, bytes)) : nil
        }
        return FindingContext(
            user: scalar(event.user), timestamp: event.timestamp, appVersion: scalar(event.appVersion),
            platform: scalar(event.platform))
    }

    // MARK: - Values

    func wire(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> Wire {
        switch (value.kind, value.slot) {
        case (.absent, _), (.null, _): return .none
        case (.compound, _): return .compound
        case (.bool, _): return .bool(value.boolValue)
        case (.string, .intValue), (.number, .intValue):
            if let int = Self.integer(value, bytes) { return .int(int) }
            return .malformedNumber(Self.text(value, bytes))
        case (.string, .floatValue), (.string, .doubleValue):
            if let double = Double(Self.text(value, bytes)), double.isFinite { return .double(double) }
            return .malformedNumber(Self.text(value, bytes))
        case (.number, .floatValue), (.number, .doubleValue):
            return .double(Double(Self.text(value, bytes)) ?? .nan)
        case (.string, _): return .string
        case (.number, _):
            if let int = Self.integer(value, bytes) { return .int(int) }
            let double = Double(Self.text(value, bytes)) ?? .nan
            return double.isFinite ? .double(double) : .malformedNumber(Self.text(value, bytes))
        }
    }

    /// The type of a value the debug console printed as bare text. The console prints a string
    /// and a number alike, so a string param accepts any text, a number param a number's text,
    /// and a bool param `true`/`false`/`YES`/`NO`/`1`/`0`; anything else is a string.
    func printedWire(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer, as type: ParamType) -> Wire {
        guard value.kind == .string else { return wire(value, bytes) }
        switch type {
        case .string, .bucket: return .string
        case .int, .double:
            if let int = Self.integer(value, bytes) { return .int(int) }
            let text = Self.text(value, bytes)
            let isNumeral =
                !text.isEmpty
                && text.utf8.allSatisfy {
                    ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x65 || $0 == 0x45 || $0 == 0x2B
                }
            if isNumeral, let double = Double(text), double.isFinite { return .double(double) }
            return .string
        case .bool:
            switch Self.text(value, bytes) {
            case "true", "YES", "1": return .bool(true)
            case "false", "NO", "0": return .bool(false)
            default: return .string
            }
        }
    }

    /// Checks one param value against its declaration; returns the value pairs and rules see.
    func checkValue(
        _ field: ScannedField, param: CompiledParam, use: CompiledUse, eventIndex: Int, eventName: String,
        bytes: UnsafeRawBufferPointer, line: FramedLine, item: Int? = nil
    ) -> TrackedValue {
        let value = field.value
        let wire = value.slot == .printed ? printedWire(value, bytes, as: param.type) : wire(value, bytes)
        if item == nil {
            counters.wireKinds[
                (eventIndex * plan.params.count + use.param) * StreamCounters.wireKindCount + wire.kindIndex] += 1
        }
        func fail(_ rule: Rule, _ message: String) -> TrackedValue {
            findings.append(
                Finding(
                    rule: rule, message: message, at: location(line, value.offset), event: eventName,
                    param: param.name, value: Self.shownValue(value, bytes)))
            return .invalid
        }
        var subject: String { Self.subject(param, item: item, eventName: eventName) }
        switch (param.type, wire) {
        case (.string, .string), (.bucket, .string):
            return Self.withValueBytes(value, bytes) { raw -> TrackedValue in
                checkString(raw, param: param, use: use, item: item, eventName: eventName, fail: fail)
            }
        case (.int, .int(let number)):
            return checkNumber(
                Double(number), lexeme: String(number), param: param, use: use, subject: subject, fail: fail)
        case (.double, .int(let number)):
            return checkNumber(
                Double(number), lexeme: String(number), param: param, use: use, subject: subject, fail: fail)
        case (.double, .double(let number)):
            return checkNumber(
                number, lexeme: Self.text(value, bytes), param: param, use: use, subject: subject, fail: fail)
        case (.bool, .bool(let flag)):
            return checkBool(flag, param: param, subject: subject, fail: fail)
        case (.bool, .int(let number)) where number == 0 || number == 1:
            return checkBool(number == 1, param: param, subject: subject, fail: fail)
        case (.bool, .int(let number)):
            return fail(StreamRules.wrongType, "\(subject) is a bool (0 or 1), not \(number)")
        case (.bucket, .int), (.bucket, .double):
            return fail(
                StreamRules.wrongType,
                "\(subject) is a bucket label, but arrives as a number \(Self.text(value, bytes))")
        default:
            return fail(
                StreamRules.wrongType,
                "\(subject) is declared \(param.type.rawValue), but arrives \(Self.arrival(value, wire, bytes))")
        }
    }

    /// How a finding names a param value: on the event, or on one of its items.
    @inline(__always)
    static func subject(_ param: CompiledParam, item: Int?, eventName: String) -> String {
        item.map { "param \"\(param.name)\" of item \($0) of \"\(eventName)\"" }
            ?? "param \"\(param.name)\" of \"\(eventName)\""
    }

    /// A step of `checkValue`: checks a string or bucket label; the subject is built only for a finding.
    @inline(__always)
    func checkString(
        _ raw: UnsafeRawBufferPointer, param: CompiledParam, use: CompiledUse, item: Int?, eventName: String,
        fail: (Rule, String) -> TrackedValue
    ) -> TrackedValue {
        var subject: String { Self.subject(param, item: item, eventName: eventName) }
        if param.type == .bucket, param.allowed.lookup(raw) == nil {
            return fail(
                StreamRules.bucketLabelUnknown,
                "\(subject) has \"\(Self.string(raw))\", not a bucket label (\(Self.list(param.bucket?.labels ?? [])))"
            )
        }
        if let narrowed = use.narrowed, narrowed.lookup(raw) == nil {
            return fail(
                StreamRules.valueNotAllowed,
                "\(subject) has \"\(Self.string(raw))\", not one of \(Self.list(use.narrowedTexts ?? []))")
        }
        if param.type == .string, !param.allowed.isEmpty, param.allowed.lookup(raw) == nil {
            return fail(
                StreamRules.valueNotAllowed,
                "\(subject) has \"\(Self.string(raw))\", not one of \(Self.list(param.allowed.keys.map { Self.string($0) }))"
            )
        }
        if raw.count > GA4Facts.maxParamValueLength || param.minLength != nil || param.maxLength != nil {
            let characters = Self.characterCount(raw)
            if characters > GA4Facts.maxParamValueLength {
                return fail(
                    StreamRules.valueTooLong,
                    "\(subject) is \(characters) characters long; GA4 drops values over \(GA4Facts.maxParamValueLength)"
                )
            }
            if let minimum = param.minLength, characters < minimum {
                return fail(
                    StreamRules.valueLength,
                    "\(subject) has \"\(Self.string(raw))\", shorter than \(minimum) characters")
            }
            if let maximum = param.maxLength, characters > maximum {
                return fail(
                    StreamRules.valueLength, "\(subject) has \"\(Self.string(raw))\", longer than \(maximum) characters"
                )
            }
        }
        return tracked(raw, remember: param.trackedSlot >= 0)
    }

    func checkNumber(
        _ number: Double, lexeme: String, param: CompiledParam, use: CompiledUse, subject: String,
        fail: (Rule, String) -> TrackedValue
    ) -> TrackedValue {
        if let allowed = use.narrowedNumbers ?? param.allowedNumbers, !allowed.contains(number) {
            return fail(StreamRules.valueNotAllowed, "\(subject) has \(lexeme), not an allowed value")
        }
        if let minimum = param.minimum, number < minimum {
            _ = fail(StreamRules.valueOutOfRange, "\(subject) is \(lexeme), below the minimum \(Self.format(minimum))")
            return .outOfRange(number)
        }
        if let maximum = param.maximum, number > maximum {
            _ = fail(StreamRules.valueOutOfRange, "\(subject) is \(lexeme), above the maximum \(Self.format(maximum))")
            return .outOfRange(number)
        }
        return .number(number)
    }

    func checkBool(_ flag: Bool, param: CompiledParam, subject: String, fail: (Rule, String) -> TrackedValue)
        -> TrackedValue
    {
        if let allowed = param.allowedBools, !allowed.contains(flag) {
            return fail(StreamRules.valueNotAllowed, "\(subject) is \(flag), not an allowed value")
        }
        return .bool(flag)
    }

    // MARK: - User properties

    func checkUserProperties(
        _ event: ScannedEvent, scan: LineScan, line: FramedLine, eventName: String?,
        nameToken: JSONStringToken
    ) {
        let bytes = line.bytes
        for fieldIndex in event.userProperties {
            let field = scan.userProperties[fieldIndex]
            let index = Self.withBytes(field.key, bytes, { plan.userPropertyTable.lookup($0, hash: field.keyHash) })
            // An automatic user property the plan names only in a condition is read for it, and
            // otherwise treated as any automatic one: no finding but GA4's own length limit.
            if let index, plan.userProperties[Int(index)].isImplicit {
                let property = plan.userProperties[Int(index)]
                reportOverlongUndeclared(field, bytes: bytes, line: line)
                let tracked = checkUserPropertyValue(
                    field.value, property: property, bytes: bytes, line: line, report: false)
                if property.trackedSlot >= 0 { trackedScratch[property.trackedSlot] = tracked }
                continue
            }
            guard let index else {
                if !Self.withBytes(field.key, bytes, { plan.isAutomaticUserProperty($0, hash: field.keyHash) }) {
                    let name = field.key.decodedString(in: bytes)
                    findings.append(
                        Finding(
                            rule: StreamRules.unknownUserProperty,
                            message: "user property \"\(name)\" is not in the plan",
                            at: location(line, field.key.sourceStart), param: name))
                }
                reportOverlongUndeclared(field, bytes: bytes, line: line)
                continue
            }
            let property = plan.userProperties[Int(index)]
            let tracked = checkUserPropertyValue(field.value, property: property, bytes: bytes, line: line)
            if property.trackedSlot >= 0 { trackedScratch[property.trackedSlot] = tracked }
        }
    }

    /// GA4's 36-character limit holds for every user property, planned or not.
    func reportOverlongUndeclared(_ field: ScannedField, bytes: UnsafeRawBufferPointer, line: FramedLine) {
        guard field.value.kind == .string, field.value.range.count > GA4Facts.maxUserPropertyValueLength else { return }
        let characters = Self.withValueBytes(field.value, bytes) { Self.characterCount($0) }
        guard characters > GA4Facts.maxUserPropertyValueLength else { return }
        let name = field.key.decodedString(in: bytes)
        findings.append(
            Finding(
                rule: StreamRules.userPropertyValueTooLong,
                message:
                    "user property \"\(name)\" is \(characters) characters long; GA4 ignores values over \(GA4Facts.maxUserPropertyValueLength)",
                at: location(line, field.value.offset), param: name))
    }

    /// The value of a user property as pairs and rules see it; `report: false` checks without
    /// findings (an implicit automatic one: its value is invalid, not wrong).
    func checkUserPropertyValue(
        _ value: ValueToken, property: CompiledParam, bytes: UnsafeRawBufferPointer,
        line: FramedLine, report: Bool = true
    ) -> TrackedValue {
        let wire = value.slot == .printed ? printedWire(value, bytes, as: property.type) : wire(value, bytes)
        func fail(_ rule: Rule, _ message: String) -> TrackedValue {
            guard report else { return .invalid }
            findings.append(
                Finding(
                    rule: rule, message: message, at: location(line, value.offset), param: property.name,
                    value: Self.shownValue(value, bytes)))
            return .invalid
        }
        var subject: String { "user property \"\(property.name)\"" }
        switch (property.type, wire) {
        case (_, .none):
            return .absent
        case (.string, .string), (.bucket, .string):
            return Self.withValueBytes(value, bytes) { raw -> TrackedValue in
                let characters = raw.count > GA4Facts.maxUserPropertyValueLength ? Self.characterCount(raw) : 0
                if characters > GA4Facts.maxUserPropertyValueLength {
                    return fail(
                        StreamRules.userPropertyValueTooLong,
                        "\(subject) is \(characters) characters long; GA4 ignores values over \(GA4Facts.maxUserPropertyValueLength)"
                    )
                }
                if !property.allowed.isEmpty, property.allowed.lookup(raw) == nil {
                    return fail(
                        StreamRules.userPropertyValueNotAllowed,
                        "\(subject) is \"\(Self.string(raw))\", not one of \(Self.list(property.allowed.keys.map { Self.string($0) }))"
                    )
                }
                return tracked(raw, remember: property.trackedSlot >= 0)
            }
        case (.int, .int(let number)), (.double, .int(let number)):
            return .number(Double(number))
        case (.double, .double(let number)):
            return .number(number)
        case (.bool, .bool(let flag)):
            return .bool(flag)
        case (.bool, .int(let number)) where number == 0 || number == 1:
            return .bool(number == 1)
        default:
            return fail(
                StreamRules.userPropertyWrongType,
                "\(subject) is declared \(property.type.rawValue), but arrives \(Self.arrival(value, wire, bytes))")
        }
    }

    // MARK: - Records

    func record(
        _ event: ScannedEvent, eventIndex: Int32, hasUser: Bool, session: UInt64, line: FramedLine,
        bytes: UnsafeRawBufferPointer, eventName: String
    ) {
        guard hasUser else {
            findings.append(
                Finding(
                    rule: StreamRules.missingUserID,
                    message: "event \"\(eventName)\" has no user id, so pairs and rules cannot follow it",
                    at: location(line, event.nameOffset), event: eventName))
            return
        }
        // A capture entry without a readable time is ordered by its place in the file (no finding).
        if event.timestamp == nil, !event.timestampImplausible, !event.format.isCapture {
            let what = event.timestampInvalid ? "a timestamp that is not an integer" : "no timestamp"
            findings.append(
                Finding(
                    rule: StreamRules.invalidTimestamp,
                    message: "event \"\(eventName)\" has \(what); it sorts before the user's timed events",
                    at: location(line, event.timestampInvalid ? event.timestampOffset : event.nameOffset),
                    event: eventName))
        }
        let recordLocation = location(line, event.nameOffset)
        let start = values.count
        for slot in plan.storedSlots[Int(eventIndex)] { values.append(trackedScratch[slot]) }
        // The user's id is set when the pending users are interned (`internPendingUsers`).
        pendingUsers.setRecordOfLast(records.count)
        records.append(
            EventRecord(
                user: 0, session: session, timestamp: event.timestamp ?? .min,
                bundle: event.bundleSequence ?? .min,
                file: fileIndex, line: recordLocation.line, indexInLine: Int32(clamping: event.indexInLine),
                column: Int32(clamping: recordLocation.column),
                byteOffset: recordLocation.byteOffset ?? line.contentByteOffset + Int64(event.nameOffset),
                event: eventIndex,
                values: start))
    }

    /// The event's platform as rules compare it: the `platform` written, else the one its shape
    /// implies, else absent (a `whenPlatform` rule then does not apply).
    func platform(of event: ScannedEvent, _ bytes: UnsafeRawBufferPointer) -> TrackedValue {
        if event.platform.kind == .string, !event.platform.range.isEmpty {
            return Self.withValueBytes(event.platform, bytes) { tracked($0, remember: true) }
        }
        let named: String
        switch event.format {
        case .iosConsole: named = "IOS"
        case .androidLogcat: named = "ANDROID"
        default:
            guard let implied = event.impliedPlatform else { return .absent }
            named = implied.description
        }
        return Array(named.utf8).withUnsafeBytes { tracked($0, remember: true) }
    }

    /// Queues the event's user id (its unescaped bytes) for `internPendingUsers`, which gives it
    /// its id in `users`, raises the user's latest timestamp and sets the id in the event's
    /// record. False when the event has no user id.
    @inline(__always)
    func deferUser(_ user: ValueToken, _ bytes: UnsafeRawBufferPointer, timestamp: Int64?) -> Bool {
        guard user.kind == .string || user.kind == .number, !user.range.isEmpty else { return false }
        if pendingUsers.isFull { internPendingUsers() }
        Self.withValueBytes(user, bytes) { id in
            pendingUsers.append(id, hash: users.hash(id), timestamp: timestamp ?? .min)
        }
        return true
    }

    /// The user of an event that makes no record: raises the user's last timestamp when the user
    /// is in `users`, else logs it for later (`UserLog`). An event without a timestamp changes
    /// no last timestamp, so it is not logged. False when the event has no user id.
    @inline(__always)
    func noteUser(_ user: ValueToken, _ bytes: UnsafeRawBufferPointer, timestamp: Int64?) -> Bool {
        guard user.kind == .string || user.kind == .number, !user.range.isEmpty else { return false }
        guard let timestamp else { return true }
        Self.withValueBytes(user, bytes) { id in
            let hash = users.hash(id)
            if let known = users.find(id, hash: hash) {
                if timestamp > userLastTimestamp[known] { userLastTimestamp[known] = timestamp }
            } else {
                userLog.append(id, hash: hash, timestamp: timestamp)
                if userLog.memoryInUse > userLogLimit { foldUserLog() }
            }
        }
        return true
    }

    /// Puts every logged user in `users` with its last timestamp, as if each had been interned
    /// at its event, and empties the log, giving its memory back (the budget counts what the log
    /// holds, not its room). Called when the log outgrows its limit, before a spill, and before
    /// the pass's users join the run's from an input that is not the last one.
    func foldUserLog() {
        let log = userLog
        guard !log.isEmpty else { return }
        var start = 0
        while start < log.count {
            // As for the pending users: the first slots of a batch are read together, so the
            // cache misses of new users overlap.
            let end = min(start + PendingUsers.capacity, log.count)
            for index in start..<end { users.warmFirstSlot(of: log[index].hash) }
            for index in start..<end {
                let entry = log[index]
                let id = users.intern(log.bytes(of: index), hash: entry.hash)
                if id == userLastTimestamp.count { userLastTimestamp.append(.min) }
                if entry.timestamp > userLastTimestamp[id] { userLastTimestamp[id] = entry.timestamp }
            }
            start = end
        }
        log.removeAll(keepingCapacity: false)
    }

    /// Interns the queued user ids in the order they came: ids, latest timestamps and the
    /// records' `user` come out as if each had been interned at its event. Called when the queue
    /// is full, and before anything reads the users or the records (end of an input, a spill).
    func internPendingUsers() {
        guard !pendingUsers.isEmpty else { return }
        let queue = pendingUsers
        for index in 0..<queue.count { users.warmFirstSlot(of: queue[index].hash) }
        for index in 0..<queue.count {
            let pending = queue[index]
            let id = users.intern(queue.bytes(of: pending), hash: pending.hash)
            if id == userLastTimestamp.count { userLastTimestamp.append(.min) }
            if pending.timestamp > userLastTimestamp[id] { userLastTimestamp[id] = pending.timestamp }
            if pending.record >= 0 { records[pending.record].user = UInt64(id) }
        }
        queue.removeAll()
    }

    /// A text value as pairs and rules see it: its id in `texts` when a pair or rule reads it.
    @inline(__always)
    func tracked(_ raw: UnsafeRawBufferPointer, remember: Bool) -> TrackedValue {
        remember ? .text(UInt64(texts.intern(raw))) : .text(TrackedValue.untrackedText)
    }

    // MARK: - Byte helpers

    /// Runs `body` on a token's unescaped bytes: the input itself when there is no escape (the
    /// common case, no allocation), a decoded copy otherwise.
    @inline(__always)
    static func withBytes<T>(
        _ token: JSONStringToken, _ bytes: UnsafeRawBufferPointer,
        _ body: (UnsafeRawBufferPointer) -> T
    ) -> T {
        if !token.hasEscapes { return body(UnsafeRawBufferPointer(rebasing: bytes[token.content])) }
        return token.decodedBytes(in: bytes).withUnsafeBytes(body)
    }

    @inline(__always)
    static func withValueBytes<T>(
        _ value: ValueToken, _ bytes: UnsafeRawBufferPointer,
        _ body: (UnsafeRawBufferPointer) -> T
    ) -> T {
        if !value.hasEscapes || value.kind != .string {
            return body(UnsafeRawBufferPointer(rebasing: bytes[value.range]))
        }
        return decodedValue(value, bytes).withUnsafeBytes(body)
    }

    static func decoded(_ token: JSONStringToken, _ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        token.decodedBytes(in: bytes)
    }

    static func decodedValue(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        guard value.kind == .string else { return Array(bytes[value.range]) }
        return JSONStringToken(content: value.range, hasEscapes: value.hasEscapes, isQuoted: true).decodedBytes(
            in: bytes)
    }

    /// A value as a finding keeps it: its text, cut to `FindingContext.maxValueBytes`.
    static func shownValue(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> String? {
        switch value.kind {
        case .string, .number:
            // Without escapes only a prefix is decoded (a long value costs no more than a short one).
            var cut = value
            if !value.hasEscapes {
                cut.range =
                    value.range
                    .lowerBound..<min(value.range.upperBound, value.range.lowerBound + 4 * FindingContext.maxValueBytes)
            }
            return FindingContext.bounded(text(cut, bytes))
        case .bool: return value.boolValue ? "true" : "false"
        case .null, .absent, .compound: return nil
        }
    }

    static func text(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> String {
        decodedValue(value, bytes).withUnsafeBytes { string($0) }
    }

    static func string(_ raw: UnsafeRawBufferPointer) -> String {
        String(validating: raw.bindMemory(to: UInt8.self), as: UTF8.self) ?? LineIndex.escapedRendering(raw)
    }

    static func string(_ raw: [UInt8]) -> String { raw.withUnsafeBytes { string($0) } }

    static func integer(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> Int64? {
        EventScanner.integer(value, bytes)
    }

    static func version(_ value: ValueToken, _ bytes: UnsafeRawBufferPointer) -> AppVersion? {
        guard value.kind == .string else { return nil }
        return AppVersion(text(value, bytes))
    }

    /// Characters as GA4 counts them: Unicode scalars (UTF-8 lead bytes).
    static func characterCount(_ raw: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in raw where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    static func list(_ values: [String]) -> String {
        let shown = values.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ")
        return values.count > 12 ? shown + ", …" : shown
    }

    static func format(_ number: Double) -> String { NumberText.format(number) }

    /// `as string_value "26840"`, or `with no value`.
    static func arrival(_ value: ValueToken, _ wire: Wire, _ bytes: UnsafeRawBufferPointer) -> String {
        value.kind == .null || value.kind == .absent ? "with no value" : "as " + describe(value, wire, bytes)
    }

    static func describe(_ value: ValueToken, _ wire: Wire, _ bytes: UnsafeRawBufferPointer) -> String {
        let slot: String
        switch value.slot {
        case .stringValue: slot = "string_value "
        case .intValue: slot = "int_value "
        case .floatValue: slot = "float_value "
        case .doubleValue: slot = "double_value "
        case .printed: slot = "the printed value "
        case .direct: slot = ""
        }
        switch value.kind {
        case .string: return "\(slot.isEmpty ? "a string " : slot)\"\(text(value, bytes))\""
        case .number: return "\(slot.isEmpty ? "a number " : slot)\(text(value, bytes))"
        case .bool: return value.boolValue ? "true" : "false"
        case .null, .absent: return "no value"
        case .compound: return "an object or array"
        }
    }
}
