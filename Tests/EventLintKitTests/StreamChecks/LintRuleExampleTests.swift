import Testing

@testable import EventLintKit

/// Every documented example of the rules `lint` reports (JSON reading, export reading, per-event
/// checks, pairs, cross-event rules) is run through `LintRunner.run` against the example plan that
/// ships in the library: the failing one must report exactly that rule, on the line its `/*>*/`
/// marker names; the passing one must report nothing. So what `explain` prints and
/// docs/rules.md shows cannot drift from what the engine does.
@Suite struct LintRuleExampleTests {
    static let stages: Set<RuleStage> = [.json, .export, .stream, .pair, .crossEvent]
    static let lintRules = RuleCatalog.all.filter { stages.contains($0.stage) }
    static let rulesWithExamples = lintRules.filter { $0.examples != nil }

    /// Rules a small example cannot show, and why. Each says so in its documentation too.
    static let exclusions: [String: String] = [
        "json/empty-input":
            "an empty export line is a blank line (export/blank-line); the rule fires on empty plan files",
        "json/number-too-long": "needs a number of more than 1000 characters",
        "json/control-character-in-string": "a raw control character is invisible in printed text",
        "json/invalid-utf8": "needs bytes that are not UTF-8, which text cannot hold",
        "json/not-utf8": "needs UTF-16 bytes, which text cannot hold",
        "json/depth-exceeded": "needs more than 512 nested brackets",
        "json/misplaced-bom": "a byte order mark is invisible in printed text",
        "export/leading-bom": "a byte order mark is invisible in printed text",
        "export/missing-final-newline": "the failing and passing examples differ only in an invisible final LF",
        "export/duplicate-input": "needs two inputs naming the same file",
        "export/cannot-read": "needs a file that cannot be read (missing, a directory, corrupt gzip bytes)",
        "export/cannot-spill": "needs a temporary directory that cannot be written (StoppedRunReportTests)",
        "export/cannot-write": "needs a --rejects file that cannot be written (StoppedRunReportTests)",
        "stream/too-many-params": "needs 26 params on one event",
    ]

    /// The example plan, compiled once; it must load without a single finding.
    static let examplePlan: CompiledPlan? = {
        guard
            let session = try? PlanSession(sources: [
                PlanSource(path: "example.json5", bytes: Array(RuleExamples.examplePlan.utf8))
            ])
        else { return nil }
        return session.planFindings.isEmpty ? CompiledPlan(session.plan) : nil
    }()

    /// An example as the file `lint` reads (marker removed, a final LF) and the marked line.
    static func exportText(_ example: String) -> (bytes: [UInt8], markedLine: Int?) {
        var marked: Int?
        var lines: [String] = []
        for (index, line) in example.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix(RuleExamples.lineMarker) {
                marked = index + 1
                lines.append(String(line.dropFirst(RuleExamples.lineMarker.count)))
            } else {
                lines.append(String(line))
            }
        }
        return (Array((lines.joined(separator: "\n") + "\n").utf8), marked)
    }

    /// Runs an example with its `lint` options; an option the test does not know is an issue.
    static func lint(_ example: String, options: [String]) throws -> LintResult {
        let plan = try #require(examplePlan, "the example plan does not load cleanly")
        var remaining = options[...]
        var strict = false
        var format: InputFormat?
        var maxLineBytes: Int?
        while let option = remaining.popFirst() {
            switch option {
            case "--strict": strict = true
            case "--input-format": format = InputFormat(rawValue: remaining.popFirst() ?? "")
            case "--max-line-bytes": maxLineBytes = Int(remaining.popFirst() ?? "")
            default: Issue.record("the example option \(option) is not known to the test")
            }
        }
        return try Lint.run(bytes: exportText(example).bytes, plan: plan) { request in
            request.settings.strict = strict
            if let format { request.settings.inputFormat = format }
            if let maxLineBytes { request.settings.framing.maxLineBytes = maxLineBytes }
        }
    }

    @Test func examplePlanLoadsWithoutFindings() throws {
        let session = try PlanSession(
            sources: [PlanSource(path: "example.json5", bytes: Array(RuleExamples.examplePlan.utf8))])
        #expect(session.planFindings.isEmpty, "\(session.planFindings.map { "\($0.ruleID) \($0.message)" })")
    }

    @Test(arguments: rulesWithExamples)
    func failingExampleReportsExactlyTheRuleOnTheMarkedLine(rule: Rule) throws {
        let examples = try #require(rule.examples)
        let marked = Self.exportText(examples.failing).markedLine
        let lineCount = examples.failing.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(marked != nil || lineCount == 1, "a failing example of several lines needs a /*>*/ marker")
        let result = try Self.lint(examples.failing, options: examples.lintOptions)
        let findings = result.findings.map { "\($0.location.line) \($0.ruleID): \($0.message)" }
        #expect(result.findings.contains { $0.ruleID == rule.id && $0.location.line == (marked ?? 1) }, "\(findings)")
        #expect(result.findings.allSatisfy { $0.ruleID == rule.id }, "other rules fired: \(findings)")
    }

    @Test(arguments: rulesWithExamples)
    func passingExampleReportsNothing(rule: Rule) throws {
        let examples = try #require(rule.examples)
        #expect(!examples.passing.contains(RuleExamples.lineMarker), "a passing example carries no marker")
        let result = try Self.lint(examples.passing, options: examples.lintOptions)
        #expect(result.findings.isEmpty, "\(result.findings.map { "\($0.location.line) \($0.ruleID): \($0.message)" })")
    }

    @Test func everyLintRuleHasExamplesOrAJustifiedExclusion() {
        let missing = Self.lintRules.filter { $0.examples == nil && Self.exclusions[$0.id] == nil }
        #expect(missing.isEmpty, "rules without examples and not excluded: \(missing.map(\.id))")
        for (id, reason) in Self.exclusions {
            let rule = RuleCatalog.rule(id: id)
            #expect(rule != nil && Self.stages.contains(rule!.stage), "\(id) is not a rule lint reports")
            #expect(rule?.examples == nil, "\(id) has examples now: drop it from the exclusions")
            #expect(!reason.isEmpty)
            // The documentation says why there is no example, as the list does.
            #expect(rule?.documentation.contains("No example") == true, "\(id)'s documentation does not say why")
        }
    }

    @Test func explainShowsTheExamplesAndWhereToFindThePlan() throws {
        let rule = try #require(RuleCatalog.rule(id: PairRules.reopened.id))
        let text = rule.explanation
        #expect(
            text.contains(
                "Fails (export lines, checked against the example plan that `eventlint explain --example-plan` prints"))
        #expect(text.contains("the finding stands on the line marked `/*>*/`"))
        #expect(text.contains("    /*>*/{\"name\":\"dialog_opened\""))
        #expect(text.contains("\nPasses:\n"))
    }
}

extension LintRuleExampleTests {
    /// `explain --example-plan` prints the plan the examples are checked against, and names it in
    /// the rule list; with a rule id too it is a usage error.
    @Test func explainPrintsTheExamplePlan() throws {
        let plan = try #require(try EventLintBinary.run(["explain", "--example-plan"]))
        #expect(plan.status == 0)
        #expect(plan.stdout == RuleExamples.examplePlan + "\n")
        let listing = try #require(try EventLintBinary.run(["explain"]))
        #expect(listing.stdout.contains("`eventlint explain --example-plan`"))
        let both = try #require(try EventLintBinary.run(["explain", "--example-plan", "pair/unclosed"]))
        #expect(both.status == 2)
        #expect(both.stderr.contains("--example-plan takes no rule id"))
    }
}
