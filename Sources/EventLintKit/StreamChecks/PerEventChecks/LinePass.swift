/// Settings of one lint run that the line pass needs.
public struct LintSettings: Sendable {
    public var inputFormat: InputFormat?
    public var maxDepth = 512
    public var framing = FramingOptions()
    /// Blank lines are errors rather than counted and skipped.
    public var strict = false
    /// Keep every rejected line (for `--rejects FILE`).
    public var collectRejects = false
    /// How many leading bytes of a rejected line the rejects file keeps.
    public var rejectPrefixBytes = 256
    /// Where rejected lines go as they are read (`--rejects FILE`), in file and line order: a run
    /// with a sink reads each file in one pass, so memory stays bounded however many are rejected.
    public var rejectSink: (any RejectSink)?
    /// How many findings a run keeps to list; the rest are counted exactly but not kept, so a
    /// file of ten million bad lines needs no more memory than one of ten thousand. `Int.max`
    /// keeps all (`--max-findings 0`).
    public var maxFindings = LintSettings.defaultMaxFindings
    public static let defaultMaxFindings = 10_000

    public init() {}

    /// The end-of-stream window of unclosed pairs in microseconds, for any number of minutes:
    /// negative and NaN give 0, and a window longer than `maxUnclosedWindowMinutes` (or
    /// infinite) saturates there. `check` rejects such plan values and `lint` such flags; this
    /// keeps the core safe for whatever it is given.
    public static func windowMicros(minutes: Double) -> Int64 {
        guard minutes > 0 else { return 0 }
        return Int64(saturating: min(minutes, maxUnclosedWindowMinutes) * 60_000_000)
    }

    /// The longest `unclosedWindowMinutes` a plan or `--unclosed-window` may give: 100 years,
    /// the span of `GA4Facts.plausibleTimestampMicros`, so any window covers any real export.
    public static let maxUnclosedWindowMinutes: Double = 100 * 366 * 24 * 60
}

/// The line pass of one worker: frames lines, scans them, runs the per-event checks, and keeps
/// compact records for pairs and rules. One per thread (hence unchecked Sendable: each instance
/// is only ever touched by the one worker that runs it, then by the merge after the join; the
/// same single-owner rule makes the hot stored properties safe without dynamic exclusivity checks).
///
/// Fast path: see ARCHITECTURE.md, "The fast code", before changing it; measure with bench/run.sh.
public final class LinePass: @unchecked Sendable {
    let plan: CompiledPlan
    let settings: LintSettings
    let scanner: EventScanner
    /// `scanner.scan`, held here too: read through the scanner, it was retained and released
    /// on every line.
    let scan: LineScan
    @exclusivity(unchecked) var findings: FindingStore
    /// The findings this pass kept (at most `maxFindings`, in the order found).
    public var keptFindings: [Finding] { findings.kept }
    @exclusivity(unchecked) public var records: [EventRecord] = []
    @exclusivity(unchecked) public var values: [TrackedValue] = []
    /// The run's records after its first segment (`records` and `values`): one segment per
    /// further line pass merged, each with values of its own (`LintRunner.merge`).
    @exclusivity(unchecked) var laterSegments: [RecordSegment] = []
    @exclusivity(unchecked) public internal(set) var counters: StreamCounters
    /// Rejected lines, when `collectRejects` is set.
    public internal(set) var rejects: [RejectedLine] = []
    /// Every user id seen (its unescaped bytes): `EventRecord.user` is an id of this table, so
    /// two users are one only when their ids are equal byte for byte.
    @exclusivity(unchecked) var users = ByteInterner(capacity: 1024)
    /// Latest timestamp of any event per user id (`Int64.min`: none), for the end-of-stream
    /// window of unclosed pairs.
    @exclusivity(unchecked) var userLastTimestamp: [Int64] = []
    /// The user ids of the last events, interned together by `internPendingUsers`; their
    /// records get their `user` then.
    let pendingUsers = PendingUsers()
    /// The user ids of events that make no record, while their user is not in `users`: looked
    /// up once the run's users with records are known, or folded into `users` first
    /// (`foldUserLog`) when records may still meet them later.
    let userLog = UserLog()
    /// Whether an event only experiments read (`CompiledEvent.readForArmsOnly`) is recorded only
    /// when it may be its user's first arm or first other arm (`ArmSighting`): so in `lint`,
    /// whose cross-event stage puts each user's records in time order. A live run
    /// (`StreamEngine`) feeds records as they come, and records every such event.
    @exclusivity(unchecked) var recordsArmSightingsOnly: Bool
    /// Per user id of `users`, then per slot of `CompiledPlan.armSlots`: what the records so far
    /// tell of the user's arm (`ArmSighting`); a user past the end has none yet.
    @exclusivity(unchecked) var armSightings: [ArmSighting] = []
    /// The log's memory past which it is folded into `users`: half the pass's share of the
    /// memory budget, or 64 MiB with no budget (its entries are per event, the table's per user).
    var userLogLimit = 64 << 20
    /// Tracked text values: `TrackedValue.text` holds an id of this table. It starts as the
    /// plan's own texts (`CompiledPlan.texts`), so plan values have the same id in every pass.
    @exclusivity(unchecked) var texts: ByteInterner<SeededByteHash>
    /// Reused per event: which uses were seen, and scratch for decoded bytes.
    @exclusivity(unchecked) var seenUses: [Bool] = []
    @exclusivity(unchecked) var trackedScratch: [TrackedValue]
    @exclusivity(unchecked) var file = ""
    @exclusivity(unchecked) var fileIndex: Int32 = 0
    /// Set while a whole multi-line JSON document (a BigQuery-console array of rows) is checked
    /// as one unit: maps offsets back to the document's own lines.
    @exclusivity(unchecked) var documentIndex: LineIndex?
    /// The line and column where that document starts in the input.
    @exclusivity(unchecked) var documentBase = (line: 1, column: 1)
    /// Multi-line JSON documents being assembled (LinePass+Documents.swift), and whether the
    /// input is read that way (tested on every line).
    @exclusivity(unchecked) var documents = DocumentAssembly()
    @exclusivity(unchecked) var assemblesDocuments = true
    /// Whether this pass reads its input from the first byte: only then can the first line tell
    /// that the input is multi-line JSON (a worker that starts mid-file reads lines).
    public var readsFromStart = true {
        didSet {
            if !readsFromStart {
                documents.mode = .lines
                assemblesDocuments = false
            }
        }
    }
    /// Set once line 1 of a file turns out to be UTF-16: that one finding stands for the file,
    /// and its later lines are counted (and kept for `--rejects`) as invalid without a finding
    /// each, instead of flooding the report with one NUL-byte error per line.
    @exclusivity(unchecked) var notUTF8Finding: Finding? {
        didSet { isNotUTF8 = notUTF8Finding != nil }
    }
    /// Whether `notUTF8Finding` is set, read on every line: testing the optional itself copies
    /// the whole finding each time.
    @exclusivity(unchecked) private(set) var isNotUTF8 = false
    /// Rows of tables other than the events export, per kind: the first (with this pass's line
    /// number) and how many; one finding per input is made of them when the passes merge.
    var otherSchemaRows: [OtherExportSchema: (first: SourceLocation, count: Int)] = [:]
    /// The debug console capture state of this input (LinePass+Capture.swift).
    @exclusivity(unchecked) var capture = CaptureState()
    /// Set while a capture entry is checked: maps offsets of its JSON form back to the capture.
    @exclusivity(unchecked) var captureLocator: CaptureLocator?
    /// Where records go once they pass `spillShare` bytes (nil: they stay in memory), and this
    /// pass's segment there (LinePass+Spill.swift).
    var spill: RecordSpill?
    var segment: Int32 = 0
    var spillShare = Int.max
    @exclusivity(unchecked) var eventsSinceBudgetCheck = 0
    var budgetCheckInterval = 1024
    /// Progress: bytes not yet reported to the meter.
    @exclusivity(unchecked) var unreportedBytes: Int64 = 0
    @exclusivity(unchecked) var progress: ProgressMeter?

    public init(plan: CompiledPlan, settings: LintSettings) {
        self.plan = plan
        self.settings = settings
        scanner = EventScanner(forcedFormat: settings.inputFormat, maxDepth: settings.maxDepth)
        scan = scanner.scan
        counters = StreamCounters(eventCount: plan.events.count, paramCount: plan.params.count)
        findings = FindingStore(limit: max(1, settings.maxFindings), plan: plan.plan)
        trackedScratch = Array(repeating: .absent, count: plan.trackedCount)
        texts = plan.texts
        recordsArmSightingsOnly = plan.events.contains { $0.readForArmsOnly }
        seenUses = Array(repeating: false, count: (plan.events.map(\.uses.count).max() ?? 0))
    }

    /// Runs the pass over one input (a whole file, stdin, or one range of a file).
    public func run<Source: ByteSource>(_ framer: consuming LineFramer<Source>, file: String, fileIndex: Int) throws {
        self.file = file
        self.fileIndex = Int32(clamping: fileIndex)
        // The records of the lines read get their users even when the input fails part-way (a
        // cut gzip file): the pass is merged with them all the same.
        defer { internPendingUsers() }
        try framer.forEachLine { line in self.process(line) }
        finishDocuments()
        finishCapture()
        counters.bytes += framer.stats.bytes
    }

    /// Checks one framed line.
    public func process(_ line: FramedLine) {
        counters.linesRead += 1
        if let progress {
            unreportedBytes += line.length + 1
            if unreportedBytes >= 8 << 20 {
                progress.add(unreportedBytes)
                unreportedBytes = 0
            }
        }
        if line.flags.contains(.leadingBOM) {
            findings.append(ExportRules.leadingBOM(line, file: file))
            capture.leadingBOM = true
        }
        if assemblesDocuments {
            if line.isOversize {
                breakDocumentAtOversizeLine(line)
            } else if documents.mode != .lines, Self.isMarkdownFence(line.bytes) {
                skipMarkdownFence(line)
                return
            } else if documents.mode == .documents || startsDocuments(line) {
                endHeldCaptureHeader()
                assembleDocumentLine(line)
                // As for a line of NDJSON: the last line says when it has no LF.
                if line.flags.contains(.missingFinalNewline), !line.isBlank {
                    findings.append(ExportRules.missingFinalNewline(line, file: file))
                }
                return
            }
        }
        // A capture header held for the line after it ends at a line the capture reader is not
        // given.
        if rejectAsNotUTF8(line) {
            endHeldCaptureHeader()
            return
        }
        if line.isOversize || line.isBlank { endHeldCaptureHeader() }
        if line.isOversize {
            counters.invalidLines += 1
            counters.oversizeLines += 1
            var finding = ExportRules.lineTooLong(line, file: file, limit: settings.framing.maxLineBytes)
            if line.flags.contains(.carriageReturnInside) {
                finding.notes.append(FindingNote(Self.carriageReturnHint))
            } else if line.bytes.count > 0 && line.bytes.allSatisfy({ $0 == 0 }) {
                finding.notes.append(FindingNote(Self.nulHint))
            }
            findings.append(finding)
            reject(line, finding)
            return
        }
        if line.isBlank {
            counters.blankLines += 1
            if settings.strict { findings.append(ExportRules.blankLine(line, file: file, severity: .error)) }
            return
        }
        if !isPlainJSONLine(line), processCaptureLine(line) {
            // A line held until its kind is known gets this finding when it is decided.
            if line.flags.contains(.missingFinalNewline), capture.pending.last?.number != line.number {
                findings.append(ExportRules.missingFinalNewline(line, file: file))
            }
            return
        }
        if line.flags.contains(.missingFinalNewline) {
            findings.append(ExportRules.missingFinalNewline(line, file: file))
        }
        processJSON(line)
    }

    /// Once line 1 showed the file is UTF-16, every later line is counted invalid and rejected
    /// without a finding of its own.
    @inline(__always)
    func rejectAsNotUTF8(_ line: FramedLine) -> Bool {
        guard isNotUTF8, let finding = notUTF8Finding else { return false }
        counters.invalidLines += 1
        if line.isOversize { counters.oversizeLines += 1 }
        reject(line, finding)
        return true
    }

    /// Scans and checks a line as JSON (an export row, or a JSON error).
    func processJSON(_ line: FramedLine) {
        // A Markdown code fence kept from a paste is no record: it is counted and skipped.
        if documentIndex == nil, Self.isMarkdownFence(line.bytes) {
            counters.notAnalyticsLines += 1
            return
        }
        do {
            try scanner.scanLine(line.bytes)
        } catch {
            counters.invalidLines += 1
            let offset = min(max(error.offset, 0), line.bytes.count)
            // On the finding's own line the column says it; a line number here would be local to
            // the worker's range (whole documents, read in one piece, give real lines).
            let here = location(line, offset)
            let message = error.message { related in
                let place = location(line, min(max(related, 0), line.bytes.count))
                return place.line == here.line ? "column \(place.column)" : "\(place.line):\(place.column)"
            }
            var finding = Finding(rule: error.rule, message: message, at: location(line, offset))
            if error.kind == .notUTF8 && line.byteOffset == 0 && documentIndex == nil {
                finding.message = JSONRules.fileNotUTF8(at: offset).message
                notUTF8Finding = finding
            } else {
                finding.notes += Self.hints(for: error, at: offset, in: line)
            }
            findings.append(finding)
            if documentIndex != nil {
                // A document's lines each get a reject record when they are counted.
                documents.unitFinding = finding
            } else {
                reject(line, finding)
            }
            return
        }
        counters.validLines += 1
        for index in scan.events.indices {
            check(scan.events.address(of: index), scan: scan, line: line)
        }
    }

    /// Keeps a rejected line's first bytes and real size for the rejects file.
    func reject(_ line: FramedLine, _ finding: Finding) {
        guard settings.collectRejects || settings.rejectSink != nil else { return }
        let rejected = RejectedLine(
            finding: finding, lineOffset: line.byteOffset,
            prefix: Array(line.bytes.prefix(settings.rejectPrefixBytes)), size: line.length)
        // While lines wait for the input's kind (a capture's output, or JSON lines), a later
        // line's record waits with them, so the records keep file and line order; the wait is
        // bounded as the waiting lines are.
        if capture.holdsRejects || !capture.pending.isEmpty {
            capture.heldRejects.append((line.number, rejected))
            if !capture.holdsRejects {
                capture.pendingBytes += rejected.prefix.count + 64
                if capture.pendingBytes > CaptureState.maxPendingBytes { resolvePending(asCapture: false) }
            }
            return
        }
        writeReject(rejected)
    }

    func writeReject(_ rejected: RejectedLine) {
        if let sink = settings.rejectSink { sink.write(rejected) }
        if settings.collectRejects { rejects.append(rejected) }
    }

    @inline(__always)
    func location(_ line: FramedLine, _ offset: Int) -> SourceLocation {
        if let captureLocator { return captureLocator.location(offset, file: file) }
        if let documentIndex {
            // The index covers the whole document, a skipped BOM included.
            // An error at the very end of a document that ends in LF belongs to its last line.
            let end =
                line.bytes.count > 0 && line.bytes[line.bytes.count - 1] == 0x0A
                ? line.bytes.count - 1 : line.bytes.count
            let position = documentIndex.location(of: min(offset, end) + (line.flags.contains(.leadingBOM) ? 3 : 0))
            return SourceLocation(
                file: file, line: documentBase.line + position.line - 1,
                column: position.line == 1 ? documentBase.column + position.column - 1 : position.column,
                byteOffset: line.contentByteOffset + Int64(min(offset, end)))
        }
        return SourceLocation(
            file: file, line: line.number, column: line.column(ofContentIndex: offset),
            byteOffset: line.contentByteOffset + Int64(offset))
    }
}
