/// Where a record comes in its user's time order: `EventRecord.timeOrder` without the user
/// (timestamp, bundle sequence, then position in the input), so two records of one user
/// compare the same way here as there.
struct RecordTime: Comparable {
    var timestamp: Int64
    var bundle: Int64
    var file: Int32
    var indexInLine: Int32
    var line: Int
    var byteOffset: Int64

    init(timestamp: Int64, bundle: Int64, file: Int32, line: Int, indexInLine: Int32, byteOffset: Int64) {
        self.timestamp = timestamp
        self.bundle = bundle
        self.file = file
        self.indexInLine = indexInLine
        self.line = line
        self.byteOffset = byteOffset
    }

    init(_ record: EventRecord) {
        self.init(
            timestamp: record.timestamp, bundle: record.bundle, file: record.file, line: record.line,
            indexInLine: record.indexInLine, byteOffset: record.byteOffset)
    }

    static func < (lhs: RecordTime, rhs: RecordTime) -> Bool {
        if lhs.timestamp != rhs.timestamp { return lhs.timestamp < rhs.timestamp }
        if lhs.bundle != rhs.bundle { return lhs.bundle < rhs.bundle }
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.indexInLine != rhs.indexInLine { return lhs.indexInLine < rhs.indexInLine }
        return lhs.byteOffset < rhs.byteOffset
    }
}

/// What a line pass's records so far tell of one user's arm of one experiment's user property:
/// the earliest record with an arm (its time and arm), and the earliest with another arm than
/// that one (its time).
///
/// The arm checks read, of a user's records that no pair, rule, journey or metric names, only
/// the user's first arm (where it is seen, the population then, the user's count in the
/// sample-ratio test and the metrics) and the first record with another arm
/// (`ExperimentRules.armFlip`); pairs opened before the arm are records of their own. So an
/// event only experiments read (`CompiledEvent.readForArmsOnly`) is recorded only when it
/// comes before the first, or has another arm and comes before the other: one that does
/// neither is neither of the two for the user's records overall (their first and first other
/// arm are then records of some pass, and every record comes before or after them in the one
/// time order). A pass that made more records than that makes the same findings, counts and
/// readouts: the cross-event stage sees the same first arm, and the same first other arm.
/// Names decide what "another arm" is, as in the arm checks (`TrackedValue.armName`).
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
struct ArmSighting {
    /// The earliest record with an arm, and that arm; nil: none yet.
    var first: RecordTime?
    var arm = TrackedValue.absent
    /// The earliest record with another arm than `arm`; nil: none yet.
    var other: RecordTime?

    /// Takes in a record with a usable arm.
    mutating func see(_ value: TrackedValue, at time: RecordTime, sameArm: (TrackedValue, TrackedValue) -> Bool) {
        guard let first else {
            (self.first, arm) = (time, value)
            return
        }
        if time < first {
            // The former first has another arm than this one: the earliest such, as it was the
            // earliest of all.
            if !sameArm(value, arm) { other = first }
            (self.first, arm) = (time, value)
        } else if other.map({ time < $0 }) ?? true, !sameArm(value, arm) {
            other = time
        }
    }
}

/// Arm sightings: which events only experiments read are recorded (`ArmSighting`).
extension LinePass {
    /// An event only experiments read: recorded as any other when it carries an arm and may be
    /// its user's first arm or first other arm by this pass's records so far; else it only
    /// raises its user's last timestamp, as an event without a record does.
    func recordIfArmSighting(
        _ event: ScannedEvent, eventIndex: Int32, session: UInt64, line: FramedLine, bytes: UnsafeRawBufferPointer,
        eventName: String
    ) {
        let user = event.user
        guard user.kind == .string || user.kind == .number, !user.range.isEmpty else { return }
        var carriesArm = false
        for slot in plan.armSlots where trackedScratch[slot].isUsable {
            carriesArm = true
            break
        }
        guard carriesArm else {
            _ = noteUser(user, bytes, timestamp: event.timestamp)
            return
        }
        let known = Self.withValueBytes(user, bytes) { users.find($0, hash: users.hash($0)) }
        if let known, !mayBeArmSighting(event, user: known, line: line) {
            if let timestamp = event.timestamp, timestamp > userLastTimestamp[known] {
                userLastTimestamp[known] = timestamp
            }
            return
        }
        _ = deferUser(user, bytes, timestamp: event.timestamp)
        storeRecordContext(of: event, bytes)
        record(
            event, eventIndex: eventIndex, hasUser: true, session: session, line: line, bytes: bytes,
            eventName: eventName)
    }

    /// Whether the event, with its arms in `trackedScratch`, may be user `user`'s first arm or
    /// first other arm of an experiment. Sightings lag behind the records by the users not yet
    /// interned (`internPendingUsers`): a record too many, never one too few.
    func mayBeArmSighting(_ event: ScannedEvent, user: Int, line: FramedLine) -> Bool {
        let count = plan.armSlots.count
        guard (user + 1) * count <= armSightings.count else { return true }
        for (offset, slot) in plan.armSlots.enumerated() {
            let value = trackedScratch[slot]
            guard value.isUsable else { continue }
            let sighting = armSightings[user * count + offset]
            guard let first = sighting.first else { return true }
            if comesBefore(event, line: line, first) { return true }
            if sighting.other.map({ comesBefore(event, line: line, $0) }) ?? true, !sameArm(value, sighting.arm) {
                return true
            }
        }
        return false
    }

    /// Whether the event comes before `time` in its user's time order; its place in the input
    /// is only worked out when its timestamp and bundle sequence tie.
    private func comesBefore(_ event: ScannedEvent, line: FramedLine, _ time: RecordTime) -> Bool {
        let timestamp = event.timestamp ?? .min
        if timestamp != time.timestamp { return timestamp < time.timestamp }
        let bundle = event.bundleSequence ?? .min
        if bundle != time.bundle { return bundle < time.bundle }
        let place = recordPlace(of: event, line: line)
        return RecordTime(
            timestamp: timestamp, bundle: bundle, file: fileIndex, line: place.line,
            indexInLine: Int32(clamping: event.indexInLine), byteOffset: place.byteOffset) < time
    }

    /// Takes the arms of record `index`, whose user is now known, into that user's sightings.
    func sightArms(ofRecord index: Int) {
        let record = records[index]
        let count = plan.armSlots.count
        let base = Int(record.user) * count
        if armSightings.count < base + count {
            armSightings.append(contentsOf: repeatElement(ArmSighting(), count: base + count - armSightings.count))
        }
        let positions = plan.slotPositions[Int(record.event)]
        for (offset, slot) in plan.armSlots.enumerated() {
            let position = positions[slot]
            guard position >= 0 else { continue }
            let value = values[record.values + position]
            guard value.isUsable else { continue }
            armSightings[base + offset].see(value, at: RecordTime(record), sameArm: sameArm)
        }
    }

    /// Whether two usable values are one arm to the arm checks: equal values are, and
    /// otherwise their names decide (`TrackedValue.armName`).
    func sameArm(_ lhs: TrackedValue, _ rhs: TrackedValue) -> Bool {
        lhs == rhs || lhs.armName(texts: texts) == rhs.armName(texts: texts)
    }
}

extension TrackedValue {
    /// A usable value as the arm checks name an arm, compare arms by, and count users in: a
    /// text as logged (no quotes), a number or bool as messages show it.
    func armName(texts: ByteInterner<SeededByteHash>) -> String {
        switch tag {
        case .text where bits < UInt64(texts.count): texts.withBytes(of: Int(bits), LinePass.string)
        case .text: "another value"
        case .number, .outOfRange: LinePass.format(Double(bitPattern: bits))
        case .bool: bits == 1 ? "true" : "false"
        case .absent: "absent"
        case .invalid: "invalid"
        }
    }
}
