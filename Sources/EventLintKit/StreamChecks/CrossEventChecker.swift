import Dispatch

/// What one pair saw over the whole input, for the report.
/// One arm combination's share of a pair: what each arm saw of the flow.
public struct PairArmStatistics: Sendable, Hashable {
    public var opened = 0
    public var closedByOutcome: [String: Int] = [:]
    /// Unclosed, near the end of the input or not.
    public var unclosed = 0
    public var durationsMs: [Double] = []

    public init() {}

    public mutating func add(_ other: PairArmStatistics) {
        opened += other.opened
        closedByOutcome.merge(other.closedByOutcome, uniquingKeysWith: +)
        unclosed += other.unclosed
        durationsMs += other.durationsMs
    }

    public var median: Double? {
        guard !durationsMs.isEmpty else { return nil }
        let sorted = durationsMs.sorted()
        return sorted[(sorted.count - 1) / 2]
    }
}

public struct PairStatistics: Sendable {
    public var name: String
    public var opened = 0
    /// Closes by outcome (the pair's `outcome` param value, or the close event's name).
    public var closedByOutcome: [String: Int] = [:]
    public var unclosed = 0
    public var unclosedNearEnd = 0
    public var orphanCloses = 0
    /// Open-to-close time in milliseconds, from the timestamps.
    public var durationsMs: [Double] = []
    /// The same counts per combination of experiment arms (the values of the plan's
    /// `experiment` user properties on the opening event, in plan order; `(none)` when absent).
    public var byArms: [[String]: PairArmStatistics] = [:]

    /// Adds another part's counts of the same pair (the durations' order does not matter: they
    /// are read sorted).
    public mutating func add(_ other: PairStatistics) {
        opened += other.opened
        closedByOutcome.merge(other.closedByOutcome, uniquingKeysWith: +)
        unclosed += other.unclosed
        unclosedNearEnd += other.unclosedNearEnd
        orphanCloses += other.orphanCloses
        durationsMs += other.durationsMs
        for (arms, statistics) in other.byArms { byArms[arms, default: PairArmStatistics()].add(statistics) }
    }

    public func percentile(_ fraction: Double) -> Double? {
        guard !durationsMs.isEmpty else { return nil }
        let sorted = durationsMs.sorted()
        let index = Int(saturating: (Double(sorted.count - 1) * fraction).rounded(.toNearestOrAwayFromZero))
        return sorted[min(max(index, 0), sorted.count - 1)]
    }
}

/// What the cross-event stage gives besides its findings: per pair what it saw, and the
/// violations of each plan rule in plan order. Parts of a run (threads, a live session's users)
/// add up.
public struct CrossEventResult: Sendable {
    public var pairs: [PairStatistics]
    public var ruleViolations: [Int]

    /// Adds another part's counts of the same plan.
    mutating func add(_ other: CrossEventResult) {
        for index in pairs.indices where index < other.pairs.count { pairs[index].add(other.pairs[index]) }
        for index in ruleViolations.indices where index < other.ruleViolations.count {
            ruleViolations[index] += other.ruleViolations[index]
        }
    }
}

/// Everything the cross-event stage needs from the merged line pass.
public struct CrossEventInput: Sendable {
    /// Sorted by `EventRecord.timeOrder` (user, then time order).
    public var records: [EventRecord]
    public var values: [TrackedValue]
    public var files: [String]
    /// By user id: the user's id bytes and latest timestamp (`Int64.min`: none).
    var users: ByteInterner<SeededByteHash>
    var userLastTimestamp: [Int64]
    /// Tracked text values by id.
    var texts: ByteInterner<SeededByteHash>
    public var unclosedWindowMicros: Int64
}

/// Runs pairs and rules per user, after the line pass: records grouped by user and sorted by
/// time, then the same machines whatever the thread count.
public struct CrossEventChecker: Sendable {
    let plan: CompiledPlan
    let pairs: [CompiledPair]
    let rules: [CompiledRule]
    /// Per event of the plan: the indices of the rules that apply to it, in plan order.
    let rulesByEvent: [[Int]]
    /// Per event of the plan: the pairs with an open, close or inside matcher on it, in plan
    /// order. A matcher holds only for its own event, so no other pair's machine moves.
    let pairsByEvent: [[Int]]
    /// Per event of the plan: the rules whose `after` or `notAfter` matcher is on it, in plan order.
    let earlierRulesByEvent: [[Int]]

    /// Classes, not structs: the per-record loops then pass references instead of copying the
    /// matcher arrays for every pair and record.
    final class CompiledPair: Sendable {
        let declaration: PairDeclaration
        let opens: [CompiledMatcher]
        let closes: [CompiledMatcher]
        let inside: [CompiledMatcher]
        let same: [(name: String, slot: Int)]
        let durationSlot: Int?
        let outcomeSlot: Int?

        init(
            declaration: PairDeclaration, opens: [CompiledMatcher], closes: [CompiledMatcher],
            inside: [CompiledMatcher],
            same: [(name: String, slot: Int)], durationSlot: Int?, outcomeSlot: Int?
        ) {
            self.declaration = declaration
            self.opens = opens
            self.closes = closes
            self.inside = inside
            self.same = same
            self.durationSlot = durationSlot
            self.outcomeSlot = outcomeSlot
        }
    }

    final class CompiledRule: Sendable {
        let declaration: RuleDeclaration
        let events: Set<Int32>
        /// `when` and `whenUser` together: all must hold for the rule to apply.
        let conditions: [CompiledCondition]
        let require: [CompiledCondition]
        let requireUser: [CompiledCondition]
        let after: CompiledMatcher?
        /// `after`'s window in microseconds; nil: any time before.
        let afterWindow: Int64?
        let notAfter: CompiledMatcher?
        let notAfterWindow: Int64
        let severity: Severity?

        init(
            declaration: RuleDeclaration, events: Set<Int32>, when: [CompiledCondition], whenUser: [CompiledCondition],
            require: [CompiledCondition], requireUser: [CompiledCondition], after: CompiledMatcher?,
            notAfter: CompiledMatcher?, severity: Severity?
        ) {
            self.declaration = declaration
            self.events = events
            conditions = when + whenUser
            self.require = require
            self.requireUser = requireUser
            self.after = after
            afterWindow = declaration.after?.within?.value.microseconds
            self.notAfter = notAfter
            notAfterWindow = declaration.notAfter?.within?.value.microseconds ?? 0
            self.severity = severity
        }
    }

    public init(plan: CompiledPlan) {
        self.plan = plan
        pairs = plan.crossEventPairs
        rules = plan.crossEventRules
        let (pairs, rules) = (pairs, rules)
        rulesByEvent = plan.events.indices.map { event in
            rules.indices.filter { rules[$0].events.contains(Int32(event)) }
        }
        pairsByEvent = plan.events.indices.map { event in
            pairs.indices.filter { index in
                let pair = pairs[index]
                return (pair.opens + pair.closes + pair.inside).contains { $0.event == Int32(event) }
            }
        }
        earlierRulesByEvent = plan.events.indices.map { event in
            rules.indices.filter { index in
                [rules[index].after, rules[index].notAfter].contains { $0?.event == Int32(event) }
            }
        }
    }

    /// Runs every pair and rule over records already sorted by `EventRecord.timeOrder`. Findings
    /// go to `store` as users are done, so a run that finds millions keeps only what the store
    /// keeps.
    func run(_ input: CrossEventInput, into store: inout FindingStore) -> CrossEventResult {
        run(input, users: input.records.indices, into: &store)
    }

    /// The same on `parts` threads, each on a run of whole users (users are independent): the
    /// parts' findings are cut by the store's limit each, then joined in user order, so the
    /// findings, counts and statistics are those of one thread.
    func run(_ input: CrossEventInput, parts: Int, into store: inout FindingStore) -> CrossEventResult {
        let ranges = Self.userRanges(input.records, parts: parts)
        guard ranges.count > 1 else { return run(input, into: &store) }
        let results = PartResults<(FindingStore, CrossEventResult)>(count: ranges.count)
        let (limit, plan) = (store.limit, store.plan)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { part in
            var partStore = FindingStore(limit: limit, plan: plan)
            let result = run(input, users: ranges[part], into: &partStore)
            results.set(part, (partStore, result))
        }
        var total = CrossEventResult(
            pairs: self.pairs.map { PairStatistics(name: $0.declaration.name) },
            ruleViolations: Array(repeating: 0, count: rules.count))
        for (partStore, part) in results.all {
            store.absorb(partStore, lineOffset: 0)
            store.trimToLimit()
            total.add(part)
        }
        return total
    }

    /// Up to `parts` ranges of records sorted by user, each about as long, none splitting a user.
    static func userRanges(_ records: [EventRecord], parts: Int) -> [Range<Int>] {
        guard parts > 1, records.count > 1 else { return [records.indices] }
        var ranges: [Range<Int>] = []
        var start = 0
        for part in 1...parts where start < records.count {
            var end = part == parts ? records.count : max(start + 1, records.count / parts * part)
            while end < records.count, end > 0, records[end].user == records[end - 1].user { end += 1 }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    /// Pairs and rules over the records in `users` (whole users).
    func run(_ input: CrossEventInput, users: Range<Int>, into store: inout FindingStore) -> CrossEventResult {
        let records = input.records
        var run = CrossEventRun(checker: self, input: input)
        var start = users.lowerBound
        while start < users.upperBound {
            var end = start + 1
            while end < users.upperBound, records[end].user == records[start].user { end += 1 }
            run.runUser(records[start..<end])
            run.hand(to: &store)
            start = end
        }
        run.hand(to: &store, all: true)
        return run.result
    }

    /// Runs every pair and rule over the records of a spill, user by user from its merged runs.
    func run(
        spill: RecordSpill, input: CrossEventInput, into store: inout FindingStore
    ) throws(SpillError) -> CrossEventResult {
        var run = CrossEventRun(checker: self, input: input)
        let merge = SpillMerge(spill: spill)
        // Chunks of a user's records: at most 16,384 (their findings are handed on after each),
        // fewer when a quarter of the budget holds fewer.
        let chunk = min(
            16_384, spill.budget / 4 / (MemoryLayout<EventRecord>.stride + 4 * MemoryLayout<TrackedValue>.stride))
        try merge.run(&run, chunk: chunk) { $0.hand(to: &store) }
        run.hand(to: &store, all: true)
        return run.result
    }
}

/// A pair opened and not yet closed: its session key (0 unless keyed by session), the opening
/// record, when it arrived in a live run's clock, and whether it was reported as timed out.
struct OpenPair {
    var key: UInt64
    var record: EventRecord
    var arrival: Int64 = .min
    var timedOut = false
}

/// One user's pair and rule state between that user's records: what `CrossEventRun` holds for
/// the current user, kept apart per user by a driver that sees users interleaved.
struct UserCrossState {
    var open: [[OpenPair]] = []
    var afterSeen: [Bool] = []
    var latestAfter: [EventRecord?] = []
    var latestNotAfter: [EventRecord?] = []
}

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

    init(checker: CrossEventChecker, input: CrossEventInput) {
        self.checker = checker
        self.input = input
        ruleViolations = Array(repeating: 0, count: checker.rules.count)
        statistics = checker.pairs.map { PairStatistics(name: $0.declaration.name) }
        armStatistics = Array(repeating: [], count: checker.pairs.count)
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
    var result: CrossEventResult { CrossEventResult(pairs: pairStatistics, ruleViolations: ruleViolations) }

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

    func userText(_ record: EventRecord) -> String {
        record.user < input.users.count
            ? "\"" + input.users.withBytes(of: Int(record.user), LinePass.string) + "\"" : "(unknown)"
    }

    /// A tracked text as it is (no quotes), or nil when there is none.
    func rawText(_ value: TrackedValue) -> String? {
        guard value.tag == .text, value.bits < input.texts.count else { return nil }
        return input.texts.withBytes(of: Int(value.bits), LinePass.string)
    }

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
        let user = record.user < input.users.count ? input.users.withBytes(of: Int(record.user), LinePass.string) : nil
        let values = values(record)
        let context = FindingContext(
            user: user, timestamp: record.timestamp == .min ? nil : record.timestamp,
            appVersion: rawText(values[checker.plan.appVersionSlot]),
            platform: rawText(values[checker.plan.platformSlot]), related: notes.compactMap(\.location))
        findings.append(
            Finding(
                rule: rule, severity: severity, message: message, at: location(record),
                event: eventName(record), param: param, notes: notes, context: context))
    }

    // MARK: - One user

    /// Open pairs of the current user, per pair; a short list, since a user has few sessions
    /// open at once. Reused from user to user.
    var open: [[OpenPair]] = []
    var afterSeen: [Bool] = []
    /// Per rule: the latest earlier event with a valid timestamp that its windowed `after` /
    /// its `notAfter` matches. Records come in time order, so the latest is also the closest.
    var latestAfter: [EventRecord?] = []
    var latestNotAfter: [EventRecord?] = []
    /// When the record being fed arrived, in the driver's clock (`Int64.min`: not told): a live
    /// run times out open pairs by it (`StreamEngine`); `lint` never sets it.
    var arrival: Int64 = .min

    /// Swaps the current user's pair and rule state with `state`: a driver that sees users
    /// interleaved (`StreamEngine`) keeps one state per user and swaps it in before feeding that
    /// user's record, so every check runs the same code as in `lint`. Swapping moves four array
    /// references; nothing is copied.
    mutating func swapUserState(with state: inout UserCrossState) {
        swap(&open, &state.open)
        swap(&afterSeen, &state.afterSeen)
        swap(&latestAfter, &state.latestAfter)
        swap(&latestNotAfter, &state.latestNotAfter)
    }

    mutating func runUser(_ records: ArraySlice<EventRecord>) {
        guard let first = records.first else { return }
        beginUser()
        feed(records)
        endUser(latest: first.user < input.userLastTimestamp.count ? input.userLastTimestamp[Int(first.user)] : .min)
    }

    /// Starts a user: no pair open, no rule's earlier event seen. The arrays are reset in place,
    /// so a user costs no allocation.
    mutating func beginUser() {
        if open.count != checker.pairs.count { open = Array(repeating: [], count: checker.pairs.count) }
        for index in open.indices { open[index].removeAll(keepingCapacity: true) }
        Self.reset(&afterSeen, to: false, count: checker.rules.count)
        Self.reset(&latestAfter, to: nil, count: checker.rules.count)
        Self.reset(&latestNotAfter, to: nil, count: checker.rules.count)
    }

    static func reset<Element>(_ array: inout [Element], to value: Element, count: Int) {
        guard array.count == count else {
            array = Array(repeating: value, count: count)
            return
        }
        for index in array.indices { array[index] = value }
    }

    /// Keeps, of `input.values`, only the values of the records the run still holds (open pairs,
    /// the latest earlier events of rules), and moves those records onto them: a user whose
    /// records come in chunks (`SpillMerge`) then needs memory for one chunk, not for all.
    /// The text table starts again from the plan's, with the held values' texts only.
    mutating func keepHeldValues() {
        var kept: [TrackedValue] = []
        var texts = checker.plan.texts
        moveHeldValues(into: &kept, texts: &texts)
        input.values = kept
        input.texts = texts
        forgetValueMemos()
    }

    /// Appends to `kept` the values of the records the current user's state holds (open pairs,
    /// the latest earlier events of rules), their texts interned in `texts`, and moves those
    /// records onto them. The caller then makes `kept` and `texts` the input's and forgets the
    /// value memos (`keepHeldValues`, or `StreamEngine` over every user's state).
    mutating func moveHeldValues(into kept: inout [TrackedValue], texts: inout ByteInterner<SeededByteHash>) {
        let planTexts = UInt64(checker.plan.texts.count)
        func move(_ record: inout EventRecord) {
            let count = checker.plan.storedSlots[Int(record.event)].count
            let start = kept.count
            for var value in input.values[record.values..<record.values + count] {
                if value.tag == .text, value.bits >= planTexts, value.bits < UInt64(input.texts.count) {
                    value.bits = UInt64(input.texts.withBytes(of: Int(value.bits)) { texts.intern($0) })
                }
                kept.append(value)
            }
            record.values = start
        }
        for pair in open.indices {
            for index in open[pair].indices { move(&open[pair][index].record) }
        }
        for rule in latestAfter.indices {
            if var record = latestAfter[rule] {
                move(&record)
                latestAfter[rule] = record
            }
            if var record = latestNotAfter[rule] {
                move(&record)
                latestNotAfter[rule] = record
            }
        }
    }

    /// Runs a user's records (all of them, or the next chunk), in time order.
    mutating func feed(_ records: ArraySlice<EventRecord>) {
        for record in records {
            let values = values(record)
            let event = Int(record.event)
            for index in checker.pairsByEvent[event] {
                let pair = checker.pairs[index]
                var pairOpen = open[index]
                open[index] = []
                step(pair: pair, index: index, record: record, values: values, open: &pairOpen)
                open[index] = pairOpen
            }
            for index in checker.rulesByEvent[event] {
                let rule = checker.rules[index]
                let before = findings.count
                apply(
                    rule, to: record, values: values, afterSeen: afterSeen[index], latestAfter: latestAfter[index],
                    latestNotAfter: latestNotAfter[index])
                ruleViolations[index] += findings.count - before
            }
            // Only after the rules ran: an event is never earlier than itself.
            for index in checker.earlierRulesByEvent[event] {
                let rule = checker.rules[index]
                if let after = rule.after, rule.afterWindow != nil || !afterSeen[index], after.matches(record, values) {
                    afterSeen[index] = true
                    if record.timestamp != .min { latestAfter[index] = record }
                }
                if let notAfter = rule.notAfter, record.timestamp != .min, notAfter.matches(record, values) {
                    latestNotAfter[index] = record
                }
            }
        }
    }

    /// Ends a user: pairs still open are unclosed, near the end when they opened within the window
    /// before the user's `latest` timestamp (`Int64.min`: none).
    mutating func endUser(latest last: Int64) {
        let lastTimestamp: Int64? = last == .min ? nil : last
        for (index, pair) in checker.pairs.enumerated() where pair.declaration.closeRequired {
            for entry in open[index].sorted(by: {
                ($0.record.file, $0.record.line) < ($1.record.file, $1.record.line)
            }) {
                let record = entry.record
                let name = pair.declaration.name
                if entry.timedOut {
                    // Reported live when it timed out (`reportTimedOut`): counted, not reported again.
                    statistics[index].unclosed += 1
                    countArm(index, record) { $0.unclosed += 1 }
                } else if let lastTimestamp, record.timestamp != .min,
                    record.timestamp >= lastTimestamp.subtractingSaturating(input.unclosedWindowMicros)
                {
                    statistics[index].unclosedNearEnd += 1
                    countArm(index, record) { $0.unclosed += 1 }
                    report(
                        PairRules.unclosedNearEnd,
                        "pair \"\(name)\": \"\(eventName(record))\" is not closed for user \(userText(record)), but it opened within \(windowText) of the user's last event: the export window may have cut it off",
                        at: record)
                } else {
                    statistics[index].unclosed += 1
                    countArm(index, record) { $0.unclosed += 1 }
                    report(
                        PairRules.unclosed,
                        "pair \"\(name)\": \"\(eventName(record))\" is never closed for user \(userText(record))",
                        at: record)
                }
            }
        }
    }

    /// Reports each open pair of the current user (where the close is required) that opened
    /// before `eventCutoff` in event time, or arrived before `arrivalCutoff` in the driver's
    /// clock, once: it stays open, so a late close still closes it, and `endUser` counts it
    /// without a second finding. Returns, of the pairs still waiting, the earliest opening time
    /// and arrival (`Int64.max`: none), so the driver knows when to look again.
    mutating func reportTimedOut(
        eventCutoff: Int64, arrivalCutoff: Int64, timeout: String
    ) -> (earliestOpening: Int64, earliestArrival: Int64) {
        var earliest = (opening: Int64.max, arrival: Int64.max)
        for (index, pair) in checker.pairs.enumerated() where pair.declaration.closeRequired {
            for position in open[index].indices where !open[index][position].timedOut {
                let entry = open[index][position]
                let byEvent = entry.record.timestamp != .min && entry.record.timestamp < eventCutoff
                let byArrival = entry.arrival != .min && entry.arrival < arrivalCutoff
                guard byEvent || byArrival else {
                    if entry.record.timestamp != .min {
                        earliest.opening = min(earliest.opening, entry.record.timestamp)
                    }
                    if entry.arrival != .min { earliest.arrival = min(earliest.arrival, entry.arrival) }
                    continue
                }
                open[index][position].timedOut = true
                report(
                    PairRules.unclosed,
                    "pair \"\(pair.declaration.name)\": \"\(eventName(entry.record))\" is still not closed after \(timeout) for user \(userText(entry.record))",
                    at: entry.record)
            }
        }
        return (earliest.opening, earliest.arrival)
    }

    var windowText: String {
        let minutes = Double(input.unclosedWindowMicros) / 60_000_000
        return "\(LinePass.format(minutes)) minutes"
    }

    /// One event through one pair's machine.
    mutating func step(
        pair: CrossEventChecker.CompiledPair, index: Int, record: EventRecord,
        values: RecordValues, open: inout [OpenPair]
    ) {
        let key = pair.declaration.keyedBySession ? record.session : 0
        let name = pair.declaration.name
        if pair.closes.firstMatch(record, values) != nil {
            guard let position = open.firstIndex(where: { $0.key == key }) else {
                statistics[index].orphanCloses += 1
                let opener = pair.declaration.opens.first.map { " \"\($0.event)\"" } ?? ""
                report(
                    PairRules.orphanClose,
                    "pair \"\(name)\": \"\(eventName(record))\" closes nothing: no open\(opener) before it for user \(userText(record))",
                    at: record)
                return
            }
            let opening = open.remove(at: position).record
            close(pair: pair, index: index, opening: opening, closing: record, values: values)
            return
        }
        if pair.opens.firstMatch(record, values) != nil {
            statistics[index].opened += 1
            countArm(index, record) { $0.opened += 1 }
            let position = open.firstIndex(where: { $0.key == key })
            if let position, pair.declaration.closeRequired {
                let previous = open[position].record
                statistics[index].unclosed += 1
                countArm(index, previous) { $0.unclosed += 1 }
                report(
                    PairRules.reopened,
                    "pair \"\(name)\": \"\(eventName(previous))\" is opened again before it was closed, for user \(userText(previous))",
                    at: previous, notes: [FindingNote("opened again here", at: location(record))])
            }
            let entry = OpenPair(key: key, record: record, arrival: arrival)
            if let position { open[position] = entry } else { open.append(entry) }
            return
        }
        if let inside = pair.inside.firstMatch(record, values),
            !open.contains(where: { $0.key == key })
        {
            // Name the matchers: `"x_step_shown" (step privacy) comes while no "x_step_shown" (step intro) is open`.
            let matched =
                pair.declaration.inside.indices.contains(inside)
                ? pair.declaration.inside[inside].spelled
                : "\"\(eventName(record))\""
            let opener = pair.declaration.opens.map(\.spelled).joined(separator: " or ")
            report(
                PairRules.insideOutside,
                "pair \"\(name)\": \(matched) comes while no \(opener.isEmpty ? "\"\(name)\"" : opener) is open, for user \(userText(record))",
                at: record)
        }
    }

    mutating func close(
        pair: CrossEventChecker.CompiledPair, index: Int, opening: EventRecord, closing: EventRecord,
        values: RecordValues
    ) {
        let name = pair.declaration.name
        let openValues = self.values(opening)
        // Made only for a finding: most closes have none.
        var note: FindingNote { FindingNote("opened here", at: location(opening)) }
        for same in pair.same {
            let before = openValues[same.slot]
            let after = values[same.slot]
            guard !before.isInvalid, !after.isInvalid, before != after else { continue }
            report(
                PairRules.paramMismatch,
                "pair \"\(name)\": param \"\(same.name)\" is \(text(before)) on the open but \(text(after)) on the close",
                at: closing, param: same.name, notes: [note])
        }
        var outcome = eventName(closing)
        if let slot = pair.outcomeSlot {
            let value = values[slot].isUsable ? values[slot] : .absent
            if let name = outcomeNames[value] {
                outcome = name
            } else {
                outcome =
                    value.isUsable
                    ? text(value).replacingQuotes : "(no valid \(pair.declaration.outcomeParam ?? "outcome"))"
                // Unusable values name the pair's outcome param: the memo is per pair then.
                if value.isUsable { outcomeNames[value] = outcome }
            }
        }
        statistics[index].closedByOutcome[outcome, default: 0] += 1
        let timed = opening.timestamp != .min && closing.timestamp != .min
        // Timestamps are inside `GA4Facts.plausibleTimestampMicros` (others are cleared per
        // event), so this cannot overflow; saturating all the same, so no input can wrap it.
        let deltaMs = Double(closing.timestamp.subtractingSaturating(opening.timestamp)) / 1000
        countArm(index, opening) {
            $0.closedByOutcome[outcome, default: 0] += 1
            if timed { $0.durationsMs.append(deltaMs) }
        }
        if timed { statistics[index].durationsMs.append(deltaMs) }
        guard let slot = pair.durationSlot, let duration = values[slot].measuredNumber,
            let check = pair.declaration.duration
        else { return }
        if duration < 0 {
            report(
                PairRules.negativeDuration,
                "pair \"\(name)\": \(check.param) is \(LinePass.format(duration)), a negative duration",
                at: closing, param: check.param, notes: [note])
            return
        }
        guard timed else { return }
        let tolerance = max(check.toleranceMilliseconds, check.tolerancePercent / 100 * abs(deltaMs))
        if abs(duration - deltaMs) > tolerance {
            report(
                PairRules.durationMismatch,
                "pair \"\(name)\": \(check.param) says \(LinePass.format(duration)) ms, but the timestamps are \(LinePass.format(deltaMs.rounded())) ms apart (tolerance \(LinePass.format(tolerance.rounded())) ms)",
                at: closing, param: check.param, notes: [note])
        }
    }

    // MARK: - Rules

    mutating func apply(
        _ rule: CrossEventChecker.CompiledRule, to record: EventRecord, values: RecordValues,
        afterSeen: Bool, latestAfter: EventRecord?, latestNotAfter: EventRecord?
    ) {
        for index in rule.conditions.indices where rule.conditions[index].holds(values) != true { return }
        let name = rule.declaration.name
        let event = eventName(record)
        for index in rule.require.indices where rule.require[index].holds(values) == false {
            let condition = rule.require[index]
            let actual = text(values[condition.slot])
            if case .equalsSlot(let slot, let property)? = condition.predicates.first(where: {
                if case .equalsSlot = $0 { true } else { false }
            }) {
                let reference = text(values[slot])
                report(
                    CrossEventRules.paramEqualsUserProperty, severity: rule.severity,
                    "rule \"\(name)\": param \"\(condition.name)\" of \"\(event)\" is \(actual), but user property \"\(property)\" is \(reference)",
                    at: record, param: condition.name)
            } else {
                report(
                    CrossEventRules.paramRequirement, severity: rule.severity,
                    "rule \"\(name)\": \"\(event)\" needs param \"\(condition.name)\" \(condition.expected), but it is \(actual)",
                    at: record, param: condition.name)
            }
        }
        for index in rule.requireUser.indices where rule.requireUser[index].holds(values) == false {
            let condition = rule.requireUser[index]
            let actual = text(values[condition.slot])
            report(
                CrossEventRules.userPropertyRequirement, severity: rule.severity,
                "rule \"\(name)\": \"\(event)\" needs user property \"\(condition.name)\" \(condition.expected), but it is \(actual) for user \(userText(record))",
                at: record, param: condition.name)
        }
        if let after = rule.after, let declaration = rule.declaration.after {
            let wanted = describe(declaration.matcher, after)
            if let window = rule.afterWindow, let within = declaration.within?.value {
                // An event without a valid timestamp takes part in no window check.
                if record.timestamp != .min, !Self.isWithin(latestAfter, window, of: record) {
                    let notes =
                        latestAfter.map {
                            [
                                FindingNote(
                                    "the latest earlier one, \(Self.gap(from: $0, to: record)) before", at: location($0)
                                )
                            ]
                        } ?? []
                    report(
                        CrossEventRules.onlyAfter, severity: rule.severity,
                        "rule \"\(name)\": \"\(event)\" comes without any \(wanted) of user \(userText(record)) within \(within) before it",
                        at: record, notes: notes)
                }
            } else if !afterSeen {
                report(
                    CrossEventRules.onlyAfter, severity: rule.severity,
                    "rule \"\(name)\": \"\(event)\" comes before any \(wanted) of user \(userText(record))",
                    at: record)
            }
        }
        if let notAfter = rule.notAfter, let declaration = rule.declaration.notAfter,
            let within = declaration.within?.value,
            record.timestamp != .min, let earlier = latestNotAfter,
            Self.isWithin(earlier, rule.notAfterWindow, of: record)
        {
            report(
                CrossEventRules.notAfter, severity: rule.severity,
                "rule \"\(name)\": \"\(event)\" comes \(Self.gap(from: earlier, to: record)) after \(describe(declaration.matcher, notAfter)) of user \(userText(record)), inside the rule's \(within) window",
                at: record, notes: [FindingNote("the earlier event", at: location(earlier))])
        }
    }

    /// `"event" with param in […]`, for messages.
    func describe(_ declaration: EventMatcher, _ compiled: CompiledMatcher) -> String {
        var wanted = "\"\(declaration.event)\""
        let conditions = compiled.conditions.map { "\($0.name) \($0.expected)" }
        if !conditions.isEmpty { wanted += " with " + conditions.joined(separator: ", ") }
        return wanted
    }

    /// Whether an earlier record lies within `window` microseconds before `record`, the edge
    /// included. Both timestamps are valid (inside `GA4Facts.plausibleTimestampMicros`); the
    /// difference saturates all the same.
    static func isWithin(_ earlier: EventRecord?, _ window: Int64, of record: EventRecord) -> Bool {
        guard let earlier, earlier.timestamp != .min, record.timestamp != .min else { return false }
        return record.timestamp.subtractingSaturating(earlier.timestamp) <= window
    }

    /// The time between two records, in seconds (`12 s`, `0.25 s`).
    static func gap(from earlier: EventRecord, to record: EventRecord) -> String {
        let micros = record.timestamp.subtractingSaturating(earlier.timestamp)
        return "\(LinePass.format(Double(micros) / 1_000_000)) s"
    }
}

extension String {
    /// Drops the quotes `text(_:)` puts around text values, for table cells.
    var replacingQuotes: String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}

extension EventMatcher {
    /// `"tour_step_shown" (step intro)`: the event and what its conditions ask.
    var spelled: String {
        let conditions = conditions.map { condition -> String in
            let asked = condition.predicates.map { predicate -> String in
                switch predicate {
                case .oneOf(let values): values.map(\.plainText).joined(separator: "/")
                case .noneOf(let values): "not " + values.map(\.plainText).joined(separator: "/")
                case .atLeast(let number): "≥ " + NumberText.format(number)
                case .atMost(let number): "≤ " + NumberText.format(number)
                case .present(let flag): flag ? "present" : "absent"
                case .equalsUserProperty(let name): "= user property " + name
                }
            }
            return ([condition.name] + asked).joined(separator: " ")
        }
        return "\"\(event)\"" + (conditions.isEmpty ? "" : " (" + conditions.joined(separator: ", ") + ")")
    }
}
