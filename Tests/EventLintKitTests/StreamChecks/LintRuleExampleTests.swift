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
        let result = try Self.lint(examples.failing, options: examples.options)
        let findings = result.findings.map { "\($0.location.line) \($0.ruleID): \($0.message)" }
        #expect(result.findings.contains { $0.ruleID == rule.id && $0.location.line == (marked ?? 1) }, "\(findings)")
        #expect(result.findings.allSatisfy { $0.ruleID == rule.id }, "other rules fired: \(findings)")
    }

    @Test(arguments: rulesWithExamples)
    func passingExampleReportsNothing(rule: Rule) throws {
        let examples = try #require(rule.examples)
        #expect(!examples.passing.contains(RuleExamples.lineMarker), "a passing example carries no marker")
        let result = try Self.lint(examples.passing, options: examples.options)
        #expect(result.findings.isEmpty, "\(result.findings.map { "\($0.location.line) \($0.ruleID): \($0.message)" })")
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
}
