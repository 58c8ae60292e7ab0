/// The per-event checks: the event against the plan, value by value, straight from the bytes.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
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
        // last timestamp, which matters once the user has records. An event only experiments
        // read takes its user once its arms are read (`recordIfArmSighting`).
        let recorded = eventIndex.map { plan.events[Int($0)].recorded } == true
        let armsOnly = recordsArmSightingsOnly && eventIndex.map { plan.events[Int($0)].readForArmsOnly } == true
        let hasUser =
            armsOnly
            ? false
            : recorded
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
        if armsOnly {
            recordIfArmSighting(
                event, eventIndex: eventIndex, session: sessionHash, line: line, bytes: bytes, eventName: compiled.name)
        } else if compiled.recorded {
            storeRecordContext(of: event, bytes)
            record(
                event, eventIndex: eventIndex, hasUser: hasUser, session: sessionHash, line: line, bytes: bytes,
                eventName: compiled.name)
        }
    }

    /// Puts in `trackedScratch` what rules compare (`whenPlatform`) and what every pair and rule
    /// finding shows: the event's platform and app version.
    @inline(__always)
    func storeRecordContext(of event: ScannedEvent, _ bytes: UnsafeRawBufferPointer) {
        trackedScratch[plan.platformSlot] = platform(of: event, bytes)
        let appVersion = event.appVersion
        if appVersion.kind == .string || appVersion.kind == .number, !appVersion.range.isEmpty {
            trackedScratch[plan.appVersionSlot] = Self.withValueBytes(appVersion, bytes) {
                tracked($0, remember: true)
            }
        }
    }

    /// The first step of `check`: reports a line of the wrong format or not an event at all.
    @inline(__always)
    func rejectsShape(_ event: borrowing ScannedEvent, scan: LineScan, line: FramedLine) -> Bool {
        if let natural = event.formatMismatch, let forced = settings.inputFormat {
            counters.notEvents += 1
            findings.append(ExportRules.formatMismatch(natural, forced: forced, at: location(line, event.offset)))
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
                    rule: StreamRules.notAnEvent, message: StreamRules.notAnEventMessage(problem),
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
                message: StreamRules.implausibleTimestampMessage(event: name, timestamp: timestamp),
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
                    message: StreamRules.tooManyParamsMessage(event: compiled.name, count: customParams),
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
                    message: StreamRules.duplicateParamMessage(
                        param: plan.params[paramIndex].name, event: compiled.name),
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
                    ? StreamRules.unknownParamMessage(param: name, event: compiled.name)
                    : StreamRules.unexpectedParamMessage(param: name, event: compiled.name),
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
                rule: StreamRules.unknownEvent, message: StreamRules.unknownEventMessage(event: name),
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
        findings.append(
            Finding(
                rule: StreamRules.firebaseError,
                message: StreamRules.firebaseErrorMessage(code: code, value: offending),
                at: location(line, offset),
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
            var since: AppVersion?
            if case .requiredSince(let version) = use.requirement { since = version }
            findings.append(
                Finding(
                    rule: StreamRules.missingRequiredParam,
                    message: StreamRules.missingRequiredParamMessage(param: name, event: compiled.name, since: since),
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
}
