import EventLintKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// libFuzzer target for the whole lint path: export bytes + the shipped plan → findings. The
// first byte chooses the input format (auto, bq, flat, mp), `--strict`, the read buffer, the
// line limit and whether the second run spills its records (a 1-byte `--memory-limit`: every
// event's record goes to a sorted temporary file, merged per user); the rest is the
// export, written to a file and linted in-process by `LintRunner.run` with 1 and with 2 jobs
// (the file cut into ranges at LF boundaries, checked on two threads, merged), then per user
// across events. Invariants:
// - no trap, whatever the bytes (timestamps at the 64-bit edges, numbers such as 1e308 or -0,
//   ids that collide, keys given twice, …);
// - the two runs give the same findings (rule, severity, message, position, notes), the same
//   counts, the same unknown-name list, the same pair statistics and rule counts;
// - the summary adds up, no more rejects than invalid lines, and every finding lies inside
//   the input.

/// The shipped plan, so the whole lint path runs with every pair and rule.
let compiledPlan: CompiledPlan = {
    let schema = "/" + String(#filePath.split(separator: "/").dropLast(4).joined(separator: "/")) + "/schema"
    do {
        // Reading the files is the front end's job; a fuzz target reads them itself.
        let names = try FileManager.default.contentsOfDirectory(atPath: schema)
            .filter { $0.hasSuffix(".json5") || $0.hasSuffix(".json") }.sorted()
        let sources = try names.map { name in
            PlanSource(path: schema + "/" + name, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: schema + "/" + name))))
        }
        return CompiledPlan(try PlanSession(sources: sources).validPlan())
    } catch {
        fatalError("cannot load the shipped plan from \(schema): \(error)")
    }
}()

/// One file per process, in memory where the system has a tmpfs.
let exportPath: String = {
    var status = stat()
    let directory = stat("/dev/shm", &status) == 0 ? "/dev/shm" : "/tmp"
    return "\(directory)/eventlint-fuzz-lint-\(getpid()).ndjson"
}()

/// Builds the plan (and the lazily made tables it uses) before fuzzing starts, so that memory is
/// not taken for a leak of the first input that needs it.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    _ = compiledPlan
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLint(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let control = data[0]
    let input = UnsafeBufferPointer(start: data + 1, count: size - 1)
    write(input)
    var settings = LintSettings()
    settings.inputFormat = [nil, .bigQuery, .flat, .measurementProtocol][Int(control & 3)]
    settings.strict = control & 4 != 0
    // Small read buffers (the default 1 MiB per range would cost more than the lint of a small
    // input) and, for some inputs, a small line limit, so oversize lines occur.
    settings.framing = FramingOptions(bufferSize: [4096, 16, 4096, 1 << 16][Int(control >> 3 & 3)],
                                      maxLineBytes: control & 0x20 != 0 ? 300 : 1 << 20)
    settings.collectRejects = true
    let one = lint(settings, jobs: 1)
    let two = lint(settings, jobs: 2, memoryLimit: control & 0x40 != 0 ? 1 : nil)
    // Compared field by field (cheap); the text digests are built only to report a difference.
    if !same(one, two) {
        require(false, "jobs 1 and jobs 2\(control & 0x40 != 0 ? " (spilled)" : "") differ:\n--- jobs 1\n\(digest(one))\n--- jobs 2\n\(digest(two))")
    }
    let counters = one.counters
    require(counters.linesRead == counters.validLines + counters.invalidLines + counters.blankLines
                + counters.notAnalyticsLines,
            "summary does not add up: \(counters.linesRead) != \(counters.validLines) + \(counters.invalidLines) + \(counters.blankLines) + \(counters.notAnalyticsLines)")
    // One reject per invalid line, the lines of a broken multi-line document included.
    require(one.rejects.count == counters.invalidLines, "\(one.rejects.count) rejects for \(counters.invalidLines) invalid lines")
    for finding in one.findings {
        require(finding.location.line >= 1 && finding.location.line <= max(counters.linesRead, 1),
                "finding on line \(finding.location.line) of \(counters.linesRead)")
        require(finding.location.column >= 1, "finding at column \(finding.location.column)")
        if let offset = finding.location.byteOffset {
            require(offset >= 0 && offset <= Int64(input.count), "finding at byte \(offset) of \(input.count)")
        }
    }
    return 0
}

func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    let descriptor = open(exportPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    require(descriptor >= 0, "cannot open \(exportPath)")
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
        let result = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        require(result > 0, "cannot write \(exportPath)")
        written += result
    }
}

func lint(_ settings: LintSettings, jobs: Int, memoryLimit: Int? = nil) -> LintResult {
    var request = LintRequest(inputs: [exportPath])
    request.settings = settings
    request.jobs = jobs
    request.memoryLimit = memoryLimit
    request.spillDirectory = (exportPath as NSString).deletingLastPathComponent
    let result = LintRunner.run(plan: compiledPlan, request: request)
    if let error = result.inputErrors.first { fatalError("lint of a regular file could not read it: \(error)") }
    if let error = result.spillFailure { fatalError("records could not be spilled: \(error)") }
    return result
}

/// Whether two results show the same report (see `digest`).
func same(_ one: LintResult, _ two: LintResult) -> Bool {
    guard one.findings.count == two.findings.count else { return false }
    for (left, right) in zip(one.findings, two.findings) {
        guard left.ruleID == right.ruleID, left.severity == right.severity, left.message == right.message,
              left.location == right.location, left.event == right.event, left.param == right.param,
              left.notes == right.notes else { return false }
    }
    let a = one.counters, b = two.counters
    guard a.linesRead == b.linesRead, a.validLines == b.validLines, a.invalidLines == b.invalidLines,
          a.blankLines == b.blankLines, a.oversizeLines == b.oversizeLines, a.bytes == b.bytes,
          a.eventsChecked == b.eventsChecked, a.notEvents == b.notEvents, a.automaticEvents == b.automaticEvents,
          a.unknownEvents == b.unknownEvents, a.perEvent == b.perEvent, a.formatCounts == b.formatCounts,
          a.wireKinds == b.wireKinds, a.missing == b.missing, a.unknownNames == b.unknownNames else { return false }
    guard one.pairs.count == two.pairs.count, one.ruleViolations == two.ruleViolations else { return false }
    for (left, right) in zip(one.pairs, two.pairs) {
        guard left.name == right.name, left.opened == right.opened, left.closedByOutcome == right.closedByOutcome,
              left.unclosed == right.unclosed, left.unclosedNearEnd == right.unclosedNearEnd,
              left.orphanCloses == right.orphanCloses, left.durationsMs.sorted() == right.durationsMs.sorted()
        else { return false }
    }
    guard one.rejects.count == two.rejects.count else { return false }
    for (left, right) in zip(one.rejects, two.rejects) {
        guard left.finding.location == right.finding.location, left.lineOffset == right.lineOffset,
              left.size == right.size, left.prefix == right.prefix else { return false }
    }
    return true
}

/// Everything a report shows, independent of how the work was split (durations are kept per
/// user, and users are numbered as the ranges are merged, so they are compared sorted).
func digest(_ result: LintResult) -> String {
    var lines = result.findings.map { finding in
        let location = finding.location
        return "\(location.line):\(location.column)@\(location.byteOffset ?? -1) \(finding.ruleID) \(finding.severity) "
            + "\(finding.message) \(finding.event ?? "-") \(finding.param ?? "-") "
            + finding.notes.map { "[\($0.message) \($0.location.map { "\($0.line):\($0.column)" } ?? "")]" }.joined()
    }
    let counters = result.counters
    lines.append("lines \(counters.linesRead) \(counters.validLines) \(counters.invalidLines) \(counters.blankLines) \(counters.oversizeLines) bytes \(counters.bytes)")
    lines.append("events \(counters.eventsChecked) \(counters.notEvents) \(counters.automaticEvents) \(counters.unknownEvents) \(counters.perEvent) \(counters.formatCounts)")
    lines.append("kinds \(counters.wireKinds) missing \(counters.missing)")
    lines.append("unknown \(counters.unknownNames.sorted { $0.key < $1.key })")
    for pair in result.pairs {
        lines.append("\(pair.name) \(pair.opened) \(pair.closedByOutcome.sorted { $0.key < $1.key }) \(pair.unclosed) "
            + "\(pair.unclosedNearEnd) \(pair.orphanCloses) \(pair.durationsMs.sorted())")
    }
    lines.append("rules \(result.ruleViolations)")
    lines.append("rejects " + result.rejects.map { "\($0.finding.location.line) \($0.lineOffset) \($0.size)" }.joined(separator: ","))
    return lines.joined(separator: "\n")
}

@inline(never)
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
