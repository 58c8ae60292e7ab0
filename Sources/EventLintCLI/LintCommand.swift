import EventLintKit

#if canImport(Glibc)
    import Glibc
#endif

/// `eventlint lint [--schema DIR] [--format F] [--input-format F] [--jobs N] … FILE...`: lints
/// NDJSON exports against the plan.
enum LintCommand {
    /// The longest `--unclosed-window` accepted, in minutes (a year): any longer window is the
    /// same as "every unclosed pair is near the end".
    static let maxUnclosedWindowMinutes = 525_600.0
    /// `--memory-limit`'s default: the records of about a million pair and rule events.
    static let defaultMemoryLimit = 128 << 20

    static func run(
        _ parsed: ParsedArguments, environment: CommandEnvironment, outputs: ReportOutputs,
        progress: (@Sendable (String) -> Void)?
    ) throws(CommandError) -> CommandReport {
        let failOn = try EventLintCLI.failOn(parsed)
        let location = try PlanLocator.locate(parsed)
        let schema = location.directory
        let rejectsPath = parsed.value("--rejects")
        let parsedRequest: (request: LintRequest, maxExamples: Int)
        do throws(UsageError) {
            parsedRequest = try lintRequest(parsed, environment: environment)
        } catch {
            throw .usage(error)
        }
        var request = parsedRequest.request
        // What came before the plan (the process starting, the arguments) belongs to no stage.
        if parsed.value("--timings") != nil {
            var timings = LintTimings(start: environment.start, jobs: request.jobs)
            timings.lap(.other)
            request.timings = timings
        }

        let session = try PlanSession.open(location)
        let compiled = CompiledPlan(try session.validPlan(schema: schema))
        // Rejected lines go to their file as they are read, so memory stays bounded.
        let rejects = rejectsPath.map(RejectsFile.init(path:))
        if let rejects, let code = rejects.writer.failure {
            throw .cannotWrite(path: rejects.writer.path, reason: OutputWriter.describe(code))
        }
        request.settings.rejectSink = rejects
        let meter = progress.map { ProgressMeter(totalBytes: totalSize(request.inputs), sink: $0) }
        let result = LintRunner.run(plan: compiled, request: request, progress: meter)
        meter?.finish()
        if let failure = result.spillFailure { throw .spill(failure) }
        if let rejects, let code = rejects.writer.finish() {
            throw .cannotWrite(path: rejects.writer.path, reason: OutputWriter.describe(code))
        }
        var timings = result.timings
        timings?.lap(.writing)
        var report = try report(
            of: result, inputCount: request.inputs.count, failOn: failOn, maxExamples: parsedRequest.maxExamples)
        report.jobs = request.jobs
        if let path = parsed.value("--timings"), var timings {
            timings.lap(.statistics)
            report.timings = TimingsFile(path: path, timings: timings)
        }
        return report
    }

    /// The first step of `run`: the request and `--max-examples` from the arguments.
    static func lintRequest(
        _ parsed: ParsedArguments, environment: CommandEnvironment
    ) throws(UsageError) -> (LintRequest, maxExamples: Int) {
        var request = LintRequest(inputs: try expand(parsed.positionals))
        request.settings.strict = parsed.has("--strict")
        if let name = parsed.value("--input-format"), name != "auto" {
            guard let inputFormat = InputFormat(rawValue: name) else {
                let all = ["auto"] + InputFormat.allCases.map(\.rawValue)
                let names = all.dropLast().joined(separator: ", ") + " or " + (all.last ?? "")
                throw UsageError("--input-format takes \(names), not \"\(name)\"", command: "lint")
            }
            request.settings.inputFormat = inputFormat
        }
        request.jobs = try parsed.integer("--jobs", range: 1...256) ?? environment.coreCount
        if let limit = try parsed.integer("--max-line-bytes", range: 64...(1 << 30)) {
            request.settings.framing.maxLineBytes = limit
        }
        if let depth = try parsed.integer("--max-depth", range: 1...100_000) { request.settings.maxDepth = depth }
        request.memoryLimit = try parsed.size("--memory-limit", range: 64 << 10...(1 << 40)) ?? defaultMemoryLimit
        request.spillDirectory = environment.temporaryDirectory
        request.unclosedWindowMinutes = try parsed.decimal(
            "--unclosed-window", range: 0...maxUnclosedWindowMinutes, unit: "minutes")
        let maxExamples = try parsed.integer("--max-examples", range: 0...1_000_000) ?? 3
        if let limit = try parsed.integer("--max-findings", range: 0...1_000_000_000) {
            request.settings.maxFindings = limit == 0 ? Int.max : limit
        }
        return (request, maxExamples)
    }

    /// The last step of `run`: the report of a finished run, unreadable inputs included.
    static func report(
        of result: LintResult, inputCount: Int, failOn: Severity, maxExamples: Int
    ) throws(CommandError) -> CommandReport {
        let document = ReportDocument(
            tool: EventLintCLI.tool, command: .lint, findings: result.findings,
            rules: ReportDocument.rulesReferenced(by: result.findings),
            summary: LintSummary.summary(of: result), unlisted: result.unlisted,
            groups: result.groups)
        var report = CommandReport(
            document: document, status: exitStatus(for: result.counts, failOn: failOn),
            maxExamples: maxExamples == 0 ? nil : maxExamples)
        // What was read is reported; an input that could not be read (to its end) is part of the
        // report as a finding, and exit 2.
        if !result.inputErrors.isEmpty {
            let nothingRead = result.inputErrors.count == inputCount && result.counters.linesRead == 0
            if nothingRead, result.inputErrors.count == 1 { throw .input(result.inputErrors[0]) }
            let unread = result.inputErrors.map(ExportRules.cannotRead)
            report.document.findings = (report.document.findings + unread).sortedForReport()
            report.document.rules = ReportDocument.rulesReferenced(by: report.document.findings)
            report.status = CommandError.exitStatus
            report.stderr = result.inputErrors.map { "error: \(VisibleText.of($0.description))\n" }.joined()
        }
        return report
    }

    /// Expands glob patterns the shell left alone (quoted, or from a script); a pattern that
    /// matches nothing is kept, so it fails as a missing file.
    static func expand(_ inputs: [String]) throws(UsageError) -> [String] {
        var files: [String] = []
        for input in inputs {
            guard input != "-", input.contains(where: { "*?[".contains($0) }) else {
                files.append(input)
                continue
            }
            var matches = glob_t()
            defer { globfree(&matches) }
            if SystemPath.withCString(input, { glob($0, 0, nil, &matches) }) == 0 {
                for index in 0..<Int(matches.gl_pathc) {
                    if let path = matches.gl_pathv[index] { files.append(SystemPath.string(cString: path)) }
                }
            } else {
                files.append(input)
            }
        }
        if files.filter({ $0 == "-" }).count > 1 {
            throw UsageError("standard input (-) can be read only once", command: "lint")
        }
        return files
    }

    static func totalSize(_ inputs: [String]) -> Int64? {
        var total: Int64 = 0
        for input in inputs {
            var status = stat()
            guard input != "-", SystemPath.withCString(input, { stat($0, &status) }) == 0 else { return nil }
            total = total.addingSaturating(Int64(status.st_size))
        }
        return total
    }
}
