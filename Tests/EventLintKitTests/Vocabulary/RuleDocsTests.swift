import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// `docs/rules.md` is generated from the rule catalogue, so the reference cannot drift from
/// what `explain` prints. A mismatch fails with a diff; `UPDATE_GOLDEN=1` rewrites the file.
@Suite struct RuleDocsTests {
    static let file = Repository.docs.appendingPathComponent("rules.md")

    /// The catalogue as Markdown: stages in pipeline order, rules in catalogue order.
    static func render(_ rules: [Rule]) -> String {
        var text = """
            # Rules

            Every finding eventlint reports carries one of these rule ids. `eventlint explain RULE`
            prints the same text in a terminal. A plan can change a rule's severity or suppress it
            (see [schema.md](schema.md#severity-and-suppress)). Rules show a failing and a passing
            example, which the tests run: those of `lint` are export lines checked against
            [the example plan](#the-example-plan), those of `check --base` current plans compared with
            the base plan shown first, those of `budget` plans counted against the registered
            definitions shown first. A rule without examples says why.

            This file is generated from the rule catalogue by `RuleDocsTests`; do not edit it by hand.
            Regenerate it with `UPDATE_GOLDEN=1 swift test --filter RuleDocsTests`.


            """
        let stages = RuleStage.allCases.filter { stage in rules.contains { $0.stage == stage } }
        text += "| rule | severity | stage | GA4 code | summary |\n|---|---|---|---|---|\n"
        for stage in stages {
            for rule in rules where rule.stage == stage {
                text +=
                    "| [`\(rule.id)`](#\(anchor(rule.id))) | \(rule.defaultSeverity.rawValue) | \(stage.rawValue) | "
                text += "\(rule.ga4ValidationCode.map { "`\($0)`" } ?? "") | \(cell(rule.summary)) |\n"
            }
        }
        for stage in stages {
            text += "\n## \(stage.rawValue.prefix(1).uppercased() + stage.rawValue.dropFirst())\n"
            for rule in rules where rule.stage == stage {
                text += "\n### `\(rule.id)`\n\n"
                text += "- severity: \(rule.defaultSeverity.rawValue)\n"
                text += "- stage: \(stage.rawValue)\n"
                if let code = rule.ga4ValidationCode {
                    text += "- GA4 Measurement Protocol validation code: `\(code)`\n"
                }
                text += "\n\(rule.summary.prefix(1).uppercased() + rule.summary.dropFirst()).\n\n"
                text += rule.documentation + "\n"
                if let examples = rule.examples {
                    for input in rule.exampleInputs {
                        // A base plan is JSON5; registered definitions are the Admin API's JSON.
                        let language = input.text == examples.base ? "json5" : "json"
                        text += "\n\(input.heading):\n\n" + fence(input.text, language: language)
                    }
                    text += "\n" + (rule.examplesHeading ?? "Fails") + ":\n\n"
                    text += fence(examples.failing, stage: stage)
                    text += "\nPasses:\n\n" + fence(examples.passing, stage: stage)
                }
            }
        }
        text += "\n## The example plan\n\n"
        text += "The export-line examples above are checked against this plan (`eventlint explain --example-plan`).\n\n"
        return text + "```json5\n\(RuleExamples.examplePlan)\n```\n"
    }

    /// An example in a code block: the examples of plan and budget rules are plans (JSON5), those
    /// of `lint` export lines (JSON, or text when a line is not JSON).
    static func fence(_ example: String, stage: RuleStage) -> String {
        let isJSON =
            example.hasPrefix("{") || example.hasPrefix("[") || example.hasPrefix(RuleExamples.lineMarker + "{")
            || example.hasPrefix(RuleExamples.lineMarker + "[")
        let language = stage == .plan || stage == .budget ? "json5" : isJSON ? "json" : "text"
        return fence(example, language: language)
    }

    static func fence(_ example: String, language: String) -> String {
        // Long generated examples (500 events on one line) are cut so the page stays readable;
        // written ones, on several lines, are shown whole.
        let generated = example.count > 600 && !example.contains("\n")
        let shown = generated ? String(example.prefix(280)) + " … " + String(example.suffix(120)) : example
        return "```\(language)\n\(shown)\n```\n"
    }

    /// GitHub's heading anchor for a `` `code` `` heading.
    static func anchor(_ id: String) -> String {
        id.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    @Test func rulesMarkdownMatchesTheCatalogue() throws {
        let rendered = Self.render(RuleCatalog.all)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Repository.docs, withIntermediateDirectories: true)
            try rendered.write(to: Self.file, atomically: true, encoding: .utf8)
            return
        }
        guard let data = FileManager.default.contents(atPath: Self.file.path) else {
            Issue.record("missing \(Self.file.path); run UPDATE_GOLDEN=1 swift test --filter RuleDocsTests")
            return
        }
        let existing = String(decoding: data, as: UTF8.self)
        if existing != rendered {
            Issue.record(
                """
                docs/rules.md is out of date with the rule catalogue (- file, + catalogue); \
                UPDATE_GOLDEN=1 swift test --filter RuleDocsTests rewrites it:
                \(lineDiff(expected: existing, actual: rendered))
                """)
        }
    }

    @Test func everyRuleHasItsSection() {
        let rendered = Self.render(RuleCatalog.all)
        for rule in RuleCatalog.all {
            #expect(rendered.contains("\n### `\(rule.id)`\n"), "\(rule.id)")
            #expect(rendered.contains(rule.documentation))
        }
    }

    @Test func renderingShowsCodeAndExamples() {
        let rule = Rule(
            id: "plan/sample", stage: .plan, severity: .warning, summary: "a sample | rule",
            documentation: "Why it matters.", ga4ValidationCode: "NAME_INVALID",
            examples: RuleExamples(failing: "{ /*>*/a: 1 }", passing: "{ b: 1 }"))
        let text = Self.render([rule])
        #expect(
            text.contains(
                "| [`plan/sample`](#plansample) | warning | plan checks | `NAME_INVALID` | a sample \\| rule |"))
        #expect(text.contains("- GA4 Measurement Protocol validation code: `NAME_INVALID`"))
        #expect(text.contains("```json5\n{ /*>*/a: 1 }\n```"))
        #expect(text.contains("A sample | rule.\n\nWhy it matters."))
    }
}
