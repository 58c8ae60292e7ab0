import Synchronization
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

    public init(inputs: [String]) { self.inputs = inputs }
}

/// Everything a lint run found: findings (sorted), the line accounting and per-pair numbers.
public struct LintResult: Sendable {
    public var findings: [Finding]
    public var counters: StreamCounters
    public var pairs: [PairStatistics]
    /// Violations per plan rule, in plan order.
    public var ruleViolations: [Int]
    /// Every rejected line, in file and line order (with `collectRejects`).
    public var rejects: [RejectedLine] = []
    public var files: [String]
    public var plan: CompiledPlan
    /// Findings per rule id, before any grouping in the text output.
    public var countsByRule: [String: Int] {
        findings.reduce(into: [:]) { $0[$1.ruleID, default: 0] += 1 }
    }
}

/// Runs `lint`: the line pass over every input (files split at newlines across workers), the
/// merge, then pairs and rules per user. The result is identical whatever `jobs` is.
public enum LintRunner {
    public static func run(plan: CompiledPlan, request: LintRequest,
                           progress: ProgressMeter? = nil) throws(ExportInputError) -> LintResult {
        var merged = LinePass(plan: plan, settings: request.settings)
        var files: [String] = []
        for (fileIndex, path) in request.inputs.enumerated() {
            files.append(path)
            let passes = try runFile(path, fileIndex: fileIndex, plan: plan, request: request, progress: progress)
            merge(passes, into: &merged)
        }
        let window = request.unclosedWindowMinutes ?? plan.plan.unclosedWindowMinutes
        var records: [EventRecord] = []
        swap(&records, &merged.records)
        records.sort(by: EventRecord.timeOrder)
        let input = CrossEventInput(
            records: records, values: merged.values, files: files,
            userLastTimestamp: merged.userLastTimestamp, userNames: merged.userNames, valueTexts: merged.valueTexts,
            unclosedWindowMicros: Int64(window * 60_000_000))
        let cross = CrossEventChecker(plan: plan).run(input)
        let findings = plan.plan.adjust(merged.findings + cross.findings).sortedForReport()
        var result = LintResult(findings: findings, counters: merged.counters, pairs: cross.pairs,
                                ruleViolations: cross.ruleViolations, files: files, plan: plan)
        result.rejects = merged.rejects
        return result
    }

    /// The line pass over one input; several passes when the file is split across workers.
    static func runFile(_ path: String, fileIndex: Int, plan: CompiledPlan, request: LintRequest,
                        progress: ProgressMeter?) throws(ExportInputError) -> [LinePass] {
        if path != "-", let document = try wholeDocument(path, settings: request.settings) {
            let pass = LinePass(plan: plan, settings: request.settings)
            document.withUnsafeBytes { pass.processDocument($0, file: path, fileIndex: fileIndex) }
            return [pass]
        }
        // A capture is read in one piece: its entries span lines and its user properties hold
        // from the line where they are set.
        let isCapture = request.settings.inputFormat?.isCapture
            ?? (request.settings.inputFormat == nil && path != "-" && (try? looksLikeCapture(path)) == true)
        let ranges = request.jobs > 1 && !isCapture
            ? try splitAtLineBoundaries(path: path, parts: request.jobs) : [ByteRange.whole]
        let passes = ranges.map { _ in LinePass(plan: plan, settings: request.settings) }
        for pass in passes {
            pass.progress = progress
            if isCapture { pass.treatAsCapture() }
        }
        let errors = Errors(count: ranges.count)
        if ranges.count == 1 {
            errors.run(0) { () throws(ExportInputError) in
                try runRange(path, range: ranges[0], fileIndex: fileIndex, pass: passes[0], settings: request.settings)
            }
        } else {
            DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
                errors.run(index) { () throws(ExportInputError) in
                    try runRange(path, range: ranges[index], fileIndex: fileIndex, pass: passes[index],
                                 settings: request.settings)
                }
            }
        }
        if let error = errors.first { throw error }
        return passes
    }

    static func runRange(_ path: String, range: ByteRange, fileIndex: Int, pass: LinePass,
                         settings: LintSettings) throws(ExportInputError) {
        let framer = try LineFramer(path: path, range: range, options: settings.framing)
        do {
            try pass.run(framer, file: path, fileIndex: fileIndex)
        } catch let error as ExportInputError {
            throw error
        } catch {
            throw .readFailed(path: path, errno: 0, offset: -1)
        }
    }

    /// Whether a regular file is a Firebase debug console capture: its first line is not JSON and
    /// its first 64 KiB hold a line that carries one of the SDKs' markers.
    static func looksLikeCapture(_ path: String) throws(ExportInputError) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        let input = try ExportInput(path: path)
        var prefix = [UInt8](repeating: 0, count: 1 << 16)
        var count = 0
        // The first read returns only the bytes peeked for the compression check: read on.
        while count < prefix.count {
            let got = (try? prefix.withUnsafeMutableBytes { try input.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[count...])) }) ?? 0
            if got == 0 { break }
            count += got
        }
        let markers = ["[FirebaseAnalytics][", "[Firebase/Analytics][", "<FIRAnalytics/", "Logging event (FE): ",
                       "Setting user property (FE): ", "Logging event: origin="]
        // A file that starts with JSON is read line by line as JSON, capture lines detected each.
        var firstLine = true
        for line in prefix[0..<count].split(separator: 0x0A) {
            let bytes = Array(line)
            guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            if firstLine, first == 0x7B || (first == 0x5B && !LinePass.startsCaptureBracket(bytes, bytes.firstIndex(of: first)!)) {
                return false
            }
            firstLine = false
            if first != 0x7B, markers.contains(where: { CaptureReader.find($0, in: bytes, from: 0) != nil }) { return true }
        }
        return false
    }

    /// A pretty-printed JSON array of rows (BigQuery console "Save results → JSON") is one JSON
    /// document over many lines, not NDJSON: read it whole (up to `maxLineBytes`).
    static func wholeDocument(_ path: String, settings: LintSettings) throws(ExportInputError) -> [UInt8]? {
        // Only a regular file can be opened twice and read from the start again. Sniffing a pipe,
        // `<(zcat …)` or a device would eat its first bytes (and a FIFO whose writer is done
        // would block the second open for ever), so those are always read as NDJSON.
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let input = try ExportInput(path: path)
        var prefix = [UInt8](repeating: 0, count: 1 << 16)
        let count = (try? prefix.withUnsafeMutableBytes { try input.read(into: $0) }) ?? 0
        prefix.removeLast(prefix.count - count)
        var start = 0
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < prefix.count, [0x20, 0x09, 0x0D, 0x0A].contains(prefix[start]) { start += 1 }
        guard start < prefix.count, prefix[start] == 0x5B else { return nil }
        // Multi-line only if the first line alone is an unfinished JSON text.
        let lineEnd = prefix[start...].firstIndex(of: 0x0A) ?? prefix.count
        guard lineEnd < prefix.count else { return nil }
        let firstLineIsComplete = prefix[start..<lineEnd].withUnsafeBytes { bytes -> Bool in
            var cursor = JSONCursor(bytes: bytes, scratch: JSONScratch())
            do throws(JSONError) {
                try cursor.skipValue()
                return true
            } catch {
                return error.kind != .unexpectedEnd
            }
        }
        guard !firstLineIsComplete else { return nil }
        var all = prefix
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while all.count <= settings.framing.maxLineBytes {
            let read: Int
            do {
                read = try buffer.withUnsafeMutableBytes { try input.read(into: $0) }
            } catch let error as ExportInputError {
                throw error
            } catch {
                throw .readFailed(path: path, errno: 0, offset: Int64(all.count))
            }
            if read == 0 { return all }
            all.append(contentsOf: buffer[0..<read])
        }
        return nil
    }

    /// Adds a file's passes to the run, in range order, turning range-local line numbers into
    /// file line numbers.
    static func merge(_ passes: [LinePass], into merged: inout LinePass) {
        var lineOffset = 0
        for pass in passes {
            // The first batch of records moves instead of being copied: records are most of the
            // memory of a run, and a copy would double the peak.
            if merged.records.isEmpty, merged.values.isEmpty, lineOffset == 0 {
                swap(&merged.records, &pass.records)
                swap(&merged.values, &pass.values)
            }
            for var finding in pass.findings {
                finding.location.line += lineOffset
                merged.findings.append(finding)
            }
            for var reject in pass.rejects {
                reject.finding.location.line += lineOffset
                merged.rejects.append(reject)
            }
            let valueBase = merged.values.count
            merged.values.append(contentsOf: pass.values)
            for var record in pass.records {
                record.line += lineOffset
                record.values += valueBase
                merged.records.append(record)
            }
            merged.counters.add(pass.counters)
            for (user, timestamp) in pass.userLastTimestamp.entries {
                if let known = merged.userLastTimestamp[user], known >= timestamp { continue }
                merged.userLastTimestamp[user] = timestamp
            }
            merged.userNames.merge(pass.userNames) { first, _ in first }
            merged.valueTexts.merge(pass.valueTexts) { first, _ in first }
            lineOffset += pass.counters.linesRead
            if let progress = pass.progress, pass.unreportedBytes > 0 { progress.add(pass.unreportedBytes) }
        }
    }
}

/// The first error of concurrent workers, by range order (deterministic).
final class Errors: @unchecked Sendable {
    private var errors: [ExportInputError?]
    private let lock = NSLockish()

    init(count: Int) { errors = Array(repeating: nil, count: count) }

    func run(_ index: Int, _ body: () throws(ExportInputError) -> Void) {
        do throws(ExportInputError) {
            try body()
        } catch {
            lock.withLock { errors[index] = error }
        }
    }

    var first: ExportInputError? { lock.withLock { errors.compactMap { $0 }.first } }
}

/// A tiny lock over `Mutex` so worker results can be written from several threads.
final class NSLockish: Sendable {
    private let mutex = Mutex(())
    func withLock<T>(_ body: () throws -> T) rethrows -> T { try mutex.withLock { _ in try body() } }
}
