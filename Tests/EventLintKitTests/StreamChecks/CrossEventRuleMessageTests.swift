import EventLintTestSupport
import Testing

@testable import EventLintKit

/// Pair and rule findings carry the messages and notes of their rules' factories: a few rules
/// of each set, not every factory.
@Suite struct CrossEventRuleMessageTests {
    typealias E = Events

    /// The default user of `Export`, as messages name it.
    static let user = "\"A1B2C3D4E5F60718293A4B5C6D7E8F90\""

    static func messages(_ result: LintResult, _ rule: Rule) -> [String] { result.findings(rule.id).map(\.message) }

    @Test func aCloseWithoutAnOpen() throws {
        let result = try Lint.run([Export.bq("picker_closed", at: 10, params: E.picker())])
        #expect(
            Self.messages(result, PairRules.orphanClose) == [
                PairRules.orphanCloseMessage(
                    pair: "picker", event: "picker_closed", opener: "picker_shown", user: Self.user)
            ])
    }

    @Test func aCloseThatDisagreesWithItsOpen() throws {
        let result = try Lint.run([
            Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))]),
            Export.bq("picker_closed", at: 10, params: E.picker(entry: "home_button")),
            Export.bq("offer_shown", at: 20, params: E.offerArm),
            Export.bq("offer_closed", at: 30, params: E.offerClosed(duration: .int(60_000))),
        ])
        #expect(
            Self.messages(result, PairRules.paramMismatch) == [
                PairRules.paramMismatchMessage(
                    pair: "picker", param: "entry", opened: "\"onboarding\"", closed: "\"home_button\"")
            ])
        let mismatch = result.findings(PairRules.durationMismatch.id)
        #expect(
            mismatch.map(\.message) == [
                PairRules.durationMismatchMessage(
                    pair: "offer", param: "duration_ms", duration: 60_000, apart: 10_000, tolerance: 1000)
            ])
        #expect(mismatch.first?.notes.map(\.message) == [PairRules.openingNote])
    }

    @Test func aParamThatMustEqualAUserProperty() throws {
        let shown = Export.bq("offer_shown", at: 0, params: [("limit_arm", .string("unlimited"))])
        let result = try Lint.run([shown])
        #expect(
            Self.messages(result, CrossEventRules.paramEqualsUserProperty) == [
                CrossEventRules.paramEqualsUserPropertyMessage(
                    rule: "limit_arm_param_matches_user", event: "offer_shown", param: "limit_arm",
                    actual: "\"unlimited\"", property: "limit_arm", reference: "\"capped\"")
            ])
    }

    @Test func anEventInsideANotAfterWindow() throws {
        let result = try Lint.run([
            Export.bq("wizard_closed", at: 0, params: E.wizard("consent", outcome: "granted")),
            Export.bq("permission_requested", at: 30, params: [("prompt_origin", .string("wizard"))]),
        ])
        let found = result.findings(CrossEventRules.notAfter.id)
        let within = try #require(TimeWindow(seconds: 60, text: "60s"))
        #expect(
            found.map(\.message) == [
                CrossEventRules.notAfterMessage(
                    rule: "no_permission_prompt_right_after_consent", event: "permission_requested",
                    gap: 30_000_000, earlier: "\"wizard_closed\"", user: Self.user, within: within)
            ])
        #expect(found.first?.notes.map(\.message) == [CrossEventRules.earlierEventNote])
    }

    @Test func theFactoriesSpellTheirNumbers() {
        #expect(CrossEventRules.latestEarlierNote(gap: 250_000) == "the latest earlier one, 0.25 s before")
        #expect(
            PairRules.unclosedNearEndMessage(pair: "offer", event: "offer_shown", user: "(unknown)", windowMinutes: 30)
                == #"pair "offer": "offer_shown" is not closed for user (unknown), but it opened within 30 minutes "#
                + "of the user's last event: the export window may have cut it off")
        #expect(
            PairRules.insideOutsideMessage(pair: "picker", matched: "\"picker_saved\"", openers: [], user: "(unknown)")
                == #"pair "picker": "picker_saved" comes while no "picker" is open, for user (unknown)"#)
    }
}
