import Foundation

/// `eventlint budget [--schema DIR] --registered FILE... [--tier standard|360] [--quota …]
/// [--min-headroom N] [--base REF|DIR] [--format F]`: counts the custom definitions the plan
/// needs against what the property has registered and its quotas.
enum BudgetCommand {
    static let spec = OptionSpec(
        valued: ["--schema", "--registered", "--tier", "--quota", "--min-headroom", "--base", "--format", "--max-examples"],
        flags: [], repeatable: ["--registered"], positionals: 0...Int.max)

    static func run(_ arguments: [String], environment: CommandEnvironment) throws(UsageError) -> CommandResult {
        if let help = EventLintCLI.helpRequested(arguments, command: "budget") { return help }
        let parsed = try ArgumentParser.parse(arguments, spec: spec, command: "budget")
        let format = try EventLintCLI.format(parsed.value("--format"), allowed: ReportFormat.allCases, command: "budget")
        // `--registered a.json b.json`: values after the flag's own are further files.
        let registeredPaths = parsed.all("--registered") + parsed.positionals
        guard !parsed.all("--registered").isEmpty else {
            throw UsageError("--registered FILE is required (GA4 Admin API customDimensions/customMetrics list responses)",
                             command: "budget")
        }
        var tier: PropertySettings.Tier?
        if let name = parsed.value("--tier") {
            guard let parsedTier = PropertySettings.Tier(rawValue: name) else {
                throw UsageError("--tier takes standard or 360, not \"\(name)\"", command: "budget")
            }
            tier = parsedTier
        }
        let quotaOverrides = try parsed.value("--quota").map(parseQuotas) ?? [:]
        var minHeadroom: Int?
        if let text = parsed.value("--min-headroom") {
            guard let value = Int(text), value >= 0, value <= 10_000 else {
                throw UsageError("--min-headroom takes a whole number from 0 to 10000, not \"\(text)\"", command: "budget")
            }
            minHeadroom = value
        }
        var maxExamples = 3
        if let text = parsed.value("--max-examples") {
            guard let value = Int(text), value >= 0 else {
                throw UsageError("--max-examples takes a whole number ≥ 0, not \"\(text)\"", command: "budget")
            }
            maxExamples = value
        }
        let directory = parsed.value("--schema") ?? "schema"

        let sources: [PlanSource]
        let loaded: LoadedPlan
        do {
            sources = try PlanLoader.readSources(directory: directory)
            loaded = try PlanLoader.load(sources: sources)
        } catch {
            return CheckCommand.planFailure(error)
        }
        let planErrors = loaded.plan.adjust(loaded.findings + PlanChecker.check(loaded.plan)).filter { $0.severity == .error }
        if let first = planErrors.sortedForReport().first {
            return CommandResult(
                stderr: "error: the plan has \(planErrors.count) error(s); run `eventlint check` first\n  first: \(first.location.file):\(first.location.line):\(first.location.column): [\(first.ruleID)] \(first.message)\n",
                status: 2)
        }

        var registered: [RegisteredDefinition] = []
        var registeredSources: [PlanSource] = []
        do throws(RegisteredFileError) {
            for path in try expand(registeredPaths) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw RegisteredFileError(message: "cannot read registered definitions file \"\(path)\"")
                }
                let bytes = [UInt8](data)
                registered += try RegisteredDefinitionsReader.read(path: path, bytes: bytes)
                registeredSources.append(PlanSource(path: path, bytes: bytes))
            }
        } catch {
            var text = "error"
            if let rule = error.ruleID { text += "[\(rule)]" }
            text += ": \(error.message)\n"
            if let location = error.location { text += "  --> \(location.file):\(location.line):\(location.column)\n" }
            return CommandResult(stderr: text + "the registered definitions cannot be read\n", status: 2)
        }

        var base: (plan: Plan, label: String)?
        var baseSources: [PlanSource] = []
        if let reference = parsed.value("--base") {
            do {
                baseSources = try BaseLoader.readSources(base: reference, schemaDirectory: directory)
                base = (try PlanLoader.load(sources: baseSources).plan, reference)
            } catch {
                return CheckCommand.planFailure(error, what: "the base plan")
            }
        }

        let quotas = BudgetQuotas(tier: tier ?? loaded.plan.property.tier,
                                  planOverrides: loaded.plan.property.quotaOverrides,
                                  commandLineOverrides: quotaOverrides)
        let report = BudgetCounter.count(plan: loaded.plan, registered: registered, quotas: quotas,
                                         minHeadroom: minHeadroom, base: base)
        let findings = loaded.plan.adjust(report.findings).sortedForReport()
        let document = ReportDocument(tool: EventLintCLI.tool, command: .budget, findings: findings,
                                      rules: ReportDocument.rulesReferenced(by: findings),
                                      summary: BudgetSummary.summary(of: report))
        let lines = SourceLines(sources + registeredSources + baseSources)
        let options = ReportOptions(format: format, color: EventLintCLI.useColor(environment, format: format),
                                    maxExamples: maxExamples == 0 ? nil : maxExamples,
                                    sourceLine: { file, line in lines.line(line, of: file) })
        return CommandResult(stdout: document.rendered(options), status: exitStatus(for: findings, failOn: .error))
    }

    /// `event=60,user=30`: quotas per scope.
    static func parseQuotas(_ text: String) throws(UsageError) -> [BudgetScope: Int] {
        var quotas: [BudgetScope: Int] = [:]
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let scope = BudgetScope(rawValue: parts[0]), let value = Int(parts[1]),
                  value >= 0, value <= 10_000 else {
                throw UsageError("--quota takes SCOPE=N pairs separated by commas (scopes event, user, item, metric; N from 0 to 10000), not \"\(item)\"",
                                 command: "budget")
            }
            quotas[scope] = value
        }
        return quotas
    }

    /// A directory stands for the `*.json` files directly in it, in name order.
    static func expand(_ paths: [String]) throws(RegisteredFileError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw RegisteredFileError(message: "registered definitions file \"\(path)\" does not exist")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let json = names.filter { $0.hasSuffix(".json") }.sorted()
            guard !json.isEmpty else {
                throw RegisteredFileError(message: "no *.json files in \"\(path)\"")
            }
            files += json.map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
        }
        return files
    }
}
