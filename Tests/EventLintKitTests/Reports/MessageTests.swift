import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Messages and summary lines that read well.
@Suite struct MessageTests {
    static func closed(at seconds: Double, duration: Export.Value) -> String {
        Export.bq(
            "offer_closed", at: seconds,
            params: [("outcome", .string("setup")), ("duration_ms", duration), ("limit_arm", .string("capped"))],
            userProperties: Export.offerCapped)
    }

    @Test func anIntOnADoubleParamIsNotATypeVariation() throws {
        let plan = try Lint.plan(replacing: [
            (
                "type: 'int', min: 0, register: { metric: 'milliseconds' }",
                "type: 'double', min: 0, register: { metric: 'milliseconds' }"
            )
        ])
        let lines = [Self.closed(at: 1, duration: .int(1000)), Self.closed(at: 2, duration: .double(1000.5))]
        let doubled = try Lint.run(lines, plan: plan)
        #expect(LintSummary(result: doubled).typeStatistics.isEmpty)
        // On an int param an int and a string still vary.
        let mixed = try Lint.run([
            Self.closed(at: 1, duration: .int(1000)), Self.closed(at: 2, duration: .raw(#"{"string_value":"7"}"#)),
        ])
        #expect(LintSummary(result: mixed).typeStatistics.count == 1)
    }

    @Test func theSummaryLeavesOutPairsAndRulesOfWhichNoEventWasSeen() throws {
        let result = try Lint.run([Self.closed(at: 1, duration: .int(1000))])
        let document = ReportDocument(
            tool: ReportTool(version: "t"), command: .lint, findings: result.findings,
            rules: [], summary: LintSummary.summary(of: result))
        let text = document.rendered(ReportOptions(format: .text))
        #expect(text.contains("pairs with no event in the input: wizard, picker"), "\(text)")
        #expect(!text.contains("  picker: opened 0"))
        #expect(text.contains("  offer: opened 0"))
        #expect(text.contains("rules with no event in the input: "))
        // Machines still get every pair and rule.
        let json = document.rendered(ReportOptions(format: .json))
        #expect(json.contains("\"name\": \"picker\""))
    }

    @Test func aNullValueArrivesWithNoValue() throws {
        let result = try Lint.run([Self.closed(at: 1, duration: .raw(#"{"string_value":null}"#))])
        let messages = result.findings.map(\.message)
        #expect(messages.contains { $0.contains("is declared int, but arrives with no value") }, "\(messages)")
        #expect(!messages.contains { $0.contains("arrives as no value") })
    }

    @Test func anInsideEventOutsideItsPairNamesTheMatchers() throws {
        let result = try Lint.run([
            Export.bq(
                "wizard_step_shown", at: 1,
                params: [("step", .string("privacy")), ("entry", .string("onboarding"))])
        ])
        let finding = try #require(result.findings(PairRules.insideOutside.id).first)
        #expect(finding.message.contains(#""wizard_step_shown" (step privacy"#), "\(finding.message)")
        #expect(
            finding.message.contains(#"while no "wizard_step_shown" (step intro) is open"#), "\(finding.message)"
        )
    }
}

/// Per-arm funnels: the plan's `experiment` user properties split each pair's counts.
@Suite struct ArmFunnelTests {
    @Test func pairCountsSplitPerArmAndPerCombination() throws {
        let offer = Export.offerCapped
        let control: [(String, Export.Value)] = [
            ("offer_arm", .string("control")), ("limit_arm", .string("capped")),
        ]
        let lines = [
            Export.bq(
                "picker_shown", at: 1, user: "U1", params: [("entry", .string("onboarding"))], userProperties: offer
            ),
            Export.bq(
                "picker_closed", at: 11, user: "U1", params: [("entry", .string("onboarding"))],
                userProperties: offer),
            Export.bq(
                "picker_shown", at: 1, user: "U2", params: [("entry", .string("onboarding"))],
                userProperties: control),
        ]
        let result = try Lint.run(lines)
        #expect(result.plan.experimentNames == ["offer_arm", "limit_arm"])
        let picker = try #require(result.pairs.first { $0.name == "picker" })
        #expect(picker.byArms[["offer", "capped"]]?.opened == 1)
        #expect(picker.byArms[["offer", "capped"]]?.closedByOutcome.values.reduce(0, +) == 1)
        #expect(picker.byArms[["offer", "capped"]]?.median == 10_000)
        #expect(picker.byArms[["control", "capped"]]?.opened == 1)
        #expect(picker.byArms[["control", "capped"]]?.unclosed == 1)
        let document = ReportDocument(
            tool: ReportTool(version: "t"), command: .lint, findings: [], rules: [],
            summary: LintSummary.summary(of: result))
        let text = document.rendered(ReportOptions(format: .text))
        #expect(text.contains("picker: limit_arm=capped, opened 2, closed 1"), "\(text)")
        #expect(
            text.contains("picker: offer_arm=control × limit_arm=capped, opened 1, closed 0"),
            "\(text)")
        #expect(document.rendered(ReportOptions(format: .markdown)).contains("arm=offer × "))
        #expect(document.rendered(ReportOptions(format: .json)).contains("\"pairArms\""))
    }
}

extension ArmFunnelTests {
    /// A user whose arms change between records: each record counts under its own arms (the
    /// run remembers the last record's arms, and must notice when the next one differs), and
    /// a user property that is absent again counts as `(none)`.
    @Test func armsThatChangeWithinOneUserCountEachRecordUnderItsOwn() throws {
        let control: [(String, Export.Value)] = [
            ("offer_arm", .string("control")), ("limit_arm", .string("capped")),
        ]
        let entry: [(String, Export.Value)] = [("entry", .string("onboarding"))]
        let lines = [
            Export.bq("picker_shown", at: 1, user: "U1", params: entry, userProperties: Export.offerCapped),
            Export.bq("picker_closed", at: 11, user: "U1", params: entry, userProperties: Export.offerCapped),
            Export.bq("picker_shown", at: 20, user: "U1", params: entry, userProperties: control),
            Export.bq("picker_closed", at: 25, user: "U1", params: entry, userProperties: control),
            Export.bq("picker_shown", at: 30, user: "U1", params: entry, userProperties: Export.offerCapped),
            Export.bq("picker_closed", at: 31, user: "U1", params: entry, userProperties: Export.offerCapped),
            Export.bq("picker_shown", at: 40, user: "U1", params: entry, userProperties: []),
        ]
        for jobs in [1, 2] {
            let result = try Lint.run(lines) { $0.jobs = jobs }
            let picker = try #require(result.pairs.first { $0.name == "picker" })
            #expect(picker.byArms[["offer", "capped"]]?.opened == 2, "jobs \(jobs): \(picker.byArms)")
            #expect(picker.byArms[["offer", "capped"]]?.closedByOutcome.values.reduce(0, +) == 2)
            #expect(picker.byArms[["control", "capped"]]?.opened == 1, "jobs \(jobs): \(picker.byArms)")
            #expect(picker.byArms[["control", "capped"]]?.durationsMs == [5_000])
            #expect(picker.byArms[["(none)", "(none)"]]?.opened == 1, "jobs \(jobs): \(picker.byArms)")
            #expect(picker.byArms[["(none)", "(none)"]]?.unclosed == 1)
            #expect(picker.byArms.count == 3)
        }
    }
}

/// `--table` as `bq` users write it.
@Suite struct SQLTableSpellingTests {
    @Test(arguments: [
        ("my-project.analytics_1.events_*", "my-project.analytics_1.events_*"),
        ("my-project:analytics_1.events_*", "my-project.analytics_1.events_*"),
        ("`my-project.analytics_1.events_*`", "my-project.analytics_1.events_*"),
        ("`my-project`.`analytics_1`.`events_*`", "my-project.analytics_1.events_*"),
        ("example.com:my-project:analytics_1.events_20250101", "example.com:my-project.analytics_1.events_20250101"),
    ])
    func tableReferencesInEverySpelling(written: String, parsed: String) throws {
        let reference = try #require(SQLTableReference(parsing: written))
        #expect(reference.description == parsed)
        #expect(reference.sql == "`\(parsed)`")
    }

    @Test(arguments: ["analytics_1.events_*", "p:d", "`p.d.t`; DROP TABLE x", "p:d:t"])
    func malformedReferencesAreRefused(written: String) {
        #expect(SQLTableReference(parsing: written) == nil)
    }
}
