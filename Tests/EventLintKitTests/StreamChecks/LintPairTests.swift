import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// Pairs and plan rules in detail (SPEC §1.4, §1.5): time order whatever the file order,
/// tie-breaks, reopen and replace, inside-only events, conditions, param equality across formats,
/// the duration tolerance and the end-of-stream window.
@Suite struct LintPairTests {
    typealias E = Events

    static func pickerShown(_ seconds: Double, entry: String = "onboarding", bundle: Int? = nil) -> String {
        Export.bq("picker_shown", at: seconds, params: [("entry", .string(entry))], bundle: bundle)
    }

    static func pickerClosed(_ seconds: Double, entry: String = "onboarding", bundle: Int? = nil) -> String {
        Export.bq("picker_closed", at: seconds, params: E.picker(entry: entry), bundle: bundle)
    }

    static func offer(_ opened: Double, closed: Double, duration: Int64) -> [String] {
        [
            Export.bq("offer_shown", at: opened, params: E.offerArm),
            Export.bq("offer_closed", at: closed, params: E.offerClosed(duration: .int(duration))),
        ]
    }

    // MARK: - Time order

    @Test func unsortedInputPairsByTimestamp() throws {
        // The close is on line 1 but 10 s after the open on line 2.
        let result = try Lint.run([Self.pickerClosed(10), Self.pickerShown(0)])
        #expect(result.findings.isEmpty, "\(result.lineRules)")
        #expect(result.pairs.first { $0.name == "picker" }?.opened == 1)
        #expect(result.pairs.first { $0.name == "picker" }?.closedByOutcome.values.reduce(0, +) == 1)
    }

    @Test func equalTimestampsBreakTiesByBundleSequence() throws {
        // Same microsecond: the bundle decides, not the line.
        let inOrder = try Lint.run([Self.pickerClosed(5, bundle: 8), Self.pickerShown(5, bundle: 7)])
        #expect(inOrder.findings.isEmpty, "\(inOrder.lineRules)")
        let reversed = try Lint.run([Self.pickerShown(5, bundle: 8), Self.pickerClosed(5, bundle: 7)])
        #expect(reversed.lineRules == ["1 pair/unclosed-near-end", "2 pair/orphan-close"])
    }

    @Test func equalTimestampsAndBundlesBreakTiesByPosition() throws {
        let openFirst = try Lint.run([Self.pickerShown(5, bundle: 7), Self.pickerClosed(5, bundle: 7)])
        #expect(openFirst.findings.isEmpty, "\(openFirst.lineRules)")
        let closeFirst = try Lint.run([Self.pickerClosed(5, bundle: 7), Self.pickerShown(5, bundle: 7)])
        #expect(closeFirst.lineRules == ["1 pair/orphan-close", "2 pair/unclosed-near-end"])
    }

    @Test func positionWithinAMeasurementProtocolRequestBreaksTies() throws {
        let request = Export.mp(
            at: 5,
            events: [
                (name: "picker_shown", params: [("entry", .string("onboarding"))], at: nil),
                (name: "picker_closed", params: E.picker(), at: nil),
            ])
        let result = try Lint.run([request])
        #expect(result.findings.isEmpty, "\(result.lineRules)")
    }

    @Test func onlyAfterLooksAtTimeOrderNotFileOrder() throws {
        // The store is on line 1, the cap sheet that allows it on lines 2-3 but earlier in time.
        let allowed = try Lint.run([
            Export.bq("store_shown", at: 100, params: E.store(source: "limit", trigger: "limit_sheet")),
            Export.bq("limit_sheet_shown", at: 40, params: E.sheet()),
            Export.bq("limit_sheet_closed", at: 50, params: E.sheet(outcome: "upgrade")),
        ])
        #expect(allowed.findings.isEmpty, "\(allowed.lineRules)")
        // Written first in the file, but later in time: the store came before it.
        let tooEarly = try Lint.run([
            Export.bq("limit_sheet_shown", at: 40, params: E.sheet()),
            Export.bq("limit_sheet_closed", at: 50, params: E.sheet(outcome: "upgrade")),
            Export.bq("store_shown", at: 30, params: E.store(source: "limit", trigger: "limit_sheet")),
        ])
        #expect(tooEarly.lineRules == ["3 rule/only-after"])
    }

    @Test func onlyAfterHasNoTimeLimitAndNeedsTheRightOutcome() throws {
        let dayLater = try Lint.run([
            Export.bq("limit_sheet_shown", at: 0, params: E.sheet()),
            Export.bq("limit_sheet_closed", at: 5, params: E.sheet(outcome: "upgrade")),
            Export.bq(
                "store_shown", at: 86_400 * 3, params: E.store(source: "limit", trigger: "limit_sheet")),
        ])
        #expect(dayLater.findings.isEmpty, "\(dayLater.lineRules)")
        let reselected = try Lint.run([
            Export.bq("limit_sheet_shown", at: 0, params: E.sheet()),
            Export.bq("limit_sheet_closed", at: 5, params: E.sheet(outcome: "reselect")),
            Export.bq("store_shown", at: 20, params: E.store(source: "limit", trigger: "limit_sheet")),
        ])
        #expect(reselected.lineRules == ["3 rule/only-after"])
    }

    @Test func pairsAreFollowedPerUser() throws {
        let other = "FFFF0000FFFF0000FFFF0000FFFF0000"
        let result = try Lint.run([
            Self.pickerShown(0),
            Export.bq("picker_closed", at: 10, user: other, params: E.picker()),
            E.step(at: 7200),
        ])
        #expect(result.lineRules == ["1 pair/unclosed", "2 pair/orphan-close"])
    }

    // MARK: - Opens, closes, inside

    @Test func orphanCloseAfterAClosedPair() throws {
        let result = try Lint.run([Self.pickerShown(0), Self.pickerClosed(10), Self.pickerClosed(20)])
        #expect(result.lineRules == ["3 pair/orphan-close"])
    }

    @Test func requiredCloseReportsReopenAndTheCloseMatchesTheLatestOpen() throws {
        let result = try Lint.run([
            Self.pickerShown(0, entry: "onboarding"),
            Self.pickerShown(5, entry: "home_button"),
            Self.pickerClosed(10, entry: "home_button"),
        ])
        #expect(result.lineRules == ["1 pair/reopened"])
        #expect(result.findings.first?.notes.first?.location?.line == 2)
    }

    @Test func optionalCloseSilentlyReplacesTheEarlierOpen() throws {
        let result = try Lint.run([
            Export.bq("store_shown", at: 0, params: E.store(source: "home")),
            Export.bq("store_shown", at: 30, params: E.store(source: "recurring", trigger: "weekly_reminder")),
            Export.bq("order_completed", at: 60, params: E.store(source: "recurring", trigger: "weekly_reminder")),
        ])
        #expect(result.findings.isEmpty, "\(result.lineRules)")
        // An unclosed store is not a finding either: most stores end without a purchase.
        let unclosed = try Lint.run([Export.bq("store_shown", at: 0, params: E.store()), E.step(at: 7200)])
        #expect(unclosed.findings.isEmpty, "\(unclosed.lineRules)")
    }

    @Test func insideOnlyEventAfterTheCloseIsOutside() throws {
        let result = try Lint.run([
            Self.pickerShown(0),
            Export.bq("picker_saved", at: 4, params: E.picker()),
            Self.pickerClosed(10),
            Export.bq("picker_saved", at: 12, params: E.picker()),
        ])
        #expect(result.lineRules == ["4 pair/inside-outside"])
    }

    static func wizardStep(_ step: String, _ seconds: Double, entry: String = "onboarding") -> String {
        Export.bq("wizard_step_shown", at: seconds, params: E.wizard(step, entry: entry))
    }

    static func wizardClosed(
        _ seconds: Double, step: String = "consent", outcome: String = "granted",
        entry: String = "onboarding"
    ) -> String {
        Export.bq("wizard_closed", at: seconds, params: E.wizard(step, entry: entry, outcome: outcome))
    }

    @Test func wizardFlowOpensOnIntroWithItsStepsInside() throws {
        let flow = try Lint.run([
            Self.wizardStep("intro", 0), Self.wizardStep("privacy", 4), Self.wizardStep("consent", 9),
            Self.wizardClosed(15),
        ])
        #expect(flow.findings.isEmpty, "\(flow.lineRules)")
        let statistics = try #require(flow.pairs.first { $0.name == "wizard" })
        #expect(statistics.opened == 1)
        #expect(statistics.closedByOutcome == ["granted": 1])
        let noIntro = try Lint.run([Self.wizardStep("privacy", 4), Self.wizardStep("consent", 9)])
        #expect(noIntro.lineRules == ["1 pair/inside-outside", "2 pair/inside-outside"])
    }

    @Test func anInvalidStepNeitherOpensNorCountsAsInside() throws {
        // "welcome" is not a step: its own finding reports it, the pair does not see it.
        let asOpen = try Lint.run([
            Self.wizardStep("welcome", 0), Self.wizardClosed(5, step: "intro", outcome: "dismissed"),
        ])
        #expect(asOpen.lineRules == ["1 stream/value-not-allowed", "2 pair/orphan-close"])
        let asInside = try Lint.run([Self.wizardStep("welcome", 4), E.step(at: 7200)])
        #expect(asInside.lineRules == ["1 stream/value-not-allowed"])
        let withoutStep = try Lint.run([
            Self.wizardStep("intro", 0),
            Export.bq("wizard_step_shown", at: 4, params: [("entry", .string("onboarding"))]),
            Self.wizardClosed(9, step: "intro", outcome: "dismissed"),
        ])
        #expect(withoutStep.lineRules == ["2 stream/missing-required-param"])
    }

    // MARK: - Params on open and close

    @Test func paramsAbsentOnBothSidesAreEqual() throws {
        // App 2.8: the picker events predate `entry` and the buckets.
        let old = try Lint.run([
            Export.bq("picker_shown", at: 0, version: "2.8.0"),
            Export.bq("picker_closed", at: 10, version: "2.8.0"),
        ])
        #expect(old.findings.isEmpty, "\(old.lineRules)")
        let oneSide = try Lint.run([
            Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))], version: "2.8.0"),
            Export.bq("picker_closed", at: 10, version: "2.8.0"),
        ])
        #expect(oneSide.lineRules == ["2 pair/param-mismatch"])
    }

    @Test func requiredSinceVersionHoldsOnlyFromThatVersionAndWhenNoVersionIsKnown() throws {
        let old = try Lint.run([
            Export.flat("picker_shown", at: 0, version: "2.9.9"),
            Export.flat("picker_closed", at: 3, version: "2.9.9"),
        ])
        #expect(old.findings.isEmpty, "\(old.lineRules)")
        let new = try Lint.run([Export.flat("picker_shown", at: 0, version: "3.0.0")])
        #expect(new.findings("stream/missing-required-param").count == 1)
        let unknown = try Lint.run([Export.flat("picker_shown", at: 0, version: nil)])
        #expect(unknown.findings("stream/missing-required-param").count == 1)
    }

    /// A plan with a pair that compares an int param, to compare numbers across formats.
    static func timerPlan() throws -> CompiledPlan {
        try Lint.plan(adding: [
            (
                "schema/timer.json5",
                """
                {
                  params: { goal_minutes: { type: 'int', min: 0, register: 'none', description: 'Focus goal.' } },
                  events: {
                    timer_started: { description: 'A focus timer started.', params: { goal_minutes: 'required' } },
                    timer_stopped: { description: 'A focus timer stopped.', params: { goal_minutes: 'required' } },
                  },
                  pairs: {
                    timer: { description: 'A timer stops with its goal.', open: 'timer_started',
                             close: { events: ['timer_stopped'], required: true }, same: ['goal_minutes'] },
                  },
                }
                """
            )
        ])
    }

    @Test func numbersCompareByValueAcrossFormats() throws {
        let plan = try Self.timerPlan()
        // `"25"` (bq int_value, a JSON string) opens; `25` (a flat JSON number) closes.
        let same = try Lint.run(
            [
                Export.bq("timer_started", at: 0, params: [("goal_minutes", .int(25))]),
                Export.flat("timer_stopped", at: 60, params: [("goal_minutes", .int(25))]),
            ], plan: plan)
        #expect(same.findings.isEmpty, "\(same.lineRules)")
        #expect(same.counters.formats[.bigQuery] == 1 && same.counters.formats[.flat] == 1)
        let different = try Lint.run(
            [
                Export.bq("timer_started", at: 0, params: [("goal_minutes", .int(25))]),
                Export.flat("timer_stopped", at: 60, params: [("goal_minutes", .int(50))]),
            ], plan: plan)
        #expect(different.lineRules == ["2 pair/param-mismatch"])
    }

    // MARK: - Durations

    @Test(arguments: [
        // (seconds between open and close, duration_ms, passes)
        (10.0, 11_000 as Int64, true), (10.0, 11_001, false), (10.0, 8_999, false), (10.0, 9_000, true),
        (60.0, 66_000, true), (60.0, 66_001, false), (60.0, 54_000, true), (60.0, 53_999, false),
        (2.0, 3_000, true), (2.0, 3_001, false), (0.0, 1_000, true), (0.0, 1_001, false),
        (0.4, 0, true),
    ])
    func durationToleranceIsTheLargerOfOneSecondAndTenPercent(delta: Double, duration: Int64, passes: Bool) throws {
        let result = try Lint.run(Self.offer(100, closed: 100 + delta, duration: duration))
        #expect(
            result.lineRules == (passes ? [] : ["2 pair/duration-mismatch"]), "Δ \(delta) s, duration_ms \(duration)")
    }

    @Test func negativeDurationIsOutOfRangeAndAPairFinding() throws {
        let lines = Self.offer(0, closed: 10, duration: -10_000)
        let shipped = try Lint.run(lines)
        #expect(shipped.lineRules == ["2 pair/negative-duration", "2 stream/value-out-of-range"])
        let plan = try Lint.plan(replacing: [("type: 'int', min: 0,", "type: 'int',")])
        let withoutMinimum = try Lint.run(lines, plan: plan)
        #expect(withoutMinimum.lineRules == ["2 pair/negative-duration"])
    }

    // MARK: - The end of the stream

    static func unclosedSheet(lastEventAfter seconds: Double) -> [String] {
        [Export.bq("limit_sheet_shown", at: 0, params: E.sheet()), E.step("demo", at: seconds)]
    }

    @Test func unclosedNearEndIncludesTheThirtyMinuteEdge() throws {
        let atEdge = try Lint.run(Self.unclosedSheet(lastEventAfter: 1800))
        #expect(atEdge.lineRules == ["1 pair/unclosed-near-end"])
        #expect(atEdge.findings.first?.severity == .warning)
        let pastEdge = try Lint.run(Self.unclosedSheet(lastEventAfter: 1800.000001))
        #expect(pastEdge.lineRules == ["1 pair/unclosed"])
        #expect(pastEdge.findings.first?.severity == .error)
        let statistics = try #require(atEdge.pairs.first { $0.name == "limit_sheet" })
        #expect(statistics.unclosedNearEnd == 1 && statistics.unclosed == 0)
    }

    @Test func theLastEventOfAnyKindCounts() throws {
        // An automatic event two hours later still ends the user's stream.
        let result = try Lint.run([
            Export.bq("limit_sheet_shown", at: 0, params: E.sheet()),
            Export.bq("user_engagement", at: 7200, params: [("engagement_time_msec", .int(900))]),
        ])
        #expect(result.lineRules == ["1 pair/unclosed"])
    }

    @Test func theWindowCanBeChangedByTheRequestOrThePlan() throws {
        let lines = Self.unclosedSheet(lastEventAfter: 1800)
        let shorter = try Lint.run(lines) { $0.unclosedWindowMinutes = 10 }
        #expect(shorter.lineRules == ["1 pair/unclosed"])
        let longer = try Lint.run(Self.unclosedSheet(lastEventAfter: 3600)) { $0.unclosedWindowMinutes = 60 }
        #expect(longer.lineRules == ["1 pair/unclosed-near-end"])
        let plan = try Lint.plan(replacing: [("unclosedWindowMinutes: 30", "unclosedWindowMinutes: 60")])
        let fromPlan = try Lint.run(Self.unclosedSheet(lastEventAfter: 3600), plan: plan)
        #expect(fromPlan.lineRules == ["1 pair/unclosed-near-end"])
        let overridden = try Lint.run(Self.unclosedSheet(lastEventAfter: 3600), plan: plan) {
            $0.unclosedWindowMinutes = 30
        }
        #expect(overridden.lineRules == ["1 pair/unclosed"])
    }

    // MARK: - Rules

    @Test func rulesReadUserPropertiesFromTheEventsOwnRow() throws {
        // No arm at all (an existing user): rules 1, 2 and 7 report the event.
        let noArm = try Lint.run([
            Export.bq("limit_sheet_shown", at: 0, params: E.sheet(), userProperties: []),
            Export.bq("limit_sheet_closed", at: 5, params: E.sheet(outcome: "swiped"), userProperties: []),
            E.step("offerStep", at: 10, user: []),
        ])
        #expect(
            noArm.lineRules == [
                "1 rule/user-property-requirement", "2 rule/user-property-requirement",
                "3 rule/user-property-requirement",
            ])
        // The arm on a later row does not help an earlier row without it.
        let mixed = try Lint.run([
            E.step("offerStep", at: 0, user: []),
            E.step("completed", at: 10),
        ])
        #expect(mixed.lineRules == ["1 rule/user-property-requirement"])
    }

    @Test func overLimitNeedsFiveOrMoreSelected() throws {
        let four = try Lint.run([
            Export.bq("limit_sheet_shown", at: 0, params: E.sheet(selected: "4")),
            Export.bq("limit_sheet_closed", at: 5, params: E.sheet(selected: "4", outcome: "reselect")),
        ])
        #expect(four.lineRules == ["1 rule/param-requirement", "2 rule/param-requirement"])
        let category = try Lint.run([
            Export.bq("limit_sheet_shown", at: 0, params: E.sheet(reason: "category", selected: "1")),
            Export.bq(
                "limit_sheet_closed", at: 5, params: E.sheet(reason: "category", selected: "1", outcome: "swiped")),
        ])
        #expect(category.findings.isEmpty, "\(category.lineRules)")
        let twenty = try Lint.run([
            Export.bq("limit_sheet_shown", at: 0, params: E.sheet(selected: "20+")),
            Export.bq("limit_sheet_closed", at: 5, params: E.sheet(selected: "20+", outcome: "upgrade")),
        ])
        #expect(twenty.findings.isEmpty, "\(twenty.lineRules)")
    }
}
