import EventLintKit

/// `eventlint budget [--schema DIR] --registered FILE... [--tier standard|360] [--quota …]
/// [--min-headroom N] [--base REF|DIR] [--format F]`: counts the custom definitions the plan
/// needs against what the property has registered and its quotas.
enum BudgetCommand {
    /// The options of one `budget` run, checked.
    struct Options {
        var failOn: Severity
        var plan: PlanLocation
        var registeredPaths: [String]
        var tier: PropertySettings.Tier?
        var quotaOverrides: [BudgetScope: Int]
        var minHeadroom: Int?
        var maxExamples: Int
        var base: String?
    }

    static func run(_ parsed: ParsedArguments) throws(CommandError) -> CommandReport {
        let options = try self.options(parsed)
        let session = try PlanSession.open(options.plan, base: options.base)
        let plan = try session.validPlan(schema: options.plan.directory)
        let (registered, registeredSources) = try readRegistered(options.registeredPaths)
        let quotas = BudgetQuotas(
            tier: options.tier ?? plan.property.tier,
            planOverrides: plan.property.quotaOverrides,
            commandLineOverrides: options.quotaOverrides)
        let report = BudgetCounter.count(
            plan: plan, registered: registered, quotas: quotas,
            minHeadroom: options.minHeadroom,
            base: session.base.map { ($0, options.base ?? "") })
        let findings = plan.adjust(report.findings).sortedForReport()
        let document = ReportDocument(
            tool: EventLintCLI.tool, command: .budget, findings: findings,
            rules: ReportDocument.rulesReferenced(by: findings),
            summary: BudgetSummary.summary(of: report))
        let lines = SourceLines(session.sources + registeredSources + session.baseSources)
        return CommandReport(
            document: document, status: exitStatus(for: findings, failOn: options.failOn),
            maxExamples: options.maxExamples == 0 ? nil : options.maxExamples,
            sourceLine: { file, line in lines.line(line, of: file) })
    }

    static func options(_ parsed: ParsedArguments) throws(CommandError) -> Options {
        let failOn = try EventLintCLI.failOn(parsed)
        let plan = try PlanLocator.locate(parsed)
        do throws(UsageError) {
            guard !parsed.all("--registered").isEmpty else {
                throw UsageError(
                    "--registered FILE is required (GA4 Admin API customDimensions/customMetrics list responses)",
                    command: "budget")
            }
            var tier: PropertySettings.Tier?
            if let name = parsed.value("--tier") {
                guard let parsedTier = PropertySettings.Tier(rawValue: name) else {
                    throw UsageError("--tier takes standard or 360, not \"\(name)\"", command: "budget")
                }
                tier = parsedTier
            }
            return Options(
                failOn: failOn, plan: plan,
                // `--registered a.json b.json`: values after the flag's own are further files.
                registeredPaths: parsed.all("--registered") + parsed.positionals,
                tier: tier, quotaOverrides: try parsed.value("--quota").map(parseQuotas) ?? [:],
                minHeadroom: try parsed.integer("--min-headroom", range: 0...10_000),
                maxExamples: try parsed.integer("--max-examples", range: 0...1_000_000) ?? 3,
                base: parsed.value("--base"))
        } catch {
            throw .usage(error)
        }
    }

    /// Every registered-definitions file, parsed, and its bytes for excerpts.
    static func readRegistered(_ paths: [String]) throws(CommandError) -> ([RegisteredDefinition], [PlanSource]) {
        var registered: [RegisteredDefinition] = []
        var sources: [PlanSource] = []
        var current = paths.first ?? "."
        do throws(LoadError) {
            for path in try expand(paths) {
                current = path
                let bytes: [UInt8]
                switch SystemFiles.contents(of: path, limit: PlanFiles.maxFileBytes) {
                case .success(let read): bytes = read
                case .failure(let failure):
                    throw LoadError(
                        message:
                            "cannot read registered definitions file \"\(SystemPath.display(path))\": \(failure.reason)"
                    )
                }
                registered += try RegisteredDefinitionsReader.read(path: path, bytes: bytes)
                sources.append(PlanSource(path: path, bytes: bytes))
            }
        } catch {
            throw .cannotLoad(error, what: "the registered definitions", file: current)
        }
        return (registered, sources)
    }

    /// `event=60,user=30`: quotas per scope.
    static func parseQuotas(_ text: String) throws(UsageError) -> [BudgetScope: Int] {
        var quotas: [BudgetScope: Int] = [:]
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1).map { BaseLoader.trimmed($0, where: \.isWhitespace) }
            guard parts.count == 2, let scope = BudgetScope(rawValue: parts[0]),
                let value = FlagNumber.integer(parts[1]),
                value >= 0, value <= 10_000
            else {
                throw UsageError(
                    "--quota takes SCOPE=N pairs separated by commas (scopes event, user, item, metric; N from 0 to 10000), not \"\(item)\"",
                    command: "budget")
            }
            quotas[scope] = value
        }
        return quotas
    }

    /// A directory stands for the `*.json` files directly in it, in name order.
    static func expand(_ paths: [String]) throws(LoadError) -> [String] {
        var files: [String] = []
        for path in paths {
            switch SystemFiles.kind(path) {
            case .missing:
                throw LoadError(
                    message: "registered definitions file \"\(SystemPath.display(path))\" does not exist")
            case .directory: break
            case .regularFile, .other:
                files.append(path)
                continue
            }
            let names = SystemFiles.list(path) ?? []
            let json = names.filter { $0.hasSuffix(".json") }.sorted()
            guard !json.isEmpty else {
                throw LoadError(message: "no *.json files in \"\(SystemPath.display(path))\"")
            }
            files += json.map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
        }
        return files
    }
}
