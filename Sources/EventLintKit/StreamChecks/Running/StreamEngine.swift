/// How a live run reads its stream, besides what `lint` reads it with.
public struct StreamSettings: Sendable {
    public var lint = LintSettings()
    /// An open pair still open this long after it opened, while the stream goes on, is reported
    /// then (in event time, and in the driver's clock for a live stream).
    public var pairTimeout: TimeWindow
    /// Overrides the plan's `lint.unclosedWindowMinutes` for the pairs still open at the end.
    public var unclosedWindowMinutes: Double?

    public init(pairTimeout: TimeWindow) { self.pairTimeout = pairTimeout }
}

/// What a live run found once its stream ended: the same accounting `lint` reports (its
/// findings were handed out as they were found, and are only counted here), and the plan's
/// events that never came.
public struct StreamSessionResult: Sendable {
    /// Findings still certain only at the end (pairs left open, a document cut off).
    public var findings: [Finding]
    /// The run as `lint` would summarise it, with every finding of the session counted.
    public var result: LintResult
    /// The plan's events no line of the session carried, in plan order.
    public var eventsNeverSeen: [String]

    /// Every finding of the session, by severity and rule.
    public var counts: FindingCounts { result.counts }

    /// `lint`'s summary and, after it, the plan's events never seen in this session.
    public var summary: ReportSummary {
        var summary = LintSummary(result: result).summary(listingNeverSeen: false)
        summary.sections.append(
            LintSummary.neverSeenSection(eventsNeverSeen, scope: "in this session", title: "session"))
        return summary
    }
}

/// The checks of `lint` driven one line at a time, for a stream that is still being written:
/// `push` a line and get the findings it made certain, `advance` the clock and get the pairs
/// that timed out, `finish` and get the rest with the summary.
///
/// It runs `lint`'s own stages, not copies of them: the line pass (`LinePass`) frames nothing
/// here but checks each line and makes its compact records as in `lint`; each record then goes
/// through the same pair and rule machine (`CrossEventRun`), with the state of its user swapped
/// in, in arrival order rather than sorted by time (a live stream is read once, as it comes).
/// What crosses from one stage to the next is what crosses in `lint`: `FramedLine` in,
/// `EventRecord`s and findings out of the line pass, findings and `PairStatistics` out of the
/// pair and rule machine.
///
/// Not thread-safe: the front end calls it from one thread at a time.
public final class StreamEngine {
    let plan: CompiledPlan
    let settings: StreamSettings
    let pass: LinePass
    var run: CrossEventRun
    /// Pair and rule state per user id of `pass.users`; `started` says which were begun.
    var userStates: [UserCrossState] = []
    var started: [Bool] = []
    /// The array the line pass's records move through (`feedRecords`), kept for its capacity.
    var recordScratch: [EventRecord] = []
    /// Users with a pair open and not yet reported as timed out.
    var waitingUsers: Set<Int> = []
    /// Findings handed out so far, by severity and rule.
    var counted = FindingCounts()
    /// The latest valid event timestamp read: the stream's own clock.
    public private(set) var streamTime: Int64 = .min
    /// Of the pairs waiting, the earliest opening time and arrival (`Int64.max`: none), and the
    /// stream's time at the last look by event time (`timeOut`).
    var earliestOpening = Int64.max
    var earliestArrival = Int64.max
    var lastEventScan = Int64.min
    var finished = false
    /// Values the users' states held at the last compaction (`compactValues`).
    var heldValues = 0
    /// `pass.values` is compacted once it holds this many more values than twice what the
    /// states held (tests make it small).
    var compactionSlack = 1 << 16

    public init(plan: CompiledPlan, settings: StreamSettings, file: String) {
        self.plan = plan
        self.settings = settings
        var lint = settings.lint
        // Every finding is handed out as it is found: none is held back for a cut at the end.
        lint.maxFindings = Int.max
        lint.collectRejects = false
        pass = LinePass(plan: plan, settings: lint)
        pass.file = file
        pass.fileIndex = 0
        // A session may run for hours: the user ids of events without records are folded into
        // the user table every MiB instead of every 64 MiB.
        pass.userLogLimit = 1 << 20
        // Records go through the arm checks as they come, not in time order: every event an
        // experiment reads is recorded.
        pass.recordsArmSightingsOnly = false
        let window = settings.unclosedWindowMinutes ?? plan.plan.unclosedWindowMinutes
        run = CrossEventRun(
            checker: CrossEventChecker(plan: plan),
            input: CrossEventInput(
                records: [], values: [], files: [file], users: ByteInterner(capacity: 1), userLastTimestamp: [],
                texts: plan.texts, unclosedWindowMicros: LintSettings.windowMicros(minutes: window)))
    }

    /// Lines read so far, and events among them.
    public var linesRead: Int { pass.counters.linesRead }
    public var eventsRead: Int { pass.counters.eventsChecked }
    /// Every finding handed out so far.
    public var counts: FindingCounts { counted }

    /// The pairs open now and not yet reported as timed out, over all users, and the earliest
    /// driver's clock arrival among them (nil: none known), for a status line.
    public var openPairs: (count: Int, earliestArrival: Int64?) {
        var count = 0
        var earliest = Int64.max
        for user in waitingUsers {
            for pair in userStates[user].open {
                for entry in pair where !entry.timedOut {
                    count += 1
                    if entry.arrival != .min { earliest = min(earliest, entry.arrival) }
                }
            }
        }
        return (count, earliest == .max ? nil : earliest)
    }

    /// Checks one line; `arrival` is when it arrived in the driver's clock (microseconds), by
    /// which its pairs time out if the stream's own times do not. Returns the findings the line
    /// made certain, in the order found: its own, the pair and rule findings of its events, and
    /// pairs of any user that timed out in event time.
    public func push(_ line: FramedLine, arrival: Int64) -> [Finding] {
        guard !finished else { return [] }
        pass.process(line)
        pass.counters.bytes += line.length + (line.flags.contains(.missingFinalNewline) ? 0 : 1)
        var found = pass.findings.takeKept()
        found += feedRecords(arrival: arrival)
        found += timeOut(now: arrival)
        for finding in found { counted.add(finding) }
        if pass.values.count > 2 * heldValues + compactionSlack { compactValues() }
        return found
    }

    /// Keeps, of the values and texts the line pass made, only those of the records the users'
    /// states still hold (open pairs, rules' latest earlier events), as a spilled `lint` run
    /// does per user: memory then grows with the users and their open pairs, not with the
    /// length of the session. Amortised: it runs when the values have doubled since the last.
    func compactValues() {
        var kept: [TrackedValue] = []
        var texts = plan.texts
        lendTables()
        for user in userStates.indices where started[user] {
            run.swapUserState(with: &userStates[user])
            run.moveHeldValues(into: &kept, texts: &texts)
            run.swapUserState(with: &userStates[user])
        }
        run.input.values = kept
        run.input.texts = texts
        run.forgetValueMemos()
        returnTables()
        heldValues = kept.count
    }

    /// The values and texts the line pass keeps now, for tests of the compaction.
    var storedValueCount: (values: Int, texts: Int) { (pass.values.count, pass.texts.count) }

    /// The driver's clock moved to `now` (microseconds) with no line: the pairs that timed out.
    public func advance(to now: Int64) -> [Finding] {
        guard !finished else { return [] }
        let found = timeOut(now: now)
        for finding in found { counted.add(finding) }
        return found
    }

    /// Ends the stream: an entry or document still open is reported as `lint` reports it, and so
    /// is every pair still open (as at the end of a `lint` input); then the accounting.
    public func finish() -> StreamSessionResult {
        var found: [Finding] = []
        if !finished {
            finished = true
            pass.finishDocuments()
            pass.finishCapture()
            found = pass.findings.takeKept()
            found += feedRecords(arrival: .min)
            for schema in OtherExportSchema.allCases {
                if let rows = pass.otherSchemaRows[schema] {
                    pass.findings.append(ExportRules.otherSchema(schema, first: rows.first, rows: rows.count))
                }
            }
            found += pass.findings.takeKept()
            found += endUsers()
            pass.findings.append(
                contentsOf: ExperimentReadout.findings(plan: plan.plan, experimentUsers: run.experimentUsers))
            found += pass.findings.takeKept()
            for finding in found { counted.add(finding) }
        }
        var result = LintResult(
            findings: [], counters: pass.counters, pairs: run.pairStatistics, ruleViolations: run.ruleViolations,
            files: run.input.files, plan: plan)
        result.experimentUsers = run.experimentUsers
        result.metricCounts = run.metricCounts
        result.streamed = counted
        result.groups = pass.findings.groups.sorted
        return StreamSessionResult(
            findings: found, result: result, eventsNeverSeen: LintSummary(result: result).eventsNeverSeen)
    }

    /// Runs the records the line pass made since the last call through the pair and rule
    /// machine, each with its user's state, and returns their findings (adjusted by the plan).
    func feedRecords(arrival: Int64) -> [Finding] {
        pass.internPendingUsers()
        guard !pass.records.isEmpty else { return [] }
        lendTables()
        defer { returnTables() }
        // The line's records move out and the emptied array of the last line moves in: no
        // array is allocated per line.
        var records: [EventRecord] = []
        swap(&records, &recordScratch)
        swap(&records, &pass.records)
        defer {
            records.removeAll(keepingCapacity: true)
            swap(&records, &recordScratch)
        }
        for index in records.indices {
            let record = records[index]
            let user = Int(record.user)
            // A record whose user could not be told (no id) is in no user's stream.
            guard record.user < UInt64(run.input.users.count) else { continue }
            if user >= userStates.count {
                userStates.append(contentsOf: repeatElement(UserCrossState(), count: user + 1 - userStates.count))
                started.append(contentsOf: repeatElement(false, count: user + 1 - started.count))
            }
            run.arrival = arrival
            run.swapUserState(with: &userStates[user])
            if !started[user] {
                started[user] = true
                run.beginUser()
            }
            run.feed(records[index...index])
            if run.open.contains(where: { $0.contains { !$0.timedOut } }) {
                waitingUsers.insert(user)
                // Perhaps a new pair: it can only make the earliest deadlines earlier.
                if record.timestamp != .min { earliestOpening = min(earliestOpening, record.timestamp) }
                if arrival != .min { earliestArrival = min(earliestArrival, arrival) }
            } else {
                waitingUsers.remove(user)
            }
            run.swapUserState(with: &userStates[user])
            if record.timestamp != .min, record.timestamp > streamTime { streamTime = record.timestamp }
        }
        return takeRunFindings()
    }

    /// The pairs, of every user waiting, open for longer than the timeout in event time (by the
    /// latest timestamp read) or in the driver's clock (by `now`). Only when a deadline passed:
    /// the earliest opening and arrival of the pairs waiting are known (from the last look, and
    /// lowered by every record since), and event time is looked at most once a tenth of the
    /// timeout, so a shuffled export does not rescan its users on every line.
    func timeOut(now: Int64) -> [Finding] {
        guard !waitingUsers.isEmpty else { return [] }
        let timeout = settings.pairTimeout.microseconds
        let eventDue =
            streamTime != .min && earliestOpening != .max
            && streamTime.subtractingSaturating(earliestOpening) > timeout
            && (lastEventScan == .min || streamTime.subtractingSaturating(lastEventScan) >= max(timeout / 10, 1))
        let clockDue =
            now != .min && earliestArrival != .max && now.subtractingSaturating(earliestArrival) > timeout
        guard eventDue || clockDue else { return [] }
        if eventDue { lastEventScan = streamTime }
        let eventCutoff = streamTime == .min ? Int64.min : streamTime.subtractingSaturating(timeout)
        let arrivalCutoff = now == .min ? Int64.min : now.subtractingSaturating(timeout)
        earliestOpening = .max
        earliestArrival = .max
        lendTables()
        defer { returnTables() }
        for user in waitingUsers.sorted() {
            run.swapUserState(with: &userStates[user])
            let earliest = run.reportTimedOut(
                eventCutoff: eventCutoff, arrivalCutoff: arrivalCutoff, timeout: settings.pairTimeout)
            run.swapUserState(with: &userStates[user])
            if earliest.earliestOpening == .max, earliest.earliestArrival == .max {
                waitingUsers.remove(user)
            } else {
                earliestOpening = min(earliestOpening, earliest.earliestOpening)
                earliestArrival = min(earliestArrival, earliest.earliestArrival)
            }
        }
        return takeRunFindings()
    }

    /// Ends every user begun, in user order as `lint` does: pairs still open are unclosed.
    func endUsers() -> [Finding] {
        LintRunner.resolveUserLogs(of: [pass], into: pass)
        lendTables()
        defer { returnTables() }
        for user in userStates.indices where started[user] {
            run.swapUserState(with: &userStates[user])
            let latest = user < run.input.userLastTimestamp.count ? run.input.userLastTimestamp[user] : .min
            run.endUser(latest: latest)
            run.swapUserState(with: &userStates[user])
        }
        waitingUsers.removeAll()
        return takeRunFindings()
    }

    /// The pair and rule machine reads the line pass's tables (values, users, texts, last
    /// timestamps) while it runs: they move over and back, so neither copies them.
    func lendTables() {
        swap(&run.input.values, &pass.values)
        swap(&run.input.users, &pass.users)
        swap(&run.input.texts, &pass.texts)
        swap(&run.input.userLastTimestamp, &pass.userLastTimestamp)
    }

    func returnTables() { lendTables() }

    /// The machine's findings so far, through the plan's suppressions and severity overrides.
    func takeRunFindings() -> [Finding] {
        guard !run.findings.isEmpty else { return [] }
        pass.findings.absorb(run.findings)
        run.findings.removeAll(keepingCapacity: true)
        return pass.findings.takeKept()
    }
}
