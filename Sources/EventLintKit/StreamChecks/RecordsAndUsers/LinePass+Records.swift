/// Records: the compact `EventRecord` an event leaves for pairs and rules, its tracked values,
/// and its user, interned in batches (`PendingUsers`) or logged (`UserLog`).
extension LinePass {
    func record(
        _ event: ScannedEvent, eventIndex: Int32, hasUser: Bool, session: UInt64, line: FramedLine,
        bytes: UnsafeRawBufferPointer, eventName: String
    ) {
        // An event only an exactly-once rule records is not followed: no finding for what it lacks.
        let followed = plan.events[Int(eventIndex)].followed
        guard hasUser else {
            guard followed else { return }
            findings.append(
                Finding(
                    rule: StreamRules.missingUserID,
                    message: StreamRules.missingUserIDMessage(event: eventName),
                    at: location(line, event.nameOffset), event: eventName))
            return
        }
        // A capture entry without a readable time is ordered by its place in the file (no finding).
        if followed, event.timestamp == nil, !event.timestampImplausible, !event.format.isCapture {
            findings.append(
                Finding(
                    rule: StreamRules.invalidTimestamp,
                    message: StreamRules.untimedEventMessage(event: eventName, malformed: event.timestampInvalid),
                    at: location(line, event.timestampInvalid ? event.timestampOffset : event.nameOffset),
                    event: eventName))
        }
        let place = recordPlace(of: event, line: line)
        let start = values.count
        for slot in plan.storedSlots[Int(eventIndex)] { values.append(trackedScratch[slot]) }
        // The user's id is set when the pending users are interned (`internPendingUsers`).
        pendingUsers.setRecordOfLast(records.count)
        records.append(
            EventRecord(
                user: 0, session: session, timestamp: event.timestamp ?? .min,
                bundle: event.bundleSequence ?? .min,
                file: fileIndex, line: place.line, indexInLine: Int32(clamping: event.indexInLine),
                column: place.column, byteOffset: place.byteOffset, event: eventIndex, values: start))
    }

    /// Where an event's record says it is: the line, column and byte offset of its name.
    func recordPlace(of event: ScannedEvent, line: FramedLine) -> (line: Int, column: Int32, byteOffset: Int64) {
        let location = location(line, event.nameOffset)
        return (
            location.line, Int32(clamping: location.column),
            location.byteOffset ?? line.contentByteOffset + Int64(event.nameOffset)
        )
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

    /// Raises the last timestamp of each logged user that is in the pass's own table (it has
    /// records here, or was folded in), and drops those entries: what `LintRunner.resolveUserLogs`
    /// would do with them at the merge, done at the end of the pass, on the pass's own thread.
    /// What is left are the users this pass has not met otherwise; the merge looks those up in
    /// the run's table.
    func resolveOwnUserLog() {
        internPendingUsers()
        guard !userLog.isEmpty, users.count > 0 else { return }
        userLog.removeEntries { entry, bytes in
            guard let id = users.find(bytes, hash: entry.hash) else { return false }
            if entry.timestamp > userLastTimestamp[id] { userLastTimestamp[id] = entry.timestamp }
            return true
        }
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
            if pending.record >= 0 {
                records[pending.record].user = UInt64(id)
                if recordsArmSightingsOnly { sightArms(ofRecord: pending.record) }
            }
        }
        queue.removeAll()
    }

    /// A text value as pairs and rules see it: its id in `texts` when a pair or rule reads it.
    @inline(__always)
    func tracked(_ raw: UnsafeRawBufferPointer, remember: Bool) -> TrackedValue {
        remember ? .text(UInt64(texts.intern(raw))) : .text(TrackedValue.untrackedText)
    }
}
