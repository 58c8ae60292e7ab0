/// The state of one cross-event run.
struct CrossEventRun {
    let checker: CrossEventChecker
    /// A spilled run changes its values and text table as users come (`keepHeldValues`,
    /// `SpillMerge`): text ids then name other texts, so whoever replaces the text table calls
    /// `forgetValueMemos()`.
    var input: CrossEventInput
    var findings: [Finding] = []
    /// Per pair, without `byArms`: the arms' counts are in `armStatistics` until `pairStatistics`.
    var statistics: [PairStatistics]
    /// Arm combinations: a dense id for each distinct list of names (`arms(_:)`), and a memo
    /// from the experiment slots' values (every unusable value as absent) to that id, so the
    /// names are made once per value.
    var armIDs: [[TrackedValue]: Int] = [:]
    var armIDsByNames: [[String]: Int] = [:]
    var armNames: [[String]] = []
    /// Per pair, per arm id: what that arm saw (nil: nothing).
    var armStatistics: [[PairArmStatistics?]]
    /// Outcome names of outcome param values, made once per value.
    var outcomeNames: [TrackedValue: String] = [:]
    /// Violations per plan rule, in plan order.
    var ruleViolations: [Int]
    /// Per experiment: users per declared arm, then users in another arm (`CrossEventResult`).
    var experimentUsers: [[Int]]
    /// Per metric, experiment and arm: users who reached the metric and who succeeded.
    var metricCounts: MetricCounts
    /// Counts the times the text table was replaced (`forgetValueMemos`): an arm remembered by
    /// its text id is compared by name once the count moved on.
    var valueEpoch = 0

    init(checker: CrossEventChecker, input: CrossEventInput) {
        self.checker = checker
        self.input = input
        ruleViolations = Array(repeating: 0, count: checker.rules.count)
        statistics = checker.pairs.map { PairStatistics(name: $0.declaration.name) }
        armStatistics = Array(repeating: [], count: checker.pairs.count)
        experimentUsers = checker.plan.experiments.map { Array(repeating: 0, count: $0.arms.count + 1) }
        metricCounts = MetricCounts(plan: checker.plan.plan)
    }

    /// The pairs' statistics with their arms: ids whose names are the same (two unusable
    /// values both read `(none)`) add up under one key.
    var pairStatistics: [PairStatistics] {
        var result = statistics
        for pair in result.indices {
            for (arm, statistics) in armStatistics[pair].enumerated() {
                guard let statistics else { continue }
                result[pair].byArms[armNames[arm], default: PairArmStatistics()].add(statistics)
            }
        }
        return result
    }

    /// What the run counted so far.
    var result: CrossEventResult {
        CrossEventResult(
            pairs: pairStatistics, ruleViolations: ruleViolations, experimentUsers: experimentUsers,
            metricCounts: metricCounts)
    }

    /// The experiment slots' values of the last record `arm(_:)` named, and its id (-1: none):
    /// a user's records nearly always share one combination, which then needs no key at all.
    var lastArmKey: [TrackedValue] = []
    var lastArmID = -1

    /// The id of a record's arm combination.
    mutating func arm(_ record: EventRecord) -> Int {
        let values = self.values(record)
        let slots = checker.plan.experimentSlots
        if lastArmID >= 0 {
            var same = true
            for index in slots.indices where Self.armValue(values[slots[index]]) != lastArmKey[index] {
                same = false
                break
            }
            if same { return lastArmID }
        }
        let key = slots.map { Self.armValue(values[$0]) }
        lastArmKey = key
        if let id = armIDs[key] {
            lastArmID = id
            return id
        }
        let names = arms(record)
        let id = armIDsByNames[names] ?? armNames.count
        if id == armNames.count {
            armNames.append(names)
            armIDsByNames[names] = id
        }
        armIDs[key] = id
        lastArmID = id
        return id
    }

    /// An experiment slot's value as arms are told apart: every unusable value as absent.
    static func armValue(_ value: TrackedValue) -> TrackedValue { value.isUsable ? value : .absent }

    /// Forgets what was memoised by value (text ids), keeping the arm ids by name.
    mutating func forgetValueMemos() {
        valueEpoch += 1
        if !armIDs.isEmpty { armIDs.removeAll(keepingCapacity: true) }
        lastArmID = -1
        if !outcomeNames.isEmpty { outcomeNames.removeAll(keepingCapacity: true) }
    }

    /// Runs `body` on what pair `pair` counted for the record's arm combination.
    mutating func countArm(_ pair: Int, _ record: EventRecord, _ body: (inout PairArmStatistics) -> Void) {
        let id = arm(record)
        if armStatistics[pair].count <= id {
            armStatistics[pair].append(contentsOf: repeatElement(nil, count: id + 1 - armStatistics[pair].count))
        }
        var statistics = armStatistics[pair][id] ?? PairArmStatistics()
        armStatistics[pair][id] = nil
        body(&statistics)
        armStatistics[pair][id] = statistics
    }

    /// Moves the findings so far into `store` once there are many of them (or `all`); the
    /// store cuts them to its limit, which gives the same findings as one cut at the end.
    mutating func hand(to store: inout FindingStore, all: Bool = false) {
        guard all || findings.count >= 4096 else { return }
        store.absorb(findings)
        findings.removeAll(keepingCapacity: true)
        // `--max-findings 0` keeps all: nothing to cut.
        if store.limit <= Int.max / 4, store.count > 2 * max(store.limit, 4096) { store.trimToLimit() }
    }

    func values(_ record: EventRecord) -> RecordValues {
        RecordValues(
            storage: input.values, base: record.values, positions: checker.plan.slotPositions[Int(record.event)])
    }

    func location(_ record: EventRecord) -> SourceLocation {
        SourceLocation(
            file: input.files[Int(record.file)], line: record.line, column: Int(record.column),
            byteOffset: record.byteOffset)
    }

    func eventName(_ record: EventRecord) -> String { checker.plan.events[Int(record.event)].name }

    /// The experiment arms of a record's user properties, in plan order (empty without any).
    func arms(_ record: EventRecord) -> [String] {
        let slots = checker.plan.experimentSlots
        guard !slots.isEmpty else { return [] }
        let values = self.values(record)
        return slots.map { slot in
            let value = values[slot]
            return value.isUsable ? text(value).replacingQuotes : "(none)"
        }
    }

    /// The user of a record as messages name it: its id quoted, or `(unknown)`.
    func userText(_ record: EventRecord) -> String {
        record.user < input.users.count
            ? "\"" + input.users.withBytes(of: Int(record.user), LinePass.string) + "\"" : "(unknown)"
    }

    /// A tracked text as it is (no quotes), or nil when there is none.
    func rawText(_ value: TrackedValue) -> String? {
        guard value.tag == .text, value.bits < input.texts.count else { return nil }
        return input.texts.withBytes(of: Int(value.bits), LinePass.string)
    }

    /// A tracked value as messages show it: a text quoted, a number, `true`, `absent`, `invalid`.
    func text(_ value: TrackedValue) -> String {
        switch value.tag {
        case .absent: "absent"
        case .invalid: "invalid"
        case .outOfRange: LinePass.format(Double(bitPattern: value.bits))
        case .text:
            value.bits < input.texts.count
                ? "\"" + input.texts.withBytes(of: Int(value.bits), LinePass.string) + "\"" : "another value"
        case .number: LinePass.format(Double(bitPattern: value.bits))
        case .bool: value.bits == 1 ? "true" : "false"
        }
    }

    mutating func report(
        _ rule: Rule, severity: Severity? = nil, _ message: String, at record: EventRecord,
        param: String? = nil, notes: [FindingNote] = []
    ) {
        findings.append(finding(rule, severity: severity, message, at: record, param: param, notes: notes))
    }

    /// The finding of `rule` at a record, with the record's user, time, version and platform.
    func finding(
        _ rule: Rule, severity: Severity? = nil, _ message: String, at record: EventRecord,
        param: String? = nil, notes: [FindingNote] = []
    ) -> Finding {
        let user = record.user < input.users.count ? input.users.withBytes(of: Int(record.user), LinePass.string) : nil
        let values = values(record)
        let context = FindingContext(
            user: user, timestamp: record.timestamp == .min ? nil : record.timestamp,
            appVersion: rawText(values[checker.plan.appVersionSlot]),
            platform: rawText(values[checker.plan.platformSlot]), related: notes.compactMap(\.location))
        return Finding(
            rule: rule, severity: severity, message: message, at: location(record),
            event: eventName(record), param: param, notes: notes, context: context)
    }

    // MARK: - The current user

    /// Open pairs of the current user, per pair; a short list, since a user has few sessions
    /// open at once. Reused from user to user.
    var open: [[OpenPair]] = []
    var afterSeen: [Bool] = []
    /// Per rule: the latest earlier event with a valid timestamp that its windowed `after` /
    /// its `notAfter` matches. Records come in time order, so the latest is also the closest.
    var latestAfter: [EventRecord?] = []
    var latestNotAfter: [EventRecord?] = []
    /// Per experiment, the current user's arm so far (`CrossEventRun+Experiments.swift`).
    var userArms: [UserArm] = []
    /// Per metric, the current user's progress (`CrossEventRun+Metrics.swift`).
    var userMetrics: [MetricUserState] = []
    /// Per rule with `once`: the user's first event it selected; per exactly-once rule: the
    /// user's first event its `whenUser` selects the user by (nil: none yet).
    var onceFirst: [EventRecord?] = []
    var onceSelected: [EventRecord?] = []
    /// Per journey: the index of the step the user must reach next (-1: broken, reported), and
    /// the record of the user's first step (nil: not begun).
    var journeyStep: [Int] = []
    var journeyStart: [EventRecord?] = []
    /// When the record being fed arrived, in the driver's clock (`Int64.min`: not told): a live
    /// run times out open pairs by it (`StreamEngine`); `lint` never sets it.
    var arrival: Int64 = .min
}
