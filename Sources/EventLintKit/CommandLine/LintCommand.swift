#if canImport(Glibc)
import Glibc
#endif

/// `eventlint lint [--schema DIR] [--format F] [--input-format F] [--jobs N] … FILE...`: lints
/// NDJSON exports against the plan.
enum LintCommand {
    static let spec = OptionSpec(
        valued: ["--schema", "--format", "--input-format", "--fail-on", "--jobs", "--max-examples",
                 "--max-line-bytes", "--max-depth", "--unclosed-window", "--rejects"],
        flags: ["--strict"], positionals: 1...Int.max)

    static func run(_ arguments: [String], environment: CommandEnvironment,
                    progress: (@Sendable (String) -> Void)?) throws(UsageError) -> CommandResult {
        if let help = EventLintCLI.helpRequested(arguments, command: "lint") { return help }
        let parsed = try ArgumentParser.parse(arguments, spec: spec, command: "lint")
        let format = try EventLintCLI.format(parsed.value("--format"), allowed: ReportFormat.allCases, command: "lint")
        let failOn = try EventLintCLI.failOn(parsed.value("--fail-on"), command: "lint")
        var request = LintRequest(inputs: try expand(parsed.positionals))
        request.settings.strict = parsed.has("--strict")
        let rejectsPath = parsed.value("--rejects")
        if let rejectsPath, let input = request.inputs.first(where: { sameFile($0, rejectsPath) }) {
            // Writing the rejects file would truncate the export being linted.
            throw UsageError("--rejects \(rejectsPath) is an input (\(input)); choose another file", command: "lint")
        }
        request.settings.collectRejects = rejectsPath != nil
        if let name = parsed.value("--input-format"), name != "auto" {
            guard let inputFormat = InputFormat(rawValue: name) else {
                throw UsageError("--input-format takes auto, bq, flat, mp, ios-console or android-logcat, not \"\(name)\"", command: "lint")
            }
            request.settings.inputFormat = inputFormat
        }
        request.jobs = try integer(parsed, "--jobs", range: 1...256) ?? environment.coreCount
        if let limit = try integer(parsed, "--max-line-bytes", range: 64...(1 << 30)) {
            request.settings.framing.maxLineBytes = limit
        }
        if let depth = try integer(parsed, "--max-depth", range: 1...100_000) { request.settings.maxDepth = depth }
        if let window = parsed.value("--unclosed-window") {
            guard let minutes = Double(window), minutes >= 0, minutes.isFinite else {
                throw UsageError("--unclosed-window takes minutes (a number ≥ 0), not \"\(window)\"", command: "lint")
            }
            request.unclosedWindowMinutes = minutes
        }
        let maxExamples = try integer(parsed, "--max-examples", range: 0...1_000_000) ?? 10

        let plan: Plan
        switch CheckedPlan.load(directory: parsed.value("--schema") ?? "schema") {
        case .loaded(let loaded): plan = loaded
        case .failed(let failure): return failure
        }
        let compiled = CompiledPlan(plan)
        let meter = progress.map { ProgressMeter(totalBytes: totalSize(request.inputs), sink: $0) }
        let result: LintResult
        do {
            result = try LintRunner.run(plan: compiled, request: request, progress: meter)
        } catch {
            meter?.finish()
            return CommandResult(stderr: "error: \(error.description)\n", status: 2)
        }
        meter?.finish()
        let document = ReportDocument(tool: EventLintCLI.tool, command: .lint, findings: result.findings,
                                      rules: ReportDocument.rulesReferenced(by: result.findings),
                                      summary: LintSummary(result: result))
        let options = ReportOptions(format: format, color: EventLintCLI.useColor(environment, format: format),
                                    maxExamples: maxExamples == 0 ? nil : maxExamples)
        var files: [OutputFile] = []
        if let rejectsPath {
            let lines = result.rejects.map { $0.json.rendered(pretty: false) + "\n" }.joined()
            files.append(OutputFile(path: rejectsPath, contents: lines))
        }
        return CommandResult(stdout: document.rendered(options),
                             status: exitStatus(for: result.findings, failOn: failOn), files: files)
    }

    static func integer(_ parsed: ParsedArguments, _ name: String, range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = parsed.value(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"",
                             command: "lint")
        }
        return value
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
            if glob(input, 0, nil, &matches) == 0 {
                for index in 0..<Int(matches.gl_pathc) {
                    if let path = matches.gl_pathv[index] { files.append(String(cString: path)) }
                }
            } else {
                files.append(input)
            }
        }
        if files.filter({ $0 == "-" }).count > 1 { throw UsageError("standard input (-) can be read only once", command: "lint") }
        return files
    }

    /// Whether two paths name the same file: the same text, or the same device and inode.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        var a = stat()
        var b = stat()
        guard first != "-", stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    static func totalSize(_ inputs: [String]) -> Int64? {
        var total: Int64 = 0
        for input in inputs {
            var status = stat()
            guard input != "-", stat(input, &status) == 0 else { return nil }
            total += Int64(status.st_size)
        }
        return total
    }
}
