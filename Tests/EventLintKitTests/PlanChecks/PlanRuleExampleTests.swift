import EventLintTestSupport
import Testing

@testable import EventLintKit

extension Rule: CustomTestStringConvertible {
    public var testDescription: String { id }
}

/// Every plan rule's documented examples are run: the failing one must report the rule exactly
/// where its `/*>*/` marker stands, the passing one must not report it at all. So the examples
/// `explain` prints and docs/rules.md shows cannot drift from what the checker does.
@Suite struct PlanRuleExampleTests {
    /// `check --base` rules compare two plans; DiffRuleExampleTests runs their examples.
    static let planRules = RuleCatalog.all.filter { $0.stage == .plan && !DiffRules.all.contains($0) }
    static let rulesWithExamples = planRules.filter { $0.examples != nil }

    /// Rules whose finding does not yet stand where their example's marker says: the bucket
    /// edges finding points at the `edges` list, while the marker (rightly) names the edge that
    /// breaks the order. Drop the entry when the loader keeps each edge's position.
    static let misplacedFindings: Set<String> = []

    @Test(arguments: rulesWithExamples)
    func failingExampleReportsAtMarker(rule: Rule) throws {
        let example = try #require(rule.examples).failing
        let expected = try #require(
            PlanText.markedPosition(in: example), "the failing example of \(rule.id) has no /*>*/ marker")
        let findings = try PlanText.check(example).findings
        let hits = findings.filter { $0.ruleID == rule.id }
        #expect(
            !hits.isEmpty,
            "\(rule.id) did not fire; findings: \(findings.map { "\($0.ruleID) \($0.location.line):\($0.location.column)" })"
        )
        withKnownIssue("the loader keeps only the position of the edges list, not of each edge") {
            #expect(
                hits.contains { $0.location.line == expected.line && $0.location.column == expected.column },
                "\(rule.id) expected at \(expected.line):\(expected.column), got \(hits.map { "\($0.location.line):\($0.location.column) \($0.message)" })"
            )
        } when: {
            Self.misplacedFindings.contains(rule.id)
        }
        for hit in hits {
            #expect(hit.location.file == "example.json5")
            // Lowercase start (a quoted name may come first), no trailing period.
            #expect(
                !hit.message.isEmpty && !hit.message.first!.isUppercase && !hit.message.hasSuffix("."),
                "message style: \(hit.message)")
        }
    }

    @Test(arguments: rulesWithExamples)
    func passingExampleDoesNotReport(rule: Rule) throws {
        let example = try #require(rule.examples).passing
        #expect(PlanText.markedPosition(in: example) == nil, "a passing example carries no marker")
        let findings = try PlanText.check(example).findings
        let hits = findings.filter { $0.ruleID == rule.id }
        #expect(hits.isEmpty, "\(rule.id) fired on its passing example: \(hits.map(\.message))")
    }

    @Test func duplicateEventAcrossFilesIsReportedAtTheSecondWithANoteAtTheFirst() throws {
        let first = """
            {
              events: {
                focus_session_started: { description: 'A focus session began.' },
              },
            }
            """
        let second = """
            // a second file that declares the same event again
            {
              events: {
                building_completed: { description: 'A building was finished.' },
                  focus_session_started: { description: 'Declared again by mistake.' },
              },
            }
            """
        let (plan, findings) = try PlanText.check([("schema/a.json5", first), ("schema/b.json5", second)])
        let duplicates = findings.filter { $0.ruleID == "plan/duplicate-declaration" }
        try #require(duplicates.count == 1)
        let finding = duplicates[0]
        #expect(finding.location == SourceLocation(file: "schema/b.json5", line: 5, column: 7))
        #expect(finding.severity == .error)
        #expect(finding.event == "focus_session_started")
        #expect(finding.message.contains("\"focus_session_started\""))
        #expect(finding.notes.count == 1)
        #expect(finding.notes.first?.location == SourceLocation(file: "schema/a.json5", line: 3, column: 5))
        // The first declaration wins and is kept once.
        #expect(plan.events.filter { $0.name == "focus_session_started" }.count == 1)
        #expect(plan.event(named: "focus_session_started")?.description == "A focus session began.")
    }

    @Test(arguments: [
        ("params", "{ params: { entry: { type: 'string', description: 'x' } } }"),
        ("userProperties", "{ userProperties: { focus_arm: { description: 'x' } } }"),
        ("pairs", "{ pairs: { p: { open: 'a', close: { events: ['b'] } } } }"),
        ("rules", "{ rules: { r: { on: 'a', require: { entry: 'x' } } } }"),
    ])
    func duplicateDeclarationsOfEveryKindAreFound(kind: String, text: String) throws {
        let findings = try PlanText.check([("one.json5", text), ("two.json5", text)]).findings
        let duplicates = findings.filter { $0.ruleID == "plan/duplicate-declaration" }
        #expect(duplicates.count == 1, "\(kind): \(duplicates.map(\.message))")
        #expect(duplicates.first?.location.file == "two.json5")
        #expect(duplicates.first?.notes.first?.location?.file == "one.json5")
    }

    @Test func propertyDescribedTwiceIsADuplicate() throws {
        let text = "{ property: { tier: 'standard' } }"
        let findings = try PlanText.check([("one.json5", text), ("two.json5", text)]).findings
        let duplicates = findings.filter { $0.ruleID == "plan/duplicate-declaration" }
        #expect(duplicates.map(\.location) == [SourceLocation(file: "two.json5", line: 1, column: 3)])
    }
}
