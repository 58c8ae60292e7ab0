import Dispatch

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
    /// The records and values as the line passes made them, for the grouped run (`UserGroups`),
    /// which reads each user's from there; `records` and `values` are then empty.
    var segments: [RecordSegment] = []
}

/// Runs pairs and rules per user, after the line pass: records grouped by user and sorted by
/// time, then the same machines whatever the thread count.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
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
    /// Per event of the plan: whether it opens a pair, so that it is counted per arm
    /// (`ExperimentRules.eventBeforeArm`).
    let opensPair: [Bool]
    /// Per event of the plan: the metrics with a reach or success matcher on it, in plan order.
    let metricsByEvent: [[Int]]
    /// The rules with `once: 'exactly'`, in plan order: every record of a user may select the
    /// user for them.
    let exactlyOnceRules: [Int]
    let journeys: [CompiledJourney]
    /// Per event of the plan: the journeys with a step on it, in plan order.
    let journeysByEvent: [[Int]]

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
        /// `whenUser` (and `whenPlatform`) alone: which users an exactly-once rule expects the event of.
        let userConditions: [CompiledCondition]
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
            userConditions = whenUser
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
        opensPair = plan.events.indices.map { event in
            pairs.contains { pair in pair.opens.contains { $0.event == Int32(event) } }
        }
        let metrics = plan.metrics
        metricsByEvent = plan.events.indices.map { event in
            metrics.indices.filter { index in
                (metrics[index].reach + metrics[index].success).contains { $0.event == Int32(event) }
            }
        }
        earlierRulesByEvent = plan.events.indices.map { event in
            rules.indices.filter { index in
                [rules[index].after, rules[index].notAfter].contains { $0?.event == Int32(event) }
            }
        }
        exactlyOnceRules = rules.indices.filter { rules[$0].declaration.once == .exactly }
        let journeys = plan.crossEventJourneys
        self.journeys = journeys
        journeysByEvent = plan.events.indices.map { event in
            journeys.indices.filter { journeys[$0].events.contains(Int32(event)) }
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
        run(ranges: Self.userRanges(input.records, parts: parts), into: &store) { checker, users, store in
            checker.run(input, users: users, into: &store)
        }
    }

    /// The same over records grouped by user but not sorted (`UserGroups`): each part puts its
    /// own users' records in time order as it meets them, so that sort runs on every thread.
    func run(_ input: CrossEventInput, groups: UserGroups, parts: Int, into store: inout FindingStore)
        -> CrossEventResult
    {
        run(ranges: groups.userRanges(parts: parts), into: &store) { checker, users, store in
            checker.run(input, groups: groups, users: users, into: &store)
        }
    }

    /// `body` over each of `ranges` (of users), one thread each when there are several, their
    /// findings joined in range order into `store` and their results added up. Each thread
    /// runs a checker of its own (`CompiledPlan.withOwnCrossEventObjects`).
    private func run(
        ranges: [Range<Int>], into store: inout FindingStore,
        _ body: @Sendable (CrossEventChecker, Range<Int>, inout FindingStore) -> CrossEventResult
    ) -> CrossEventResult {
        guard ranges.count > 1 else {
            var result = body(self, ranges.first ?? 0..<0, &store)
            result.sortDurations()
            return result
        }
        let results = PartResults<(FindingStore, CrossEventResult)>(count: ranges.count)
        let (limit, plan) = (store.limit, store.plan)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { part in
            var partStore = FindingStore(limit: limit, plan: plan)
            let checker = CrossEventChecker(plan: self.plan.withOwnCrossEventObjects())
            var result = body(checker, ranges[part], &partStore)
            result.sortDurations()
            results.set(part, (partStore, result))
        }
        var total = CrossEventResult(
            pairs: self.pairs.map { PairStatistics(name: $0.declaration.name) },
            ruleViolations: Array(repeating: 0, count: rules.count),
            experimentUsers: plan.experiments.map { Array(repeating: 0, count: $0.arms.count + 1) },
            metricCounts: MetricCounts(plan: self.plan.plan))
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

    /// Pairs and rules over the users in `users` of `groups`, each user's records gathered in
    /// time order into one buffer reused from user to user.
    func run(_ input: CrossEventInput, groups: UserGroups, users: Range<Int>, into store: inout FindingStore)
        -> CrossEventResult
    {
        // The run reads each user's values from a buffer of the user's own (`UserGroups.gather`).
        var run = CrossEventRun(checker: self, input: input)
        run.input.values = []
        run.input.segments = []
        var buffer: [EventRecord] = []
        let valueCounts = plan.storedSlots.map(\.count)
        let segments = input.segments
        valueCounts.withUnsafeBufferPointer { valueCounts in
            for user in users where groups.starts[user] < groups.starts[user + 1] {
                // Out of the run while it is filled, so it is not copied on write.
                var userValues: [TrackedValue] = []
                swap(&userValues, &run.input.values)
                groups.gather(
                    user: user, from: segments, valueCounts: valueCounts, into: &buffer, values: &userValues)
                swap(&userValues, &run.input.values)
                run.runUser(buffer[...])
                run.hand(to: &store)
            }
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
    var arms: [UserArm] = []
    var metrics: [MetricUserState] = []
    var onceFirst: [EventRecord?] = []
    var onceSelected: [EventRecord?] = []
    var journeyStep: [Int] = []
    var journeyStart: [EventRecord?] = []
}
