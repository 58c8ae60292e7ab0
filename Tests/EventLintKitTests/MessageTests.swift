import Foundation
import Testing
@testable import EventLintCLI
@testable import EventLintKit

/// Messages and summary lines that read well.
@Suite struct MessageTests {
    static func closed(at seconds: Double, duration: Export.Value) -> String {
        Export.bq("onboarding_block_offer_closed", at: seconds,
                  params: [("outcome", .string("setup")), ("duration_ms", duration), ("block_cap_arm", .string("cap4"))],
                  userProperties: Export.offerCap4)
    }

    @Test func anIntOnADoubleParamIsNotATypeVariation() throws {
        let plan = try Lint.plan(replacing: [("type: 'int', min: 0, register: { metric: 'milliseconds' }",
                                              "type: 'double', min: 0, register: { metric: 'milliseconds' }")])
        let lines = [Self.closed(at: 1, duration: .int(1000)), Self.closed(at: 2, duration: .double(1000.5))]
        let doubled = try Lint.run(lines, plan: plan)
        #expect(LintSummary(result: doubled).typeStatistics.isEmpty)
        // On an int param an int and a string still vary.
        let mixed = try Lint.run([Self.closed(at: 1, duration: .int(1000)), Self.closed(at: 2, duration: .raw(#"{"string_value":"7"}"#))])
        #expect(LintSummary(result: mixed).typeStatistics.count == 1)
    }

    @Test func theSummaryLeavesOutPairsAndRulesOfWhichNoEventWasSeen() throws {
        let result = try Lint.run([Self.closed(at: 1, duration: .int(1000))])
        let document = ReportDocument(tool: ReportTool(version: "t"), command: .lint, findings: result.findings,
                                      rules: [], summary: LintSummary.summary(of: result))
        let text = document.rendered(ReportOptions(format: .text))
        #expect(text.contains("pairs with no event in the input: shield_opt_in, app_picker"), "\(text)")
        #expect(!text.contains("  app_picker: opened 0"))
        #expect(text.contains("  block_offer: opened 0"))
        #expect(text.contains("rules with no event in the input: "))
        // Machines still get every pair and rule.
        let json = document.rendered(ReportOptions(format: .json))
        #expect(json.contains("\"name\": \"app_picker\""))
    }

    @Test func aNullValueArrivesWithNoValue() throws {
        let result = try Lint.run([Self.closed(at: 1, duration: .raw(#"{"string_value":null}"#))])
        let messages = result.findings.map(\.message)
        #expect(messages.contains { $0.contains("is declared int, but arrives with no value") }, "\(messages)")
        #expect(!messages.contains { $0.contains("arrives as no value") })
    }

    @Test func anInsideEventOutsideItsPairNamesTheMatchers() throws {
        let result = try Lint.run([
            Export.bq("shield_opt_in_step_shown", at: 1, params: [("step", .string("privacy")), ("entry", .string("onboarding"))]),
        ])
        let finding = try #require(result.findings(PairRules.insideOutside.id).first)
        #expect(finding.message.contains(#""shield_opt_in_step_shown" (step privacy"#), "\(finding.message)")
        #expect(finding.message.contains(#"while no "shield_opt_in_step_shown" (step intro) is open"#), "\(finding.message)")
    }
}
