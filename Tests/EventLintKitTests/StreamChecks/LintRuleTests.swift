import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// One rule's case: a small export that makes the rule fire at a line (and column), and the same
/// data without the defect, which gives no finding at all.
struct RuleCase: Sendable, CustomTestStringConvertible {
    enum PlanVariant: Sendable {
        case engine
        /// `duration_ms` without `min: 0`, so a negative value reaches the pair.
        case durationWithoutMinimum
        /// A free-text user property, so GA4's 36-character limit is what fails.
        case freeTextUserProperty
    }

    var rule: String
    var bad: [String]
    var clean: [String]
    var line: Int
    /// The finding's column is where this text starts (last occurrence) on the expected line.
    var columnAt: String?
    var plan: PlanVariant = .engine

    var testDescription: String { rule }

    func compiledPlan() throws -> CompiledPlan {
        switch plan {
        case .engine:
            return Lint.enginePlan
        case .durationWithoutMinimum:
            return try Lint.plan(replacing: [("type: 'int', min: 0,", "type: 'int',")])
        case .freeTextUserProperty:
            return try Lint.plan(adding: [
                (
                    "schema/extra.json5",
                    """
                    { userProperties: { favorite_building: { type: 'string', register: 'none',
                      description: 'The building the user pinned, free text.' } } }
                    """
                )
            ])
        }
    }
}

@Suite struct LintRuleTests {
    typealias E = Events

    static let longTrigger = "building_locked:" + String(repeating: "tokyo_tower_", count: 8)

    static let cases: [RuleCase] = [
        // MARK: stream/*
        RuleCase(
            rule: "stream/not-an-event",
            bad: [E.step(), "{\"event_date\":\"20250314\",\"user_pseudo_id\":\"A1\"}"], clean: [E.step()],
            line: 2, columnAt: "{\"event_date\""),
        RuleCase(
            rule: "stream/unknown-event",
            bad: [E.step(), Export.bq("focus_session_started", at: 1)], clean: [E.step(), E.step("demo", at: 1)],
            line: 2, columnAt: "\"focus_session_started\""),
        RuleCase(
            rule: "stream/unknown-param",
            bad: [
                Export.bq(
                    "tour_step_complete", at: 0,
                    params: [("phase", .string("intro")), ("screen_name", .string("home"))])
            ],
            clean: [E.step()], line: 1, columnAt: "\"screen_name\""),
        RuleCase(
            rule: "stream/unexpected-param",
            bad: [
                Export.bq(
                    "tour_step_complete", at: 0,
                    params: [("phase", .string("intro")), ("reason", .string("category"))])
            ],
            clean: [E.step()], line: 1, columnAt: "\"reason\""),
        RuleCase(
            rule: "stream/duplicate-param",
            bad: [
                Export.bq(
                    "tour_step_complete", at: 0,
                    params: [("phase", .string("intro")), ("phase", .string("demo"))])
            ],
            clean: [E.step()], line: 1, columnAt: "\"phase\""),
        RuleCase(
            rule: "stream/missing-required-param",
            bad: [Export.bq("store_shown", at: 0, params: E.store().filter { $0.0 != "variant" })],
            clean: [Export.bq("store_shown", at: 0, params: E.store())], line: 1, columnAt: "\"store_shown\""),
        RuleCase(
            rule: "stream/wrong-type",
            bad: [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 5, params: E.offerClosed(duration: .string("5000"))),
            ],
            clean: [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 5, params: E.offerClosed(duration: .int(5000))),
            ],
            line: 2, columnAt: "\"5000\""),
        RuleCase(
            rule: "stream/value-not-allowed",
            bad: [
                Export.bq("wizard_step_shown", at: 0, params: E.wizard("intro")),
                Export.bq("wizard_closed", at: 4, params: E.wizard("intro", outcome: "cancelled")),
            ],
            clean: [
                Export.bq("wizard_step_shown", at: 0, params: E.wizard("intro")),
                Export.bq("wizard_closed", at: 4, params: E.wizard("intro", outcome: "dismissed")),
            ],
            line: 2, columnAt: "\"cancelled\""),
        RuleCase(
            rule: "stream/bucket-label-unknown",
            bad: [
                Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))]),
                Export.bq("picker_closed", at: 9, params: E.picker(apps: .string("5-10"))),
            ],
            clean: [
                Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))]),
                Export.bq("picker_closed", at: 9, params: E.picker(apps: .string("5-9"))),
            ],
            line: 2, columnAt: "\"5-10\""),
        RuleCase(
            rule: "stream/value-out-of-range",
            bad: [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 5, params: E.offerClosed(duration: .int(-5000))),
            ],
            clean: [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 5, params: E.offerClosed(duration: .int(5000))),
            ],
            line: 2, columnAt: "\"-5000\""),
        RuleCase(
            rule: "stream/value-length",
            bad: [Export.bq("store_shown", at: 0, params: E.store(variant: String(repeating: "v", count: 41)))],
            clean: [Export.bq("store_shown", at: 0, params: E.store(variant: String(repeating: "v", count: 40)))],
            line: 1, columnAt: "\"vvvv"),
        RuleCase(
            rule: "stream/value-too-long",
            bad: [Export.bq("store_shown", at: 0, params: E.store(trigger: longTrigger))],
            clean: [Export.bq("store_shown", at: 0, params: E.store())],
            line: 1, columnAt: "\"building_locked:"),
        RuleCase(
            rule: "stream/too-many-params",
            bad: [
                Export.bq("store_shown", at: 0, params: E.store() + (0..<21).map { ("experiment_\($0)", .int(1)) })
            ],
            clean: [Export.bq("store_shown", at: 0, params: E.store())],
            line: 1, columnAt: "\"store_shown\""),
        RuleCase(
            rule: "stream/unknown-user-property",
            bad: [E.step(user: Export.offerCapped + [("favorite_building", .string("tokyo_tower"))])],
            clean: [E.step()], line: 1, columnAt: "\"favorite_building\""),
        RuleCase(
            rule: "stream/user-property-value-not-allowed",
            bad: [E.step(user: [("offer_arm", .string("treatment"))])],
            clean: [E.step(user: [("offer_arm", .string("control"))])],
            line: 1, columnAt: "\"treatment\""),
        RuleCase(
            rule: "stream/user-property-value-too-long",
            bad: [
                E.step(user: Export.offerCapped + [("favorite_building", .string(String(repeating: "b", count: 37)))])
            ],
            clean: [
                E.step(user: Export.offerCapped + [("favorite_building", .string(String(repeating: "b", count: 36)))])
            ],
            line: 1, columnAt: "\"bbb", plan: .freeTextUserProperty),
        RuleCase(
            rule: "stream/user-property-wrong-type",
            bad: [E.step(user: [("offer_arm", .int(1))])],
            clean: [E.step(user: [("offer_arm", .string("control"))])],
            line: 1, columnAt: "\"1\",\"set_timestamp_micros\""),
        RuleCase(
            rule: "stream/firebase-error",
            bad: [
                E.step(),
                Export.bq(
                    "error", at: 1, params: [("firebase_error", .int(4)), ("firebase_error_value", .string("trigger"))]),
            ],
            clean: [E.step(), Export.bq("user_engagement", at: 1, params: [("engagement_time_msec", .int(1200))])],
            line: 2, columnAt: "\"firebase_error\""),
        RuleCase(
            rule: "stream/missing-user-id",
            bad: [Export.bq("tour_step_complete", at: 0, user: nil, params: [("phase", .string("intro"))])],
            clean: [E.step()], line: 1, columnAt: "\"tour_step_complete\""),
        RuleCase(
            rule: "stream/invalid-timestamp",
            bad: [
                Export.bq(
                    "tour_step_complete", at: 0, params: [("phase", .string("intro"))],
                    timestamp: "\"17419500OOOOOOOO\"")
            ],
            clean: [E.step()], line: 1, columnAt: "\"17419500OOOOOOOO\""),
        // A timestamp that cannot be a real GA4 time (here milliseconds instead of microseconds).
        RuleCase(
            rule: "stream/invalid-timestamp",
            bad: [
                Export.bq(
                    "tour_step_complete", at: 0, params: [("phase", .string("intro"))],
                    timestamp: "\"1741950000000\"")
            ],
            clean: [E.step()], line: 1, columnAt: "\"1741950000000\""),

        // MARK: pair/*
        RuleCase(
            rule: "pair/orphan-close",
            bad: [E.step(), Export.bq("picker_closed", at: 10, params: E.picker())],
            clean: [
                E.step(), Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))]),
                Export.bq("picker_closed", at: 10, params: E.picker()),
            ],
            line: 2, columnAt: "\"picker_closed\""),
        RuleCase(
            rule: "pair/reopened",
            bad: [
                Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))]),
                Export.bq("picker_shown", at: 5, params: [("entry", .string("onboarding"))]),
                Export.bq("picker_closed", at: 10, params: E.picker()),
            ],
            clean: [
                Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))]),
                Export.bq("picker_closed", at: 10, params: E.picker()),
            ],
            line: 1, columnAt: "\"picker_shown\""),
        RuleCase(
            rule: "pair/unclosed",
            bad: [Export.bq("limit_sheet_shown", at: 0, params: E.sheet()), E.step(at: 3600)],
            clean: [
                Export.bq("limit_sheet_shown", at: 0, params: E.sheet()),
                Export.bq("limit_sheet_closed", at: 8, params: E.sheet(outcome: "reselect")), E.step(at: 3600),
            ],
            line: 1, columnAt: "\"limit_sheet_shown\""),
        RuleCase(
            rule: "pair/unclosed-near-end",
            bad: [Export.bq("limit_sheet_shown", at: 0, params: E.sheet()), E.step(at: 60)],
            clean: [
                Export.bq("limit_sheet_shown", at: 0, params: E.sheet()),
                Export.bq("limit_sheet_closed", at: 8, params: E.sheet(outcome: "reselect")), E.step(at: 60),
            ],
            line: 1, columnAt: "\"limit_sheet_shown\""),
        RuleCase(
            rule: "pair/inside-outside",
            bad: [E.step(), Export.bq("picker_saved", at: 4, params: E.picker())],
            clean: [
                E.step(), Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))]),
                Export.bq("picker_saved", at: 4, params: E.picker()),
                Export.bq("picker_closed", at: 10, params: E.picker()),
            ],
            line: 2, columnAt: "\"picker_saved\""),
        RuleCase(
            rule: "pair/param-mismatch",
            bad: [
                Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))]),
                Export.bq("picker_closed", at: 10, params: E.picker(entry: "home_button")),
            ],
            clean: [
                Export.bq("picker_shown", at: 0, params: [("entry", .string("onboarding"))]),
                Export.bq("picker_closed", at: 10, params: E.picker()),
            ],
            line: 2, columnAt: "\"picker_closed\""),
        RuleCase(
            rule: "pair/duration-mismatch",
            bad: [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 10, params: E.offerClosed(duration: .int(20000))),
            ],
            clean: [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 10, params: E.offerClosed(duration: .int(10100))),
            ],
            line: 2, columnAt: "\"offer_closed\""),
        RuleCase(
            rule: "pair/negative-duration",
            bad: [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 10, params: E.offerClosed(duration: .int(-10000))),
            ],
            clean: [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 10, params: E.offerClosed(duration: .int(10000))),
            ],
            line: 2, columnAt: "\"offer_closed\"", plan: .durationWithoutMinimum),

        // MARK: rule/*
        RuleCase(
            rule: "rule/param-requirement",
            bad: [
                Export.bq("wizard_step_shown", at: 0, params: E.wizard("intro", entry: "home_button")),
                Export.bq(
                    "wizard_closed", at: 4, params: E.wizard("intro", entry: "home_button", outcome: "later")),
            ],
            clean: [
                Export.bq("wizard_step_shown", at: 0, params: E.wizard("intro")),
                Export.bq("wizard_closed", at: 4, params: E.wizard("intro", outcome: "later")),
            ],
            line: 2, columnAt: "\"wizard_closed\""),
        RuleCase(
            rule: "rule/user-property-requirement",
            bad: [E.step("offerStep", user: [("offer_arm", .string("control"))])],
            clean: [E.step("demo", user: [("offer_arm", .string("control"))])],
            line: 1, columnAt: "\"tour_step_complete\""),
        RuleCase(
            rule: "rule/param-equals-user-property",
            bad: [
                Export.bq("offer_shown", at: 0, params: [("limit_arm", .string("unlimited"))]),
                E.step("demo", at: 3600),
            ],
            clean: [
                Export.bq("offer_shown", at: 0, params: E.offerArm),
                Export.bq("offer_closed", at: 10, params: E.offerClosed(duration: .int(10000))),
                E.step("demo", at: 3600),
            ],
            line: 1, columnAt: "\"offer_shown\""),
        RuleCase(
            rule: "rule/only-after",
            bad: [
                Export.bq("store_shown", at: 20, params: E.store(source: "limit", trigger: "limit_sheet"))
            ],
            clean: [
                Export.bq("limit_sheet_shown", at: 0, params: E.sheet()),
                Export.bq("limit_sheet_closed", at: 8, params: E.sheet(outcome: "upgrade")),
                Export.bq("store_shown", at: 20, params: E.store(source: "limit", trigger: "limit_sheet")),
            ],
            line: 1, columnAt: "\"store_shown\""),
        RuleCase(
            rule: "rule/not-after",
            bad: [
                Export.bq("wizard_step_shown", at: 0, params: E.wizard("intro")),
                Export.bq("wizard_closed", at: 10, params: E.wizard("intro", outcome: "dismissed")),
                Export.bq(
                    "permission_requested", at: 40, params: [("prompt_origin", .string("start_button"))]),
            ],
            clean: [
                Export.bq("wizard_step_shown", at: 0, params: E.wizard("intro")),
                Export.bq("wizard_closed", at: 10, params: E.wizard("intro", outcome: "dismissed")),
                Export.bq(
                    "permission_requested", at: 71, params: [("prompt_origin", .string("start_button"))]),
            ],
            line: 3, columnAt: "\"permission_requested\""),
    ]

    @Test(arguments: cases)
    func ruleFiresAtItsLine(_ example: RuleCase) throws {
        let plan = try example.compiledPlan()
        let bad = try Lint.run(example.bad, plan: plan)
        let hits = bad.findings(example.rule)
        #expect(!hits.isEmpty, "\(example.rule) did not fire; got \(bad.lineRules)")
        #expect(
            hits.contains { $0.location.line == example.line },
            "\(example.rule) at lines \(hits.map(\.location.line)), expected \(example.line)")
        if let marker = example.columnAt, let hit = hits.first(where: { $0.location.line == example.line }) {
            let text = example.bad[example.line - 1]
            let start = try #require(
                text.range(of: marker, options: .backwards), "\(marker) is not on line \(example.line)")
            #expect(
                hit.location.column == text.utf8.distance(from: text.startIndex, to: start.lowerBound) + 1,
                "\(example.rule): column \(hit.location.column) for \(hit.message)")
        }
        let clean = try Lint.run(example.clean, plan: plan)
        #expect(clean.findings.isEmpty, "the clean data of \(example.rule) gives \(clean.lineRules)")
    }

    /// Every rule lint reports per event, per pair and per plan rule has a case above.
    @Test func everyStreamPairAndRuleIDHasACase() {
        let covered = Set(Self.cases.map(\.rule))
        let catalogue = (StreamRules.all + PairRules.all + CrossEventRules.all).map(\.id)
        let missing = catalogue.filter { !covered.contains($0) }
        #expect(missing.isEmpty, "no lint case for \(missing)")
        #expect(covered.isSubset(of: Set(catalogue)), "cases for ids that are not in the catalogue")
    }

    // MARK: - json/* and export/* on a line

    /// Line 2 of each export is broken in one way; line 1 and 3 stay valid and are checked.
    static let jsonCases: [(rule: String, line: [UInt8])] = [
        ("json/unexpected-end", Array("{\"event_name\":\"screen_view\",\"event_params\":[".utf8)),
        ("json/invalid-utf8", Array("{\"event_name\":\"screen".utf8) + [0xFF] + Array("_view\"}".utf8)),
        ("json/duplicate-key", Array("{\"event_name\":\"screen_view\",\"event_name\":\"x\"}".utf8)),
        ("json/trailing-content", Array("{\"event_name\":\"screen_view\"} {\"retry\":1}".utf8)),
        ("json/unexpected-character", Array("{\"event_name\" \"screen_view\"}".utf8)),
        ("json/invalid-literal", Array("{\"event_name\":\"screen_view\",\"is_active_user\":tru}".utf8)),
        ("json/invalid-number", Array("{\"event_name\":\"screen_view\",\"user_ltv\":{\"revenue\":01}}".utf8)),
        ("json/invalid-escape", Array("{\"event_name\":\"screen\\q_view\"}".utf8)),
        ("json/control-character-in-string", Array("{\"event_name\":\"screen\tview\"}".utf8)),
        ("json/lone-surrogate", Array("{\"event_name\":\"screen\\ud800_view\"}".utf8)),
        ("json/misplaced-bom", [0xEF, 0xBB, 0xBF] + Array("{\"event_name\":\"screen_view\"}".utf8)),
        ("json/depth-exceeded", Array("{\"event_name\":\"screen_view\",\"x\":[[[[[[1]]]]]]}".utf8)),
    ]

    @Test(arguments: 0..<jsonCases.count)
    func jsonErrorOnALine(_ index: Int) throws {
        let example = Self.jsonCases[index]
        let valid = Array(Events.step().utf8)
        let bytes = valid + [0x0A] + example.line + [0x0A] + Array(Events.step("demo", at: 5).utf8) + [0x0A]
        let result = try Lint.run(bytes: bytes) { $0.settings.maxDepth = 6 }
        #expect(result.lineRules == ["2 \(example.rule)"], "\(example.rule): got \(result.lineRules)")
        if let finding = result.findings.first {
            // The column points into the line (exact positions are the JSON reader's tests' job).
            #expect(finding.location.column >= 1 && finding.location.column <= example.line.count + 1)
        }
        #expect(result.counters.invalidLines == 1)
        #expect(result.counters.validLines == 2)
    }

    @Test func leadingBOMIsAWarningAndTheLineIsRead() throws {
        let result = try Lint.run(bytes: [0xEF, 0xBB, 0xBF] + Array((Events.step() + "\n").utf8))
        #expect(result.lineRules == ["1 export/leading-bom"])
        #expect(result.findings.first?.severity == .warning)
        #expect(result.counters.validLines == 1)
    }

    @Test func missingFinalNewlineIsInfoAndTheLineIsRead() throws {
        let line = Events.step()
        let result = try Lint.run(bytes: Array(line.utf8))
        #expect(result.lineRules == ["1 export/missing-final-newline"])
        #expect(result.findings.first?.location.column == line.utf8.count + 1)
        #expect(result.counters.validLines == 1)
    }

    @Test func blankLinesAreCountedAndReportedOnlyWhenStrict() throws {
        let lines = [Events.step(), "", "  \t", Events.step("demo", at: 3)]
        let relaxed = try Lint.run(lines)
        #expect(relaxed.findings.isEmpty)
        #expect(relaxed.counters.blankLines == 2)
        let strict = try Lint.run(lines) { $0.settings.strict = true }
        #expect(strict.lineRules == ["2 export/blank-line", "3 export/blank-line"])
        #expect(strict.findings.allSatisfy { $0.severity == .error })
    }

    @Test func overlongLineIsSkippedAndTheRunGoesOn() throws {
        let long = Export.bq(
            "store_shown", at: 1, params: Events.store(trigger: String(repeating: "x", count: 400)))
        let result = try Lint.run([Events.step(), long, Events.step("demo", at: 3)]) {
            $0.settings.framing.maxLineBytes = 1024
        }
        #expect(long.utf8.count > 1024)
        #expect(Events.step().utf8.count <= 1024)
        #expect(result.lineRules == ["2 export/line-too-long"])
        #expect(result.counters.validLines == 2)
        #expect(result.counters.invalidLines == 1)
    }
}
