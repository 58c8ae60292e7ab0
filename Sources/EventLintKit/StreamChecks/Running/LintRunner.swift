import Dispatch
import Glibc

/// One lint run's request: the inputs and how to read them.
public struct LintRequest: Sendable {
    public var inputs: [String]
    public var settings = LintSettings()
    /// Worker threads for splittable (plain, regular) files.
    public var jobs = 1
    /// Overrides the plan's `lint.unclosedWindowMinutes`.
    public var unclosedWindowMinutes: Double?
    /// Bytes the compact records of pairs and rules may take before they are spilled to sorted
    /// temporary files in `spillDirectory` (nil: they stay in memory however many there are).
    public var memoryLimit: Int?
    /// Where spilled records go (the front end passes `$TMPDIR`); `/tmp` when nil.
    public var spillDirectory: String?
    /// A stopwatch already started (at the process's start, `--timings`) that the run laps at
    /// each of its stages and hands back in `LintResult.timings`; nil: nothing is timed.
    public var timings: LintTimings?

    public init(inputs: [String]) { self.inputs = inputs }
}

/// Everything a lint run found: findings (sorted), the line accounting and per-pair numbers.
public struct LintResult: Sendable {
    public var findings: [Finding]
    public var counters: StreamCounters
    public var pairs: [PairStatistics]
    /// Violations per plan rule, in plan order.
    public var ruleViolations: [Int]
    /// Per plan experiment: users per declared arm, then users in another arm
    /// (`CrossEventResult.experimentUsers`).
    public var experimentUsers: [[Int]] = []
    /// Per metric, experiment and arm: users who reached the metric and who succeeded
    /// (`CrossEventResult.metricCounts`).
    public var metricCounts: MetricCounts?
    /// Inputs that could not be read, or not to their end, in input order.
    public var inputErrors: [ExportInputError] = []
    /// Set when records outgrew the memory limit and could not be written to (or read back
    /// from) temporary files: pairs and rules are then incomplete, and the run failed.
    public var spillFailure: SpillError?
    /// Findings found but not kept in `findings` (over `maxFindings`), counted exactly.
    public var unlisted = FindingCounts()
    /// Every finding, listed or not, grouped by rule, event and param (exact counts), in report
    /// order.
    public var groups: [FindingGroup] = []
    /// Every rejected line, in file and line order (with `collectRejects`).
    public var rejects: [RejectedLine] = []
    public var files: [String]
    public var plan: CompiledPlan
    /// Findings a live run (`StreamEngine`) handed out as it found them: counted, not kept.
    public var streamed = FindingCounts()
    /// The request's stopwatch, lapped up to the end of the run.
    public var timings: LintTimings?
    /// Findings per rule id, listed or not, before any grouping in the text output.
    public var countsByRule: [String: Int] {
        findings.reduce(into: unlisted.byRule.merging(streamed.byRule, uniquingKeysWith: +)) {
            $0[$1.ruleID, default: 0] += 1
        }
    }

    /// Every finding counted, listed or not.
    public var counts: FindingCounts {
        var counts = unlisted
        counts.add(streamed)
        for finding in findings { counts.add(finding) }
        return counts
    }
}

/// Runs `lint`: the line pass over every input (files split at newlines across workers), the
/// merge, then pairs and rules per user. The result is identical whatever `jobs` is.
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
public enum LintRunner {
    /// An input that cannot be read (or stops being readable: a truncated `.gz`, a read error)
    /// does not stop the run: every line read before the problem, and every other input, is
    /// checked and reported, and the problem is in `inputErrors`.
    public static func run(plan: CompiledPlan, request: LintRequest, progress: ProgressMeter? = nil) -> LintResult {
        var merged = LinePass(plan: plan, settings: request.settings)
        var timings = request.timings
        let spill = request.memoryLimit.map {
            RecordSpill(budget: $0, directory: request.spillDirectory ?? "/tmp")
        }
        let (files, inputErrors) = readInputs(
            plan: plan, request: request, into: &merged, spill: spill, progress: progress, timings: &timings)
        let (cross, spillFailure) = runPairsAndRules(
            plan: plan, request: request, merged: &merged, files: files, spill: spill, timings: &timings)
        // The sample-ratio test reads every part's counts, so it runs after the merge.
        merged.findings.append(
            contentsOf: ExperimentReadout.findings(plan: plan.plan, experimentUsers: cross.experimentUsers))
        merged.findings.trimToLimit()
        var result = LintResult(
            findings: merged.findings.kept, counters: merged.counters, pairs: cross.pairs,
            ruleViolations: cross.ruleViolations, files: files, plan: plan)
        result.experimentUsers = cross.experimentUsers
        result.metricCounts = cross.metricCounts
        result.unlisted = merged.findings.unlisted
        result.groups = merged.findings.groups.sorted
        result.rejects = merged.rejects
        result.inputErrors = inputErrors
        result.spillFailure = spillFailure
        timings?.lap(.sorting)
        result.timings = timings
        return result
    }

    /// The line pass over every input, each merged into `merged` as it ends: the run's files
    /// (an input given twice is a finding, and no file) and the inputs that could not be read.
    static func readInputs(
        plan: CompiledPlan, request: LintRequest, into merged: inout LinePass, spill: RecordSpill?,
        progress: ProgressMeter?, timings: inout LintTimings?
    ) -> (files: [String], inputErrors: [ExportInputError]) {
        var files: [String] = []
        var inputErrors: [ExportInputError] = []
        var seen: [FileIdentity: String] = [:]
        for (inputIndex, path) in request.inputs.enumerated() {
            if let identity = FileIdentity(path: path) {
                if let first = seen[identity] {
                    merged.findings.append(
                        ExportRules.duplicateInput(file: displayName(path), first: displayName(first)))
                    continue
                }
                seen[identity] = path
            }
            // Records name their file by its place in `files`: an input skipped as a duplicate
            // takes no place there.
            let fileIndex = files.count
            files.append(displayName(path))
            do throws(ExportInputError) {
                let (passes, failure) = try runFile(
                    path, fileIndex: fileIndex, plan: plan, request: request, spill: spill,
                    progress: progress, timings: &timings)
                if let spill { spillIfNeeded(passes, merged: merged, spill: spill) }
                // After the last input, with nothing spilled, a user without records can only
                // matter through records already merged: see `merge`.
                let last =
                    inputIndex == request.inputs.count - 1 && spill.map { !$0.hasRuns && $0.failure == nil } != false
                merge(passes, into: &merged, lastInput: last)
                timings?.lap(.merging)
                if let failure { inputErrors.append(failure) }
            } catch {
                inputErrors.append(error)
                timings?.lap(.reading)
            }
            merged.findings.trimToLimit()
            timings?.lap(.sorting)
        }
        return (files, inputErrors)
    }

    /// Pairs and rules over the merged records, sorted per user by time (from the spilled runs
    /// when records were spilled); their findings go into `merged`'s. A spill that fails is
    /// returned, and the stage then runs on no records.
    static func runPairsAndRules(
        plan: CompiledPlan, request: LintRequest, merged: inout LinePass, files: [String], spill: RecordSpill?,
        timings: inout LintTimings?
    ) -> (CrossEventResult, SpillError?) {
        let window = request.unclosedWindowMinutes ?? plan.plan.unclosedWindowMinutes
        let spilled = spill.map { $0.hasRuns || $0.failure != nil } == true
        if let spill, spilled { spillIfNeeded([], merged: merged, spill: spill, force: true) }
        var segments = [RecordSegment(records: [], values: [])]
        swap(&segments[0].records, &merged.records)
        swap(&segments[0].values, &merged.values)
        segments += merged.laterSegments
        merged.laterSegments = []
        let recordCount = segments.reduce(0) { $0 + $1.records.count }
        timings?.lap(.merging)
        // The records grouped by user, in one slice per job, read where the line passes left
        // them; each user's are put in time order by the job that checks them. Ids outside the
        // user table (never made by a line pass) fall back to one sort of the joined records.
        let groups =
            spilled ? nil : UserGroups(segments: segments, userCount: merged.users.count, jobs: request.jobs)
        var joined = RecordSegment(records: [], values: [])
        if groups == nil {
            joined = RecordSegment.joined(segments)
            segments = []
            if !spilled { joined.records.sort(by: EventRecord.timeOrder) }
        }
        // Pairs and rules run on every job when the records were grouped in one slice per job
        // and the users split into one run per job.
        let crossParallel =
            timings != nil && !spilled && groups != nil
            && UserGroups.sliceCount(records: recordCount, users: merged.users.count, jobs: request.jobs)
                == request.jobs
            && groups?.userRanges(parts: request.jobs).count == request.jobs
        let input = CrossEventInput(
            records: joined.records, values: joined.values, files: files,
            users: merged.users, userLastTimestamp: merged.userLastTimestamp, texts: merged.texts,
            unclosedWindowMicros: LintSettings.windowMicros(minutes: window), segments: segments)
        let checker = CrossEventChecker(plan: plan)
        var cross: CrossEventResult
        var spillFailure: SpillError?
        if let spill, spilled {
            do throws(SpillError) {
                if let failure = spill.failure { throw failure }
                cross = try checker.run(spill: spill, input: input, into: &merged.findings)
            } catch {
                spillFailure = error
                cross = checker.run(
                    CrossEventInput(
                        records: [], values: [], files: files, users: ByteInterner(), userLastTimestamp: [],
                        texts: plan.texts, unclosedWindowMicros: 0), into: &merged.findings)
            }
        } else if let groups {
            cross = checker.run(input, groups: groups, parts: request.jobs, into: &merged.findings)
        } else {
            cross = checker.run(input, parts: request.jobs, into: &merged.findings)
        }
        timings?.lap(.pairsAndRules, parallel: crossParallel)
        return (cross, spillFailure)
    }

    /// Once any records are spilled, every pass spills what it still holds (and so do the
    /// records merged from earlier inputs), so the cross-event stage reads them all from the
    /// runs; the merged records also spill when they alone pass the budget.
    static func spillIfNeeded(_ passes: [LinePass], merged: LinePass, spill: RecordSpill, force: Bool = false) {
        let held = passes.reduce(merged.recordMemory) { $0 + $1.recordMemory }
        guard force || spill.hasRuns || held > spill.budget else { return }
        for pass in passes { pass.spillRecords() }
        guard merged.users.count > 0 || !merged.records.isEmpty || !merged.laterSegments.isEmpty else { return }
        if !merged.laterSegments.isEmpty {
            let joined = RecordSegment.joined(
                [RecordSegment(records: merged.records, values: merged.values)] + merged.laterSegments)
            (merged.records, merged.values, merged.laterSegments) = (joined.records, joined.values, [])
        }
        if spill.failure == nil {
            do throws(SpillError) {
                // Merged records carry their input's line numbers: they belong to its first
                // segment, whose lines start at 0.
                try spill.spill(
                    records: merged.records, values: merged.values, users: merged.users,
                    latest: merged.userLastTimestamp, texts: merged.texts, plan: merged.plan,
                    latestSegment: -1, segment: { spill.firstSegment(of: $0.file) })
            } catch {
                spill.fail(error)
            }
        }
        merged.records = []
        merged.values = []
        merged.users = ByteInterner(capacity: 1024)
        merged.userLastTimestamp = []
        merged.texts = merged.plan.texts
    }

    /// The line pass over one input; several passes when the file is split across workers.
    /// It throws when the input cannot be opened at all; a failure part-way returns the passes
    /// up to the failed one (which holds the lines read before the failure) and the error.
    static func runFile(
        _ path: String, fileIndex: Int, plan: CompiledPlan, request: LintRequest, spill: RecordSpill? = nil,
        progress: ProgressMeter?, timings: inout LintTimings?
    ) throws(ExportInputError) -> ([LinePass], ExportInputError?) {
        let sniffed = path == "-" ? nil : try Sniff(path)
        // A capture is read as one stream: its entries span lines, its user properties and user
        // hold from the line where they are set, and whether a line without a log prefix is the
        // app's output depends on the lines before it. A file sniffed as one is read whole at
        // once; any other file that is split and turns out to hold capture lines anywhere (its
        // first line is JSON, or more than 64 KiB come before them) is read again whole, so the
        // report is the same for every `--jobs`. Pure exports never meet a capture line and pay
        // nothing. A reject sink takes lines in file order, so such a run reads each file in one
        // pass too.
        let isCapture =
            request.settings.inputFormat?.isCapture
            ?? (request.settings.inputFormat == nil && sniffed.map(looksLikeCapture) == true)
        // Multi-line JSON (a pretty-printed row, a `jq .` stream, an array of rows) is read in one
        // piece too: its documents span lines.
        let splits =
            request.settings.rejectSink == nil && !isCapture && sniffed?.mayBeUTF16 != true
            && sniffed?.startsDocuments != true
        // Only for `--timings`: whether the file is cut into one range per job (with one job:
        // would be), which a pipe or a compressed file never is.
        let splittable = splits && sniffed.map { $0.input.compression == nil } == true
        let split = try runParts(
            path, parts: splits ? request.jobs : 1, fileIndex: fileIndex, plan: plan, request: request, spill: spill,
            progress: progress, splittable: splittable, timings: &timings)
        // So is a file whose first line turned out to open a multi-line JSON document although
        // its start did not show it to the sniff: its first worker read documents, the others lines.
        guard split.passes.count > 1, readsAsOneStream(split.passes) else { return split }
        if let spill { spill.drop(split.passes.map(\.segment)) }
        return try runParts(
            path, parts: 1, fileIndex: fileIndex, plan: plan, request: request, spill: spill, progress: progress,
            splittable: false, timings: &timings)
    }

    /// Whether a file's passes met what only one stream can read: capture lines (anywhere), or
    /// a multi-line JSON document opened on the first line.
    static func readsAsOneStream(_ passes: [LinePass]) -> Bool {
        passes.contains(where: { $0.capture.recognised }) || passes.first?.documents.mode == .documents
    }

    /// The line pass over one input cut into `parts` ranges at line boundaries, one worker each.
    /// `splittable` (for `timings`): the file is cut into one range per job when there are
    /// enough lines.
    static func runParts(
        _ path: String, parts: Int, fileIndex: Int, plan: CompiledPlan, request: LintRequest, spill: RecordSpill?,
        progress: ProgressMeter?, splittable: Bool, timings: inout LintTimings?
    ) throws(ExportInputError) -> (passes: [LinePass], failure: ExportInputError?) {
        let ranges =
            parts > 1 ? try splitAtLineBoundaries(path: path, parts: parts) : [ByteRange.whole]
        let passes = ranges.map { _ in LinePass(plan: plan, settings: request.settings) }
        let segments = spill?.segments(count: passes.count, file: Int32(clamping: fileIndex))
        for (index, pass) in passes.enumerated() {
            pass.progress = progress
            pass.readsFromStart = index == 0
            if let spill, let segments {
                pass.spill(into: spill, segment: segments.lowerBound + Int32(index), share: spill.budget / passes.count)
            }
        }
        let errors = Errors(count: ranges.count)
        timings?.lap(.reading)
        if ranges.count == 1 {
            errors.run(0) { () throws(ExportInputError) in
                try runRange(path, range: ranges[0], fileIndex: fileIndex, pass: passes[0], settings: request.settings)
            }
        } else {
            DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
                errors.run(index) { () throws(ExportInputError) in
                    try runRange(
                        path, range: ranges[index], fileIndex: fileIndex, pass: passes[index],
                        settings: request.settings)
                }
            }
        }
        timings?.lap(
            .scanning, parallel: splittable && ranges.count == request.jobs && !readsAsOneStream(passes))
        guard let (failedIndex, error) = errors.first else { return (passes, nil) }
        // Later ranges start at line numbers only the failed range could have told.
        spill?.drop(passes[(failedIndex + 1)...].map(\.segment))
        return (Array(passes[...failedIndex]), error)
    }

    static func runRange(
        _ path: String, range: ByteRange, fileIndex: Int, pass: LinePass,
        settings: LintSettings
    ) throws(ExportInputError) {
        let framer = try LineFramer(path: path, range: range, options: settings.framing)
        // On the range's own thread: most of the log's users are the range's own.
        defer { pass.resolveOwnUserLog() }
        do {
            try pass.run(framer, file: displayName(path), fileIndex: fileIndex)
        } catch let error as ExportInputError {
            throw error
        } catch {
            throw .readFailed(path: path, errno: 0, offset: -1)
        }
    }

    /// The first 64 KiB of a regular file, read once to tell its shape: one JSON document over
    /// many lines, a debug capture, or lines. Only a regular file can be opened twice and read
    /// from the start again; sniffing a pipe, `<(zcat …)` or a device would eat its first bytes
    /// (and a FIFO whose writer is done would block the second open for ever), so those are
    /// always read line by line.
    struct Sniff {
        let input: ExportInput
        /// Up to 64 KiB from the start (decompressed), fewer only at the end of the input.
        let prefix: [UInt8]

        /// Whether the file may start with UTF-16 text, so that its first line stands for the
        /// whole file (`LinePass.notUTF8Finding`): such a file is read in one range, since a
        /// worker that starts later could not know it.
        var mayBeUTF16: Bool {
            let start = ASCII.startsWithByteOrderMark(prefix) ? 3 : 0
            return prefix[start...].withUnsafeBytes { JSONCursor.utf16Error(in: $0) != nil }
        }

        /// Whether the file's first non-blank line that is not a Markdown code fence opens a
        /// JSON document it does not close.
        var startsDocuments: Bool {
            var start = ASCII.startsWithByteOrderMark(prefix) ? 3 : 0
            while true {
                while start < prefix.count,
                    prefix[start] == ASCII.lineFeed || prefix[start] == ASCII.space
                        || prefix[start] == ASCII.tab || prefix[start] == ASCII.carriageReturn
                {
                    start += 1
                }
                let end = prefix[start...].firstIndex(of: ASCII.lineFeed) ?? prefix.count
                var lineEnd = end
                if lineEnd > start, prefix[lineEnd - 1] == ASCII.carriageReturn { lineEnd -= 1 }
                let isFence = prefix[start..<lineEnd].withUnsafeBytes { LinePass.isMarkdownFence($0) }
                guard isFence, end < prefix.count else {
                    return prefix[start..<end].withUnsafeBytes { LinePass.opensDocument($0) }
                }
                start = end + 1
            }
        }

        /// nil when `path` is not a regular file.
        init?(_ path: String) throws(ExportInputError) {
            var status = stat()
            guard SystemPath.withCString(path, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG else {
                return nil
            }
            let input = try ExportInput(path: path)
            self.input = input
            // The first read returns only the bytes peeked for the compression check: read on.
            prefix = [UInt8](unsafeUninitializedCapacity: 1 << 16) { buffer, count in
                count = 0
                while count < buffer.count {
                    let got =
                        (try? input.read(
                            into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...]))))
                        ?? 0
                    if got == 0 { break }
                    count += got
                }
            }
        }
    }

    /// Whether a regular file is a Firebase debug console capture: its first line is not JSON and
    /// its first 64 KiB hold a line that carries one of the Analytics SDKs' markers, or a line of
    /// any Firebase iOS SDK (`CaptureReader.isFirebaseIOSLine`).
    static func looksLikeCapture(_ sniffed: Sniff) -> Bool {
        let markers = [
            "[FirebaseAnalytics][", "[Firebase/Analytics][", "<FIRAnalytics/", "Logging event (FE): ",
            "Setting user property (FE): ", "Logging event: origin=",
        ]
        // A file that starts with JSON is read line by line as JSON, capture lines detected each.
        // Lines are taken one at a time: an export's first line is JSON, and the rest of the
        // 64 KiB is never cut into lines.
        let prefix = sniffed.prefix
        var firstLine = true
        var lineStart = 0
        while lineStart < prefix.count {
            let lineEnd = prefix[lineStart...].firstIndex(of: ASCII.lineFeed) ?? prefix.count
            defer { lineStart = lineEnd + 1 }
            guard
                let start = prefix[lineStart..<lineEnd].firstIndex(where: {
                    $0 != ASCII.space && $0 != ASCII.tab && $0 != ASCII.carriageReturn
                })
            else { continue }
            let bytes = Array(prefix[lineStart..<lineEnd])
            if firstLine, CaptureReader.isJSONLine(bytes) { return false }
            firstLine = false
            if prefix[start] != ASCII.openBrace,
                markers.contains(where: { CaptureReader.find($0, in: bytes, from: 0) != nil })
                    || CaptureReader.isFirebaseIOSLine(bytes)
            {
                return true
            }
        }
        return false
    }

    /// How locations name an input: `<stdin>` for `-`, which reads as a file name no one has.
    public static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// Adds a file's passes to the run, in range order, turning range-local line numbers into
    /// file line numbers and pass-local user and text ids into the run's ids (by their bytes).
    ///
    /// With `lastInput` (no input and no spilled run follows), a user that has no record in a
    /// later range is not added to the run's table: only users with records need a last
    /// timestamp. Such a user's last timestamp still counts when the user has records in another
    /// range; those are all merged first, and then looked up.
    static func merge(_ passes: [LinePass], into merged: inout LinePass, lastInput: Bool = false) {
        var lineOffset = 0
        var withoutRecords: [(pass: LinePass, ids: [Int])] = []
        var otherSchemaRows: [OtherExportSchema: (first: SourceLocation, count: Int)] = [:]
        for pass in passes {
            // A later input's records may belong to a logged user: the run keeps every user.
            if !lastInput { pass.foldUserLog() }
            let (userMap, later) = mergeUsers(of: pass, into: merged, recordsOnly: lastInput)
            mergeRecords(of: pass, into: merged, userMap: userMap, lineOffset: lineOffset)
            if !later.isEmpty {
                withoutRecords.append((pass, later))
            } else if userMap != nil {
                pass.users = ByteInterner(capacity: 1)
                pass.userLastTimestamp = []
            }
            mergeReports(of: pass, into: &merged, lineOffset: lineOffset, otherSchemaRows: &otherSchemaRows)
            lineOffset += pass.counters.linesRead
        }
        for schema in OtherExportSchema.allCases {
            if let rows = otherSchemaRows[schema] {
                merged.findings.append(ExportRules.otherSchema(schema, first: rows.first, rows: rows.count))
            }
        }
        if lastInput { resolveUserLogs(of: passes, into: merged) }
        if !withoutRecords.isEmpty { raiseLatest(ofUsersWithoutRecords: withoutRecords, into: merged) }
    }

    /// Moves a pass's records and their values to the run's, with the run's user and text ids
    /// and the file's line numbers: the first as the run's first segment, any later one as a
    /// segment of its own (`LinePass.laterSegments`). Nothing is copied: a join would copy the
    /// records of every pass but the first on one thread, into new memory, and grow with the jobs.
    static func mergeRecords(of pass: LinePass, into merged: LinePass, userMap: [UInt64]?, lineOffset: Int) {
        if let textMap = mergeTexts(of: pass, into: merged) {
            for index in pass.values.indices where pass.values[index].tag == .text {
                let id = pass.values[index].bits
                if id < UInt64(textMap.count) { pass.values[index].bits = textMap[Int(id)] }
            }
        }
        if lineOffset != 0 || userMap != nil {
            for index in pass.records.indices {
                pass.records[index].line += lineOffset
                if let userMap { pass.records[index].user = userMap[Int(pass.records[index].user)] }
            }
        }
        if merged.records.isEmpty, merged.values.isEmpty, merged.laterSegments.isEmpty {
            swap(&merged.records, &pass.records)
            swap(&merged.values, &pass.values)
        } else if !pass.records.isEmpty {
            var segment = RecordSegment(records: [], values: [])
            swap(&segment.records, &pass.records)
            swap(&segment.values, &pass.values)
            merged.laterSegments.append(segment)
        }
        // What is merged is let go at once: otherwise every range of the file would keep
        // its records and users until the last range is merged.
        pass.records = []
        pass.values = []
    }

    /// Adds a pass's findings, rows of other export schemas, rejects and counts to the run's,
    /// at the file's line numbers.
    static func mergeReports(
        of pass: LinePass, into merged: inout LinePass, lineOffset: Int,
        otherSchemaRows: inout [OtherExportSchema: (first: SourceLocation, count: Int)]
    ) {
        merged.findings.absorb(pass.findings, lineOffset: lineOffset)
        for (schema, rows) in pass.otherSchemaRows {
            // Passes come in file order: the first pass's first row is the input's first.
            if let known = otherSchemaRows[schema] {
                otherSchemaRows[schema] = (known.first, known.count + rows.count)
            } else {
                var first = rows.first
                first.line += lineOffset
                otherSchemaRows[schema] = (first, rows.count)
            }
        }
        pass.otherSchemaRows = [:]
        for var reject in pass.rejects {
            reject.finding.location.line += lineOffset
            merged.rejects.append(reject)
        }
        merged.counters.add(pass.counters)
        pass.spill?.setLineOffset(lineOffset, of: pass.segment)
        if let progress = pass.progress, pass.unreportedBytes > 0 { progress.add(pass.unreportedBytes) }
    }

    /// Raises the last timestamp of the run's users with records by the passes' users that had
    /// none there, then lets the passes' tables go.
    static func raiseLatest(ofUsersWithoutRecords withoutRecords: [(pass: LinePass, ids: [Int])], into merged: LinePass)
    {
        let users = merged.users
        var latest: [Int64] = []
        swap(&latest, &merged.userLastTimestamp)
        // Only the run's users with records need a last timestamp. Each pass's users without
        // records are looked up in the run's table, or, when fewer, the run's users with records
        // in the pass's table (none at all in an export of events no pair or rule reads): raising
        // a time to the maximum twice changes nothing, so either way gives the same times.
        var withRecords = [Bool](repeating: false, count: users.count)
        var recordUsers: [Int] = []
        for records in [merged.records] + merged.laterSegments.map(\.records) {
            for record in records where record.user < UInt64(withRecords.count) && !withRecords[Int(record.user)] {
                withRecords[Int(record.user)] = true
                recordUsers.append(Int(record.user))
            }
        }
        for (pass, ids) in withoutRecords {
            let passUsers = pass.users
            let passLatest = pass.userLastTimestamp
            if recordUsers.count < ids.count {
                for runID in recordUsers {
                    if let id = users.withBytes(of: runID, { passUsers.find($0) }) {
                        latest[runID] = max(latest[runID], passLatest[id])
                    }
                }
            } else {
                for id in ids {
                    if let runID = passUsers.withBytes(of: id, { users.find($0) }) {
                        latest[runID] = max(latest[runID], passLatest[id])
                    }
                }
            }
            pass.users = ByteInterner(capacity: 1)
            pass.userLastTimestamp = []
        }
        swap(&latest, &merged.userLastTimestamp)
    }

    /// After the last input, with every record merged: raises the last timestamp of each run
    /// user that a pass logged (`UserLog`) and drops the logs. A logged user the run has not
    /// met has no record, so its times matter to nothing (an export of events no pair or rule
    /// reads has no user to look up at all).
    static func resolveUserLogs(of passes: [LinePass], into merged: LinePass) {
        defer { for pass in passes { pass.userLog.removeAll(keepingCapacity: false) } }
        guard merged.users.count > 0 else { return }
        var latest: [Int64] = []
        swap(&latest, &merged.userLastTimestamp)
        let users = merged.users
        for pass in passes {
            let log = pass.userLog
            for index in 0..<log.count {
                let entry = log[index]
                if let id = users.find(log.bytes(of: index), hash: entry.hash), entry.timestamp > latest[id] {
                    latest[id] = entry.timestamp
                }
            }
        }
        swap(&latest, &merged.userLastTimestamp)
    }

    /// Adds a pass's users to the run's table; returns pass id → run id, or nil when the pass's
    /// table became the run's (the first pass with users). With `recordsOnly`, only users with
    /// records in the pass are added (the others map to `UInt64.max`, which no record holds),
    /// and the others' ids come back in `later`.
    static func mergeUsers(of pass: LinePass, into merged: LinePass, recordsOnly: Bool = false) -> (
        map: [UInt64]?, later: [Int]
    ) {
        if merged.users.count == 0 {
            swap(&merged.users, &pass.users)
            swap(&merged.userLastTimestamp, &pass.userLastTimestamp)
            return (nil, [])
        }
        var hasRecords: [Bool] = []
        var later: [Int] = []
        if recordsOnly {
            hasRecords = Array(repeating: false, count: pass.users.count)
            for record in pass.records where record.user < UInt64(hasRecords.count) {
                hasRecords[Int(record.user)] = true
            }
        }
        var map: [UInt64] = []
        map.reserveCapacity(pass.users.count)
        // The tables move out of the passes for the loop, so each step is a plain array access
        // (no class property access, retain or exclusivity check per user).
        var users = ByteInterner(capacity: 1)
        var latest: [Int64] = []
        swap(&users, &merged.users)
        swap(&latest, &merged.userLastTimestamp)
        let passUsers = pass.users
        let passLatest = pass.userLastTimestamp
        for id in 0..<passUsers.count {
            if recordsOnly, !hasRecords[id] {
                later.append(id)
                map.append(.max)
                continue
            }
            let runID = passUsers.withBytes(of: id) { users.intern($0) }
            if runID == latest.count { latest.append(.min) }
            latest[runID] = max(latest[runID], passLatest[id])
            map.append(UInt64(runID))
        }
        swap(&users, &merged.users)
        swap(&latest, &merged.userLastTimestamp)
        return (map, later)
    }

    /// Adds a pass's tracked texts to the run's table; nil when no id changes. Both tables
    /// start with the plan's texts, so those keep their ids.
    static func mergeTexts(of pass: LinePass, into merged: LinePass) -> [UInt64]? {
        let planTexts = pass.plan.texts.count
        if merged.texts.count == planTexts {
            swap(&merged.texts, &pass.texts)
            return nil
        }
        guard pass.texts.count > planTexts else { return nil }
        var map = (0..<UInt64(planTexts)).map { $0 }
        map.reserveCapacity(pass.texts.count)
        for id in planTexts..<pass.texts.count {
            map.append(UInt64(pass.texts.withBytes(of: id) { merged.texts.intern($0) }))
        }
        return map
    }
}

/// A file's device and inode: two names of one regular file are one input.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init?(path: String) {
        var status = stat()
        guard path != "-", SystemPath.withCString(path, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG
        else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// The first error of concurrent workers, by range order (deterministic).
final class Errors: Sendable {
    private let errors: PartResults<ExportInputError>

    init(count: Int) { errors = PartResults(count: count) }

    func run(_ index: Int, _ body: () throws(ExportInputError) -> Void) {
        do throws(ExportInputError) {
            try body()
        } catch {
            errors.set(index, error)
        }
    }

    var first: (index: Int, error: ExportInputError)? { errors.first.map { ($0.index, $0.result) } }
}
